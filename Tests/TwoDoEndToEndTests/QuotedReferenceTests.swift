// End to end: a quoted title as a task reference, in both languages, seen by the partner.

import Foundation
import Testing

@Suite("Quoted references over TCP", .serialized, .timeLimit(.minutes(1)))
struct QuotedReferenceTests {
    @Test("done \"salt and pepper\" completes that task and the partner hears it; a quoted number is a title")
    func quotedTitles() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add salt")
        try alice.ok("add salt and pepper")
        try alice.ok("add 42")
        for _ in 0..<3 { _ = try bob.event() }
        let done = try alice.json("done \"salt and pepper\"")
        #expect(done.code == "task.completed")
        #expect(done.data["title"] as? String == "salt and pepper")
        let event = try bob.event()
        #expect(event.event == "task.completed")
        #expect((event.data["title"] as? String) == "salt and pepper")
        let number = try alice.json("done \"42\"")
        #expect(number.code == "task.completed")
        #expect(number.data["title"] as? String == "42")
        #expect(try alice.json("done \"\"").code == "error.usage")
        #expect(try alice.json("done \"nothing like it\"").code == "error.not_found")
    }

    @Test("in Turkish, verb last: \"lavabo tamiri\" sil")
    func turkishVerbLast() throws {
        let server = try TestServer()
        let ayse = try server.user("ayse")
        try ayse.ok("lang tr")
        try ayse.ok("lavabo tamiri ekle")
        try ayse.ok("lavabo tamiri ve boya ekle")
        let deleted = try ayse.json("\"lavabo tamiri\" sil")
        #expect(deleted.code == "task.deleted")
        #expect(try ayse.json("ara lavabo").data["total"] as? Int == 1)
    }
}
