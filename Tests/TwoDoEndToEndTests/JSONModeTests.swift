// End to end: JSON mode — one object per line, one reply per command in order, tags, stable codes, export's shape.

import Foundation
import Testing

@Suite("JSON mode over TCP", .serialized, .timeLimit(.minutes(1)))
struct JSONModeTests {
    /// ISO 8601 with seconds and a `Z` or `±hh:mm` offset.
    static var isoPattern: Regex<(Substring, Substring)> {
        #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/#
    }

    /// The instant an ISO 8601 text names.
    static func instant(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    @Test("pipelined commands get exactly one reply each, in order, with their @id tags echoed")
    func oneReplyPerCommandInOrder() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let lines = [
            "@id=a1 add milk", "@id=a2 show", "@id=a3 done no-such-task", "@id=a4 frobnicate", "@id=a5 ping",
            "@id=a6 add", "done milk", "@id=x.y:z-9 lists",
        ]
        try alice.send(bytes: Array((lines.joined(separator: "\n") + "\n").utf8))
        var replies: [JSONObject] = []
        for _ in lines { replies.append(try alice.readJSON()) }
        #expect(try alice.isQuiet(for: 0.2), "exactly one line per command")
        #expect(replies.allSatisfy { $0["type"] as? String == "reply" })
        #expect(replies.map { $0["id"] as? String } == ["a1", "a2", "a3", "a4", "a5", "a6", nil, "x.y:z-9"])
        #expect(replies.map { $0.ok } == [true, true, false, false, true, false, true, true])
        #expect(replies[0].code == "task.added")
        #expect(replies[1].code == "task.list")
        #expect(replies[2].code == "error.not_found")
        #expect(replies[3].code == "error.unknown_command")
        #expect(replies[4].code == "pong")
        #expect(replies[6].code == "task.completed")
        #expect(replies[6]["id"] == nil)
        #expect(replies[7].code == "list.index")
        for reply in replies {
            #expect(reply["text"] is String)
            #expect(reply["data"] is JSONObject)
            #expect(reply["code"] is String)
        }
    }

    @Test(
        "failures answer ok:false with a stable code, a text and a data object",
        arguments: [
            ("frobnicate", "error.unknown_command"),
            ("done nothing-like-this", "error.not_found"),
            ("delete #7", "error.no_such_row"),
            ("show Nowhere", "error.not_found"),
            ("couple join 2345-6789-ABCD-EFGH", "error.invite_invalid"),
            ("couple leave", "error.not_in_couple"),
            ("add " + String(repeating: "x", count: 201), "error.title_too_long"),
            ("register carol plover-pneby-27", "error.already_logged_in"),
            ("done taken", "error.already_done"),
        ])
    func stableFailureCodes(command: String, code: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add taken", "done taken"])
        let reply = try alice.json("@id=f1 \(command)")
        #expect(reply["type"] as? String == "reply")
        #expect(reply["id"] as? String == "f1")
        #expect(reply.ok == false)
        #expect(reply.code == code)
        #expect(!reply.text.isEmpty)
        #expect(reply["data"] is JSONObject)
    }

