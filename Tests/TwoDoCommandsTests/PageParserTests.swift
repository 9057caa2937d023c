// The page clause and `more` against lines that only look like them: titles and Turkish lines keep their reading.

import Testing
import TwoDoCommands

@Suite("Page clause and more")
struct PageParserTests {
    static let context = ParseContext(
        listNames: ["Inbox", "Market", "page 2"], memberNames: ["alice", "bob"], testClock: false, now: Corpus.now,
        timeZone: "UTC")

    static func parse(_ line: String) -> Result<Command, ParseError> { Parser.parse(line, context: context) }

    @Test(
        "Turkish lines that start with a more spelling but go on still add their task",
        arguments: ["sonraki hafta dişçi ekle", "devam eden işleri bitir ekle", "sonraki toplantı notlarını yaz ekle"])
    func turkishAddsStay(_ line: String) throws {
        guard case .success(.add(let title, _, _)) = Self.parse(line) else {
            Issue.record("\(line) → \(Self.parse(line))")
            return
        }
        #expect(!title.isEmpty)
    }

    @Test(
        "page N after a non-listing command is part of its text",
        arguments: [
            ("add chapter page 12", "chapter page 12"), ("ekle kitabın sayfa 40", "kitabın sayfa 40"),
            ("add read 5. sayfa", "read 5. sayfa"),
        ])
    func titlesKeepPage(_ line: String, _ title: String) throws {
        #expect(Self.parse(line) == .success(.add(title: title, list: nil, details: TaskDetails())))
    }

    @Test("a page clause is read only at the very end, after a whole listing command")
    func onlyAtTheEnd() {
        #expect(Self.parse("show market page 2 please") != .success(.paged(.show(list: "market"), page: 2)))
        #expect(Self.parse("page 2") != .success(.more))
        if case .success(.paged) = Self.parse("page 2") { Issue.record("a bare page clause is no listing") }
        #expect(Self.parse("show page") == .success(.show(list: "page")))
        #expect(Self.parse("inbox read page 2") == .failure(.badValue(verb: "inbox", value: "page 2")))
    }

    @Test("page numbers: leading zeros, overflow to Int.max, and everything else a bad value")
    func numbers() {
        #expect(Self.parse("agenda page 0042") == .success(.paged(.view(.agenda), page: 42)))
        #expect(
            Self.parse("agenda page 123456789012345678901234567890") == .success(.paged(.view(.agenda), page: Int.max)))
        for value in ["0", "00", "-1", "+1", "1e3", "٣", "3x", "iki"] {
            #expect(Self.parse("agenda page \(value)") == .failure(.badValue(verb: "page", value: value)), "\(value)")
        }
    }
}
