// The generated help: USAGE, sections, OPTIONS with environment variables and defaults, hidden options left out.

import Testing
import TwoDoArguments

@Suite("Help generated from an option table")
struct CommandHelpTests {
    @Test("help has USAGE, OPTIONS, each visible option with its variable and default, and the built-ins")
    func layout() {
        let text = sample.helpText
        #expect(text.hasPrefix("USAGE:\n  prog run [--port <port>] [<destination>]\n\nOPTIONS:\n"))
        for line in [
            "  -p, --port <port>         TCP port (P_PORT, default 7878)",
            "  --db <path>               Database file (P_DB)",
            "  --admin <name>            An admin (P_ADMINS, comma-separated)",
            "  -q, --quiet               Do not log",
            "  --login-timeout <seconds> Close idle logins, whatever",
            "                            they send",
            "  -h, --help                Show this help",
            "  --version                 Show the version",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)\n\(text)")
        }
        #expect(!text.contains("limit-lists"))
        #expect(!text.contains("password"))
        #expect(text.hasSuffix("\n"))
    }

    @Test("sections come between USAGE and OPTIONS; notes close OPTIONS; a fixed width is honoured")
    func sectionsAndNotes() {
        let command = Command(
            name: "bench", usage: ["bench <scenario>"], options: [Option("markdown", help: "Markdown tables")],
            maxPositionals: 1, sections: [("SCENARIOS", ["fast   quick", "slow   thorough"])],
            notes: ["Secrets come only from the environment."])
        #expect(
            command.helpText == """
                USAGE:
                  bench <scenario>

                SCENARIOS:
                  fast   quick
                  slow   thorough

                OPTIONS:
                  --markdown Markdown tables
                  -h, --help Show this help
                  Secrets come only from the environment.

                """)
        #expect(command.optionLines(includingBuiltins: false, width: 14) == ["  --markdown    Markdown tables"])
    }

    @Test("a help text ending in a line break puts the variable and default on their own line")
    func notesOnContinuation() {
        let command = Command(
            name: "c", usage: ["c"],
            options: [Option("drain", value: "<s>", environment: "C_DRAIN", default: "30", help: "Drop slow readers\n")]
        )
        #expect(
            command.optionLines(includingBuiltins: false) == [
                "  --drain <s> Drop slow readers", "              (C_DRAIN, default 30)",
            ])
    }
}
