// docs/PROTOCOL.md against the vocabulary: every documented reply code and event name is a case.

import Foundation
import Testing
import TwoDoProtocol

@Suite("docs/PROTOCOL.md")
struct ProtocolDocTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md").path

    @Test("every code in the doc's code columns is a ReplyCode")
    func tableCodes() throws {
        let doc = try ProtocolDoc(path: Self.path)
        // The tables list well over a hundred codes; finding few means the parsing broke, not the vocabulary.
        #expect(doc.tableCodes.count > 120)
        let unknown = doc.tableCodes.filter { ReplyCode(rawValue: $0) == nil }.sorted()
        #expect(unknown.isEmpty, "documented but not a ReplyCode: \(unknown)")
    }

    @Test("every error, line and auth code named in the doc's prose is a ReplyCode")
    func proseCodes() throws {
        let doc = try ProtocolDoc(path: Self.path)
        #expect(doc.proseCodes.count > 60)
        let unknown = doc.proseCodes.filter { ReplyCode(rawValue: $0) == nil }.sorted()
        #expect(unknown.isEmpty, "documented but not a ReplyCode: \(unknown)")
    }

    @Test("the doc's event tables name exactly the EventName cases")
    func eventNames() throws {
        let doc = try ProtocolDoc(path: Self.path)
        #expect(doc.eventNames == Set(EventName.allCases.map(\.rawValue)))
    }

    @Test(
        "the doc parser reads cells, escaped bars and remarks as intended",
        arguments: [
            ("| `a` | `b\\|c` | `task.added`, `error.not_found` (`data.ref`) |", 2, ["task.added", "error.not_found"]),
            ("| x | y | the listing's own code; `error.no_listing` (`data.page` = `page`) |", 2, ["error.no_listing"]),
            ("| `more` (`next`) | z | `help` |", 0, ["more"]),
        ])
    func parsing(row: String, column: Int, expected: [String]) {
        let cells = ProtocolDoc.cells(row)
        #expect(cells.count == 3)
        #expect(ProtocolDoc.codeTokens(in: ProtocolDoc.removingParentheses(cells[column])) == expected)
    }
}
