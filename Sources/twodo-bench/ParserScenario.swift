// Scenario "parser": how many command lines per second `Parser.parse` handles .

import TwoDoCommands

/// `parser [--seconds n]`: times the command parser in-process, without a server.
enum ParserScenario {
    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        var table = Table(title: "parser: Parser.parse in-process", columns: ["lines/s", "checksum"])
        let result = ParserBenchmark.run(lines: 3_000_000)
        table.rows.append([Format.count(Int(result.linesPerSecond)), "\(result.checksum)"])
        table.notes.append("38-line typical mix (8 with dates), Europe/Istanbul, one thread, wall clock")
        return [table]
    }
}
