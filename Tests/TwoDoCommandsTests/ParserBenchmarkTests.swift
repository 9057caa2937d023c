// Tests that the benchmark runs, is deterministic, and that its whole mix parses without errors.

import Testing

@testable import TwoDoCommands

/// Tests of `ParserBenchmark`.
@Suite("ParserBenchmark")
struct ParserBenchmarkTests {
    @Test("A short run reports a rate and a repeatable checksum")
    func shortRun() {
        let first = ParserBenchmark.run(lines: 300)
        let second = ParserBenchmark.run(lines: 300)
        #expect(first.linesPerSecond > 0)
        #expect(first.checksum == second.checksum)
    }

    @Test("Every line of the mix is a valid command")
    func mixParses() {
        for line in ParserBenchmark.lines {
            if case .failure(let error) = Parser.parse(line, context: ParserBenchmark.context) {
                Issue.record("\(line) → \(error)")
            }
        }
    }
}
