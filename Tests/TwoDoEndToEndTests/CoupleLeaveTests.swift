// End to end: leaving a couple with care — a confirmation first, then the leaver's own
// lists, tasks, routines and events copied into their new space while the partner keeps everything; and a
// second invite code that says it replaced the first.

import Foundation
import Testing

@Suite("Leaving a couple with care", .serialized, .timeLimit(.minutes(1)))
struct CoupleLeaveTests {
    static func titles(_ reply: JSONObject) -> [String] {
        (reply.data["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
    }

    @Test("couple leave asks first and changes nothing; couple leave confirm copies what the leaver made")
    func leaveWithCopy() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok([
            "add fix sink tomorrow 9am", "note fix sink: the washer", "list add Garden", "add rake to Garden",
            "routine add water plants every day", "event add dentist friday 10:00",
        ])
        for _ in 0..<6 { _ = try bob.event() }
        try bob.ok(["add bobs seeds to Garden", "event add bobs party saturday 20:00", "assign rake to bob"])
        for _ in 0..<3 { _ = try alice.event() }
        let before = try bob.json("export").data

        let asked = try alice.json("couple leave")
        #expect(asked.code == "couple.leave_confirm")
        #expect(asked.text.contains("couple leave confirm"))
        #expect(asked.text.contains("bob keeps everything"))
        #expect(try bob.isQuiet(for: 0.2))
        #expect(try alice.json("couple").data["members"].map { ($0 as? [Any])?.count } == 2)

        let left = try alice.json("couple leave confirm")
        #expect(left.code == "couple.left")
        #expect(left.data["copied_tasks"] as? Int == 2)
        #expect(try bob.event().event == "couple.left")
        // The partner keeps everything, untouched.
        let after = try bob.json("export").data
        #expect((after["lists"] as? [JSONObject])?.count == (before["lists"] as? [JSONObject])?.count)
        #expect((after["events"] as? [JSONObject])?.count == 2)
        #expect(Self.titles(try bob.json("show Garden")) == ["rake", "bobs seeds"])
        // The leaver has copies of their own things only, notes included; a copy assigned to the partner is not.
        #expect(Self.titles(try alice.json("show")) == ["fix sink"])
        #expect(Self.titles(try alice.json("show Garden")) == ["rake"])
        let rake = (try alice.json("show Garden").data["tasks"] as? [JSONObject])?.first
        #expect(rake?["assignee"] is NSNull)
        #expect((try alice.json("notes fix sink").data["notes"] as? [JSONObject])?.count == 1)
        let events = (try alice.json("events").data["events"] as? [JSONObject])?.compactMap { $0["title"] as? String }
        #expect(events == ["dentist"])
        let routines = (try alice.json("routines").data["routines"] as? [JSONObject])?.count
        #expect(routines == 1)
        // Alone in a personal space, a routine is nobody else's: it no longer says "for both".
        let copied = try alice.json("routines").text
        #expect(copied.contains("water plants") && !copied.contains("for both"), "\(copied)")
        #expect(!(try alice.json("info water plants").text.contains("for both")))
        // Copies are independent: finishing one does not touch the other.
        try alice.ok("done fix sink")
        #expect(try bob.isQuiet(for: 0.2))
        #expect(Self.titles(try bob.json("show")) == ["fix sink"])
        let open = (try bob.json("show").data["tasks"] as? [JSONObject])?.first?["status"] as? String
        #expect(open == "open")
    }

    @Test("Turkish: çiftten ayrıl asks, çiftten ayrıl onayla leaves; a second invite code says it replaced the first")
    func turkishAndReplacedCode() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("lang tr")
        let first = try alice.json("çift oluştur")
        #expect(first.text.split(separator: "\n").count == 1)
        let second = try alice.json("davet")
        #expect(second.text.contains("öncekinin yerini aldı"))
        let bob = try server.user("bob")
        let oldCode = first.data["code"] as? String ?? ""
        #expect(try bob.json("couple join \(oldCode)").ok == false)
        try bob.ok("couple join \(second.data["code"] as? String ?? "")")
        _ = try alice.event()
        try bob.ok(["lang tr", "süt ekle"])
        _ = try alice.event()
        let asked = try bob.json("çiftten ayrıl")
        #expect(asked.code == "couple.leave_confirm")
        #expect(asked.text.contains("çift ayrıl onayla"))
        #expect(try bob.json("çiftten ayrıl hemen").code == "error.usage")
        let left = try bob.json("çiftten ayrıl onayla")
        #expect(left.code == "couple.left")
        #expect(left.text.contains("1 görevin kopyası"))
        #expect(try alice.event().event == "couple.left")
    }
}
