// Reads docs/PROTOCOL.md's reply codes and event names from its tables and prose, for the doc tests.

import Foundation

/// The reply codes and event names docs/PROTOCOL.md documents, read from its tables and its prose.
struct ProtocolDoc {
    /// Backticked codes in a table column headed `reply codes`, `codes` or `code`.
    var tableCodes: Set<String> = []
    /// Backticked names in a table column headed `event`.
    var eventNames: Set<String> = []
    /// Backticked `error.*`, `line.*` and `auth.*` codes anywhere in the text (wildcards like `error.limit_*` left out).
    var proseCodes: Set<String> = []

    /// Reads the doc at `path`.
    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("|"), i + 1 < lines.count, Self.isSeparator(lines[i + 1]) else {
                i += 1
                continue
            }
            let header = Self.cells(lines[i]).map { $0.lowercased() }
            i += 2
            while i < lines.count, lines[i].hasPrefix("|") {
                for (column, cell) in Self.cells(lines[i]).enumerated() where column < header.count {
                    // Parenthesized remarks hold `data.*` fields and example values, not codes.
                    let tokens = Self.codeTokens(in: Self.removingParentheses(cell))
                    switch header[column] {
                    case "reply codes", "codes", "code": tableCodes.formUnion(tokens)
                    case "event": eventNames.formUnion(tokens)
                    default: break
                    }
                }
                i += 1
            }
        }
        proseCodes = Set(
            Self.codeTokens(in: text).filter {
                $0.hasPrefix("error.") || $0.hasPrefix("line.") || $0.hasPrefix("auth.")
            })
    }

    /// Whether `line` is a table's `|---|---|` separator.
    static func isSeparator(_ line: String) -> Bool {
        line.hasPrefix("|") && line.contains("-") && line.allSatisfy { "|-: ".contains($0) }
    }

    /// The cells of a table row, split on `|` but not on `\|`.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in row.trimmingCharacters(in: .whitespaces).dropFirst() {
            if ch == "|" && previous != "\\" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(ch)
            }
            previous = ch
        }
        return cells
    }

    /// `text` without its innermost-first parenthesized parts.
    static func removingParentheses(_ text: String) -> String {
        var text = text
        while let close = text.firstIndex(of: ")"), let open = text[..<close].lastIndex(of: "(") {
            text.removeSubrange(open...close)
        }
        return text
    }

    /// Backticked words that look like codes: lowercase words and `_`, joined by dots.
    static func codeTokens(in text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }.filter { token in
            let words = token.split(separator: ".", omittingEmptySubsequences: false)
            return !token.hasPrefix("data.")
                && words.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) || $0 == "_" } }
        }
    }
}
