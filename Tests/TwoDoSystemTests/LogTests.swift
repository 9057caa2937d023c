// The logger: one line per record, values bare when plain and quoted and escaped otherwise.

import Testing

@testable import TwoDoSystem

@Suite("Log")
struct LogTests {
    @Test(
        "values are bare when plain, else quoted with quotes, backslashes and control characters escaped",
        arguments: [
            ("connect", "connect"),
            ("127.0.0.1:4242", "127.0.0.1:4242"),
            ("#twodo", "#twodo"),
            ("çalışma", "çalışma"),
            ("", "\"\""),
            ("output limit", "\"output limit\""),
            ("say \"hi\"", "\"say \\\"hi\\\"\""),
            ("C:\\path", "\"C:\\\\path\""),
            ("two\nlines", "\"two\\nlines\""),
            ("cr\rlf", "\"cr\\rlf\""),
            ("tab\there", "\"tab\\there\""),
            ("esc\u{1B}[31m", "\"esc\\u{1b}[31m\""),
            ("nul\u{0}", "\"nul\\u{0}\""),
            ("del\u{7F}", "\"del\\u{7f}\""),
            ("next\u{85}line", "\"next\\u{85}line\""),
            ("sep\u{2028}", "\"sep\\u{2028}\""),
            ("rtl\u{202E}txt", "\"rtl\\u{202e}txt\""),
        ])
    func quoting(value: String, expected: String) {
        #expect(Log.quote(value) == expected)
    }

    @Test("a record is level, msg, then the fields sorted by key, ending in one newline")
    func recordFormat() {
        let line = Log.line(
            level: "info", message: "disconnect",
            fields: ["reason": "output limit", "conn": "7", "open": "3"])
        #expect(line == "level=info msg=disconnect conn=7 open=3 reason=\"output limit\"\n")
    }

    @Test("a hostile value cannot start a second record")
    func oneLinePerRecord() {
        let line = Log.line(
            level: "error", message: "bridge.irc_connect_failed",
            fields: ["error": "refused\nlevel=info msg=forged\r\n"])
        #expect(line.filter { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.count == 1)
        #expect(line.hasSuffix("\n"))
        #expect(line == "level=error msg=bridge.irc_connect_failed error=\"refused\\nlevel=info msg=forged\\r\\n\"\n")
    }

    @Test("the message is escaped like any value")
    func messageEscaped() {
        #expect(Log.line(level: "info", message: "a b", fields: [:]) == "level=info msg=\"a b\"\n")
    }
}