    @Test("line errors are JSON replies too, and the connection goes on")
    func lineErrors() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.send(String(repeating: "a", count: 5000))
        let long = try alice.readJSON()
        #expect(long.ok == false)
        #expect(long.code == "line.too_long")
        // "add " then a lone UTF-8 lead byte (0xFF would be a telnet IAC, so it is not used here).
        try alice.send(bytes: [0x61, 0x64, 0x64, 0x20, 0xC3, 0x28, 0x0A])
        let bad = try alice.readJSON()
        #expect(bad.code == "line.bad_encoding")
        // Empty lines are ignored; CRLF is fine; telnet negotiation that needs no answer (WONT ECHO) is stripped.
        try alice.send(bytes: Array("\n\r\n   \n".utf8) + [255, 252, 1] + Array("ping\r\n".utf8))
        let pong = try alice.readJSON()
        #expect(pong.code == "pong")
        #expect(try alice.isQuiet(for: 0.1))
    }

    @Test("events are JSON objects with type, event, actor, text and data")
    func eventShape() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let added = try alice.json("add milk")
        let event = try bob.event()
        #expect(Set(event.keys) == ["type", "event", "actor", "text", "data"])
        #expect(event.event == "task.added")
        #expect(event.data["id"] as? Int == added.data["id"] as? Int)
        #expect(event.data["title"] as? String == "milk")
        #expect(event.data["list"] as? String == "Inbox")
    }

    @Test("json off returns to plain text lines")
    func jsonOff() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let off = try alice.command("json off")
        #expect(off == "JSON mode off.")
        #expect(try alice.command("ping") == "pong")
        #expect(try alice.command("add milk") == #"Added "milk" to Inbox."#)
        #expect(try alice.command("json on").hasPrefix("{"))
    }

    @Test("export answers the whole space with couple members and every task field, times in ISO 8601")
    func exportShape() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["add milk", "add bread", "add jam"])
        try bob.ok(["done bread"])
        let export = try alice.json("export")
        #expect(export.code == "export")
        let couple = try #require(export.data["couple"] as? JSONObject)
        #expect(couple.keys.contains("name"))
        #expect(couple["name"] is String || couple["name"] is NSNull)
        let members = try #require(couple["members"] as? [JSONObject])
        #expect(members.count == 2)
        for member in members {
            #expect(Set(member.keys).isSuperset(of: ["name", "lang", "tz"]))
        }
        #expect(members.compactMap { $0["name"] as? String } == ["alice", "bob"])
        #expect(members.compactMap { $0["lang"] as? String } == ["en", "en"])
        #expect(members.compactMap { $0["tz"] as? String } == ["UTC", "UTC"])

        let lists = try #require(export.data["lists"] as? [JSONObject])
        #expect(lists.compactMap { $0["name"] as? String } == ["Inbox"])
        let tasks = try #require(lists.first?["tasks"] as? [JSONObject])
        #expect(tasks.compactMap { $0["title"] as? String } == ["milk", "jam", "bread"])
        let fields: Set<String> = [
            "id", "title", "notes", "status", "assignee", "created_by", "created_at", "completed_by", "completed_at",
        ]
        for task in tasks {
            #expect(Set(task.keys).isSuperset(of: fields), "\(task.keys)")
            #expect(task["id"] is Int)
            #expect(task["notes"] is [Any])
            #expect(task["created_by"] as? String == "alice")
            #expect(task["assignee"] is NSNull)
            let created = try #require(task["created_at"] as? String)
            #expect(created.wholeMatch(of: Self.isoPattern) != nil, "\(created)")
            #expect(Self.instant(created) == Self.instant("2026-11-22T09:00:00Z"))
        }
        let open = tasks[0]
        #expect(open["status"] as? String == "open")
        #expect(open["completed_by"] is NSNull)
        #expect(open["completed_at"] is NSNull)
        let done = tasks[2]
        #expect(done["status"] as? String == "done")
        #expect(done["completed_by"] as? String == "bob")
        let completed = try #require(done["completed_at"] as? String)
        #expect(completed.wholeMatch(of: Self.isoPattern) != nil)
        // bob exports the same space.
        let bobs = try bob.json("export")
        #expect(PersistenceTests.same(bobs.data, export.data))
    }

    @Test("export times carry the reader's UTC offset and notes are included")
    func exportTimeZonesAndNotes() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok([
            "list add Groceries", "add milk to Groceries", "note milk: oat", "assign milk to bob", "tz Europe/Istanbul",
        ])
        try bob.ok(["done milk"])
        let export = try alice.json("export")
        let members = try #require((export.data["couple"] as? JSONObject)?["members"] as? [JSONObject])
        #expect(members.first?["tz"] as? String == "Europe/Istanbul")
        let lists = try #require(export.data["lists"] as? [JSONObject])
        #expect(lists.compactMap { $0["name"] as? String } == ["Inbox", "Groceries"])
        let milk = try #require((lists[1]["tasks"] as? [JSONObject])?.first)
        #expect(milk["created_at"] as? String == "2026-11-22T12:00:00+03:00")
        #expect(milk["completed_at"] as? String == "2026-11-22T12:00:00+03:00")
        #expect(milk["assignee"] as? String == "bob")
        let notes = try #require(milk["notes"] as? [JSONObject])
        #expect(notes.first?["text"] as? String == "oat")
        #expect(notes.first?["author"] as? String == "alice")
    }

    @Test("human-mode export prints the same JSON after a header line")
    func humanExport() throws {
        let server = try TestServer()
        let alice = try server.user("alice", json: false)
        _ = try alice.command("add milk")
        let lines = try alice.lines("export")
        #expect(lines.count == 2)
        #expect(lines.first == "Your whole space, as JSON:")
        let object = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? JSONObject
        #expect((object?["lists"] as? [JSONObject])?.first?["name"] as? String == "Inbox")
    }
}
