// The parser's cached list and member names follow every change at once, for both partners.

import Foundation
import Testing

@Suite("List names the parser knows stay current", .timeLimit(.minutes(1)))
struct NameContextTests {
    /// The list each task of the export is in, by title.
    private func listsByTitle(_ client: LineClient) throws -> [String: String] {
        let lists = try #require(try client.ok("export").data["lists"] as? [JSONObject])
        var result: [String: String] = [:]
        for list in lists {
            for task in (list["tasks"] as? [JSONObject]) ?? [] {
                result[task["title"] as? String ?? ""] = list["name"] as? String
            }
        }
        return result
    }

    @Test("a list one partner adds, renames or deletes is known, renamed or forgotten in the other's next line")
    func partnerListChanges() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        // Bob parses once first, so his space's names are cached before Alice changes them.
        try bob.ok("add bread to market")
        try alice.ok("list add Market")
        try bob.ok("add milk to market")
        try alice.ok("list rename Market to Bazaar")
        try bob.ok("add eggs to bazaar")
        try bob.ok("add tea to market")
        try alice.ok("list add Hardware")
        try alice.ok("list delete Hardware")
        try bob.ok("add nails to hardware")

        let lists = try listsByTitle(alice)
        #expect(lists["bread to market"] == "Inbox")
        #expect(lists["milk"] == "Bazaar")
        #expect(lists["eggs"] == "Bazaar")
        #expect(lists["tea to market"] == "Inbox")
        #expect(lists["nails to hardware"] == "Inbox")
    }

    @Test("after joining a couple, the partner's lists and name are known at once; after leaving, no more")
    func membershipChanges() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        try alice.ok("list add Garden")
        try bob.ok("add seeds to garden")  // not bob's list yet
        try server.pair(alice, bob)
        try alice.ok("add rake to garden")  // alice's: bob leaves with no copy of Garden
        try bob.ok("assign rake to alice")
        try bob.ok("couple leave confirm")
        try bob.ok("add hose to garden")

        let aliceLists = try listsByTitle(alice)
        #expect(aliceLists["rake"] == "Garden")
        let export = try alice.ok("export").data
        let tasks = ((export["lists"] as? [JSONObject]) ?? []).flatMap { ($0["tasks"] as? [JSONObject]) ?? [] }
        let rake = try #require(tasks.first { $0["title"] as? String == "rake" })
        #expect(rake["assignee"] as? String == "alice")
        let bobLists = try listsByTitle(bob)
        #expect(bobLists["hose to garden"] == "Inbox")
    }
}
