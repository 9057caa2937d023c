// Scenario "parser": how many command lines per second `Parser.parse` handles (hook for the real parser).

import TwoDoCommands

/// `parser [--seconds n]`: times the command parser in-process, without a server.
enum ParserScenario {
    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        var table = Table(title: "parser: Parser.parse in-process", columns: ["lines/s", "checksum"])
        // TODO(parser): the real parser will expose
        //   public enum ParserBenchmark { public static func run(lines: Int) -> (linesPerSecond: Double, checksum: Int) }
        // Once it lands, replace the placeholder row below with:
        //   let result = ParserBenchmark.run(lines: 1_000_000)
        //   table.rows.append([Format.count(Int(result.linesPerSecond)), "\(result.checksum)"])
        // and add `ParserScenario.run` to the `all` list in main.swift.
        table.rows.append(["–", "–"])
        table.notes.append("not wired yet: waiting for TwoDoCommands.ParserBenchmark from the new parser")
        return [table]
    }
}
