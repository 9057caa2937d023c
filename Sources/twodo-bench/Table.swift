// Result tables, printed aligned for a terminal or as Markdown for docs/PERFORMANCE.md.

import Foundation

/// One scenario's figures: a title, column headings, rows and notes.
struct Table {
    /// What was measured, e.g. "throughput: 50 pairs, 10 s".
    var title: String
    var columns: [String]
    var rows: [[String]] = []
    /// Lines printed under the table (targets, caveats).
    var notes: [String] = []

    /// The table as aligned text, or as a Markdown table when `markdown` is true.
    func rendered(markdown: Bool) -> String {
        var out = markdown ? "#### \(title)\n\n" : "== \(title)\n"
        if markdown {
            out += "| " + columns.joined(separator: " | ") + " |\n"
            out += "|" + columns.map { _ in "---" }.joined(separator: "|") + "|\n"
            for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        } else {
            var widths = columns.map(\.count)
            for row in rows {
                for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
            }
            func line(_ cells: [String]) -> String {
                cells.enumerated().map { i, cell in
                    let pad = String(repeating: " ", count: max(0, widths[min(i, widths.count - 1)] - cell.count))
                    return i == 0 ? cell + pad : pad + cell
                }.joined(separator: "  ")
            }
            out += line(columns) + "\n"
            out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            for row in rows { out += line(row) + "\n" }
        }
        if !notes.isEmpty {
            out += markdown ? "\n" : ""
            for note in notes { out += (markdown ? "- " : "  ") + note + "\n" }
        }
        return out
    }
}

/// Number formatting shared by the scenarios.
enum Format {
    /// Nanoseconds as milliseconds with three decimals ("–" when absent).
    static func ms(_ nanos: UInt64?) -> String {
        guard let nanos else { return "–" }
        return String(format: "%.3f", Double(nanos) / 1e6)
    }

    /// A count with thousands separators: 12,345.
    static func count<T: BinaryInteger>(_ n: T) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A rate or size with a fixed number of decimals.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// "met" or "NOT met" for a target check.
    static func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
}
