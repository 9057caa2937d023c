// Renders a command's help (USAGE, its sections, OPTIONS, notes) from its option table.

extension Command {
    /// The whole help text printed for `--help`.
    public var helpText: String {
        var lines = ["USAGE:"] + usage.map { "  " + $0 } + [""]
        for section in sections {
            lines += [section.title + ":"] + section.lines.map { "  " + $0 } + [""]
        }
        lines += ["OPTIONS:"] + optionLines(includingBuiltins: true) + notes.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per visible option (continuations indented), the left column `width` wide (at least one space
    /// wider than the longest synopsis when nil). With `includingBuiltins`, `-h, --help` and `--version` close it.
    public func optionLines(includingBuiltins: Bool, width: Int? = nil) -> [String] {
        var rows = options.filter { !$0.hidden }.map { ($0.synopsis, $0.fullHelp) }
        if includingBuiltins {
            rows.append(("-h, --help", "Show this help"))
            if version != nil { rows.append(("--version", "Show the version")) }
        }
        let column = width ?? ((rows.map(\.0.count).max() ?? 0) + 1)
        var lines: [String] = []
        for (left, help) in rows {
            let parts = help.split(separator: "\n", omittingEmptySubsequences: false)
            let pad = String(repeating: " ", count: max(1, column - left.count))
            lines.append("  " + left + pad + (parts.first.map(String.init) ?? ""))
            for part in parts.dropFirst() {
                lines.append("  " + String(repeating: " ", count: column) + part)
            }
        }
        return lines
    }
}
