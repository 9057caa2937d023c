// End to end: a number means a row this session was shown, never a row read again by position.

import Foundation
import Testing

@Suite("Row numbers over TCP", .serialized, .timeLimit(.minutes(1)))
struct RowNumberTests {
    /// The status of `title` as `reader` sees it now (`open`, `done`), or nil when no such task.
    static func status(_ title: String, as reader: LineClient) throws -> String? {
        let shown = try reader.ok("show")
        let tasks = shown.data["tasks"] as? [JSONObject] ?? []
        return tasks.first { $0["title"] as? String == title }?["status"] as? String
    }

    /// alice and bob, each with two tasks assigned to alice; returns after alice's `mine` shows those two rows.
    static func aliceShownTwo(_ server: TestServer) throws -> (LineClient, LineClient) {
        let (alice, bob) = try server.couple()
        for title in ["water plants", "call mum"] {
            try alice.ok("add \(title)")
            try alice.ok("assign \(title) to me")
        }
        let mine = try alice.ok("mine")
        #expect(mine.data["total"] as? Int == 2)
        return (alice, bob)
    }

    @Test("the partner assigns tasks after a two-row listing: done 3 and done 4 are refused, bob's tasks stay open")
    func partnerAddsAfterListing() throws {
        let server = try TestServer()
        let (alice, bob) = try Self.aliceShownTwo(server)
        for title in ["fix the sink", "book the vet"] {
            try bob.ok("add \(title)")
            try bob.ok("assign \(title) to alice")
        }
        // Now alice's `mine` would have four rows, but she was shown two.
        for line in ["done 3", "done #4", "#4 bitti"] {
            let refused = try alice.json(line)
            #expect(refused.ok == false, "\(line)")
            #expect(refused.code == "error.no_such_row", "\(line)")
            #expect(refused.data["first"] as? Int == 1 && refused.data["last"] as? Int == 2, "\(line)")
        }
        #expect(try alice.json("done 4").text == "No row 4 in your last list — type \"show\".")
        #expect(try Self.status("fix the sink", as: bob) == "open")
        #expect(try Self.status("book the vet", as: bob) == "open")
        // The rows she saw still mean what she saw.
        #expect(try alice.ok("done 2").data["title"] as? String == "call mum")
        // After listing again, bob's tasks are rows she was shown, and their numbers act on them.
        let mine = try alice.ok("mine")
        let titles = (mine.data["mine"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
        let row = try #require(titles.firstIndex(of: "book the vet")) + 1
        #expect(try alice.ok("done \(row)").data["title"] as? String == "book the vet")
    }

    @Test("in Turkish: 4 bitti after the partner's change is refused in Turkish, and 1 bitti still works")
    func turkish() throws {
        let server = try TestServer()
        let (alice, bob) = try Self.aliceShownTwo(server)
        try alice.ok("lang tr")
        try bob.ok("süt al ekle")
        try bob.ok("süt al alice'e ata")
        try bob.ok("ekmek al ekle")
        try bob.ok("ekmek al alice'e ata")
        _ = try alice.ok("benimkiler")
        try bob.ok("balkon temizliği ekle")
        try bob.ok("balkon temizliği alice'e ata")
        let refused = try alice.json("5 bitti")
        #expect(refused.code == "error.no_such_row")
        #expect(refused.text == "Son listenizde 5. satır yok — \"göster\" yazın.")
        #expect(try alice.json("#5 bitti").code == "error.no_such_row")
        #expect(try Self.status("balkon temizliği", as: bob) == "open")
        #expect(try alice.ok("4 bitti").data["title"] as? String != "balkon temizliği")
    }

    @Test("the partner deletes row 2 after the listing: done 2 is refused as gone, other rows still work")
    func partnerDeletesShownRow() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["add apples", "add bread", "add cheese"])
        _ = try alice.ok("show")
        try bob.ok("delete bread")
        try bob.ok("add dates")
        let gone = try alice.json("done 2")
        #expect(gone.code == "error.no_such_row")
        #expect(gone.text == "Row 2 of your last list is gone (deleted since) — type \"show\".")
        // Row 2 of the list as it is now is "cheese"; it was row 3 when shown, and stays row 3 until the next show.
        #expect(try Self.status("cheese", as: bob) == "open")
        #expect(try alice.ok("done 3").data["title"] as? String == "cheese")
        #expect(try Self.status("dates", as: bob) == "open")
        try alice.ok("lang tr")
        let tr = try alice.json("2 bitti")
        #expect(tr.text == "Son listenizin 2. satırı artık yok (o arada silindi) — \"göster\" yazın.")
    }

    @Test("a number before any listing, past the page, on a page not shown last, or absurd is refused")
    func edges() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add apples")
        // Nothing was shown on this connection yet: a number means nothing.
        for line in ["done 1", "1 bitti", "delete #1", "note 1 ripe ones", "info 1", "due 1 tomorrow"] {
            #expect(try alice.json(line).code == "error.no_such_row", "\(line)")
        }
        #expect(try Self.status("apples", as: alice) == "open")
        // Only the last page shown is remembered: row 3 of page 1 is not a row of page 2.
        for i in 1...55 { try alice.ok("add task \(i)") }
        _ = try alice.ok("show")
        let page2 = try alice.ok("more")
        #expect((page2.data["tasks"] as? [JSONObject])?.first?["n"] as? Int == 51)
        let earlier = try alice.json("done 3")
        #expect(earlier.code == "error.no_such_row")
        #expect(earlier.data["first"] as? Int == 51 && earlier.data["last"] as? Int == 56)
        #expect(try alice.json("done 57").code == "error.no_such_row")
        #expect(try alice.json("done 99999999999999999").code == "error.no_such_row")
        #expect(try alice.ok("done 52").data["title"] as? String == "task 51")
        // An id still works whatever was shown.
        let id = try #require(try alice.ok("add pears").data["id"] as? Int)
        #expect(try alice.ok("done id:\(id)").data["title"] as? String == "pears")
    }
}
