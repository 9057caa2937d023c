// Scenario "parser": how many command lines per second `Parser.parse` handles, in-process.

import TwoDoCommands

/// `parser`: times the command parser in-process, without a server, over a mixed en/tr corpus.
enum ParserScenario {
    /// Runs the scenario and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        var table = Table(title: "parser: Parser.parse in-process", columns: ["lines", "lines/s", "checksum"])
        let lines = 1_000_000
        let result = ParserBenchmark.run(lines: lines)
        table.rows.append([Format.count(lines), Format.count(Int(result.linesPerSecond)), "\(result.checksum)"])
        table.notes.append("one core; the checksum only keeps the optimizer from dropping the work")
        return [table]
    }
}
