// Isolation: a member of one couple probes another couple's data by every reference form and finds nothing.

import Foundation
import Testing

/// Two couples with tasks and lists: A (alice + bob) is the target, C (carol + dave) the prober.
private struct TwoCouples {
    let server: TestServer
    let alice: LineClient
    let bob: LineClient
    let carol: LineClient
    let dave: LineClient
    /// The invite code bob used to join alice.
    let inviteA: String
    /// A's tasks and lists, as alice's export shows them.
    let exportA: ExportSnapshot
    /// C's task ids (they interleave with A's: ids are global).
    let idsC: Set<Int>

    static let listsA = ["Zanzibar Trip", "Quokka Garden"]
    static let listC = "Carol Chores"
    /// Words found only in A's data: any of them in a reply to C (other than words C typed) is a leak.
    static let secretsA = [
        "pineapple", "passport", "zeppelin", "tickets", "marzipan", "quokka", "zanzibar", "alice", "bob",
    ]

    static func make() throws -> TwoCouples {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let carol = try server.user("carol")
        let dave = try server.user("dave")
        let created = try alice.json("couple create")
        let invite = try #require(created.data["code"] as? String)
        #expect(try bob.json("couple join \(invite)").isOK)
        try server.pair(carol, dave)

        for (who, line) in [
            (alice, "list add \(listsA[0])"), (alice, "list add \(listsA[1])"), (carol, "list add \(listC)"),
        ] {
            let reply = try who.json(line)
            #expect(reply.isOK, "\(line): \(reply)")
        }

        // C's own data first; carol drains dave's events so she is quiet before A acts.
        #expect(try carol.json("add carol laundry").isOK)
        #expect(try dave.json("add dave dishes to \(listC)").isOK)
        while try !carol.isQuiet(for: 0.2) { _ = try carol.readJSON() }
        while try !dave.isQuiet(for: 0.2) { _ = try dave.readJSON() }

        for (who, line) in [
            (alice, "add buy pineapple passport"), (alice, "add book zeppelin tickets to \(listsA[0])"),
            (bob, "add bake marzipan cake"), (bob, "add plant quokka seeds to \(listsA[1])"),
            (alice, "done bake marzipan cake"),
            (alice, "note buy pineapple passport: the marzipan is in the zeppelin"),
            (alice, "say the pineapple passport is in the zeppelin"),
        ] {
            let reply = try who.json(line)
            #expect(reply.isOK, "\(line): \(reply)")
        }
        let exportA = try ExportSnapshot(reply: try alice.json("export"))
        #expect(exportA.tasks.count == 4)
        #expect(Set(exportA.lists).isSuperset(of: listsA))
        let exportC = try ExportSnapshot(reply: try carol.json("export"))
        #expect(try carol.isQuiet(for: 0.3), "no event of couple A may reach carol")
        #expect(try dave.isQuiet(for: 0.1), "no event of couple A may reach dave")
        return TwoCouples(
            server: server, alice: alice, bob: bob, carol: carol, dave: dave, inviteA: invite, exportA: exportA,
            idsC: Set(exportC.tasks.map(\.id)))
    }

    /// The secrets of A in `reply`, ignoring words the prober typed in `command` (errors may echo them).
    static func leaks(in reply: [String: Any], command: String) -> [String] {
        let text =
            (try? JSONSerialization.data(withJSONObject: reply)).map { String(decoding: $0, as: UTF8.self) }
            ?? "\(reply)"
        let typed = command.lowercased()
        return secretsA.filter { !typed.contains($0) && text.lowercased().contains($0) }
    }
}

extension ResilienceSuite {
    @Suite("Isolation between couples", .timeLimit(.minutes(2)))
    struct ResilienceIsolationTests {
        /// Sends `command` as `client`; the reply must carry `expected` (when given) and none of A's secrets.
        private func probe(
            _ client: LineClient, _ command: String, expect expected: Set<String>?, _ tally: inout [String: Int]
        ) throws {
            let reply = try client.json(command)
            let code = reply.code ?? "?"
            tally[code, default: 0] += 1
            if let expected {
                #expect(expected.contains(code), "`\(command)` answered \(code): \(reply)")
            }
            let leaks = TwoCouples.leaks(in: reply, command: command)
            #expect(leaks.isEmpty, "`\(command)` leaked \(leaks): \(reply)")
        }

        @Test("carol reaches none of couple A's tasks, lists or invite code by number, id, words or list name")
        func crossCoupleProbes() throws {
            let world = try TwoCouples.make()
            let carol = world.carol
            var tally: [String: Int] = [:]
            let notFound: Set<String> = ["error.not_found"]
            // A number is a row of the last listing shown on that connection, or `error.no_such_row`.
            let noRow: Set<String> = ["error.no_such_row"]

            // Numbers: carol's default list has one task (#1 is hers); #2...#20 do not exist for her,
            // whether she listed something first or not.
            try probe(carol, "show", expect: ["task.list"], &tally)
            let fresh = try world.server.login("carol")
            for n in 1...20 {
                try probe(
                    carol, "done #\(n)", expect: n == 1 ? ["task.completed", "error.already_done"] : noRow, &tally)
                if n > 1 {
                    try probe(carol, "delete #\(n)", expect: noRow, &tally)
                    try probe(fresh, "delete \(n)", expect: noRow, &tally)
                }
            }

            // Ids: every id in A's export and 50 on either side (except carol's own).
            let idsA = world.exportA.tasks.map(\.id)
            let low = max(1, idsA.min()! - 50)
            for id in low...(idsA.max()! + 50) where !world.idsC.contains(id) {
                try probe(carol, "done id:\(id)", expect: notFound, &tally)
                if idsA.contains(id) {
                    for command in [
                        "delete id:\(id)", "undone id:\(id)", "notes id:\(id)", "note id:\(id) hijacked",
                        "edit id:\(id) hijacked",
                        "move id:\(id) to \(TwoCouples.listC)",
                    ] {
                        try probe(carol, command, expect: notFound, &tally)
                    }
                    if id > 1 { try probe(fresh, "done #\(id)", expect: noRow, &tally) }
                }
            }

            // Words: each of A's titles, whole and word by word.
            for title in world.exportA.tasks.map(\.title) {
                for words in [title] + title.split(separator: " ").map(String.init) {
                    for verb in ["done", "undone", "delete", "notes"] {
                        try probe(carol, "\(verb) \(words)", expect: notFound, &tally)
                    }
                    try probe(carol, "note \(words): hijacked", expect: notFound, &tally)
                }
            }

            // List names: show, add to, move to, rename, delete.
            for list in TwoCouples.listsA {
                try probe(carol, "show \(list)", expect: notFound, &tally)
                // With no list of that name in her space, a parser may read "to <list>" as part of the
                // title: then the task must be carol's own, in her own list. (It is deleted again so her
                // later views do not echo the words she typed.)
                let add = "add sneaky peek to \(list)"
                let added = try carol.json(add)
                tally[added.code ?? "?", default: 0] += 1
                #expect(TwoCouples.leaks(in: added, command: add).isEmpty, "`\(add)` leaked: \(added)")
                if added.code == "task.added" {
                    #expect(added.data["list"] as? String == "Inbox", "\(added)")
                    #expect(added.data["created_by"] as? String == "carol")
                    let id = try #require(added.data["id"] as? Int)
                    #expect(try carol.json("delete id:\(id)").isOK)
                } else {
                    // A capitalized `to <Name>` with no such list asks, naming only carol's lists.
                    #expect(added.code == "error.no_such_list", "`\(add)` answered \(added)")
                }
                try probe(carol, "move carol laundry to \(list)", expect: notFound, &tally)
                try probe(carol, "list rename \(list) to Hijacked", expect: notFound, &tally)
                try probe(carol, "list delete \(list)", expect: notFound, &tally)
            }

            // Her own views show only C.
            for command in ["show", "show \(TwoCouples.listC)", "lists", "inbox", "who", "couple", "export"] {
                try probe(carol, command, expect: nil, &tally)
            }
            let exportC = try ExportSnapshot(reply: try carol.json("export"))
            #expect(Set(exportC.members) == ["carol", "dave"])
            #expect(Set(exportC.tasks.map(\.id)).isDisjoint(with: idsA))

            // A's invite code: carol is in a couple; a single user finds it used; a guessed code is invalid.
            try probe(carol, "couple join \(world.inviteA)", expect: ["error.already_in_couple"], &tally)
            let erin = try world.server.user("erin")
            try probe(erin, "couple join \(world.inviteA)", expect: ["error.invite_used"], &tally)
            var rng = SeededRandom(seed: ResilienceSuite.seed, stream: 3)
            let guess = String(
                (0..<16).map { _ in Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ").randomElement(using: &rng)! })
            try probe(erin, "couple join \(guess)", expect: ["error.invite_invalid"], &tally)
            #expect(try ExportSnapshot(reply: try erin.json("export")).members == ["erin"])

            // Nothing carol did reached A, and A's data is intact.
            #expect(try world.alice.isQuiet(for: 0.2))
            let after = try ExportSnapshot(reply: try world.alice.json("export"))
            #expect(after.tasks == world.exportA.tasks, "A's data changed under carol's probes")
            print(
                "isolation: \(tally.values.reduce(0, +)) probes by carol and erin, codes \(tally.sorted { $0.key < $1.key })"
            )
        }

        @Test("a user who leaves a couple loses access at once, also on the other connection already open")
        func leaverLosesAccess() throws {
            let world = try TwoCouples.make()
            let bobElsewhere = try world.server.login("bob")
            let listed = try bobElsewhere.json("show")
            #expect((listed.data["tasks"] as? [Any])?.isEmpty == false, "bob sees A's tasks before leaving")

            let left = try world.bob.json("couple leave confirm")
            #expect(left.code == "couple.left")
            var tally: [String: Int] = [:]
            // bob's own name may appear in his own replies, and so may the titles of the tasks he made: he
            // leaves with copies of those (issue 14: leaving with care), never with alice's.
            let bobsTasks = world.exportA.tasks.filter { $0.createdBy == "bob" }
            #expect(bobsTasks.count == 2)
            let secrets = "bob " + bobsTasks.map(\.title).joined(separator: " ")
            func probeAsLeaver(_ command: String, expect expected: Set<String>?) throws {
                let reply = try bobElsewhere.json(command)
                tally[reply.code ?? "?", default: 0] += 1
                if let expected { #expect(expected.contains(reply.code ?? "?"), "`\(command)` answered \(reply)") }
                let leaks = TwoCouples.leaks(in: reply, command: command + " " + secrets)
                #expect(leaks.isEmpty, "after leaving, `\(command)` leaked \(leaks): \(reply)")
            }
            // The listing bob saw a moment ago is worthless now.
            // (A number may now name one of bob's own copies; never anything of alice's: the leak check.)
            for n in 1...5 { try probeAsLeaver("done #\(n)", expect: nil) }
            for task in world.exportA.tasks {
                try probeAsLeaver("done id:\(task.id)", expect: ["error.not_found"])
                if task.createdBy != "bob" { try probeAsLeaver("delete \(task.title)", expect: ["error.not_found"]) }
            }
            let copiedLists = Set(bobsTasks.map(\.list))
            for list in TwoCouples.listsA where !copiedLists.contains(list) {
                try probeAsLeaver("show \(list)", expect: ["error.not_found"])
            }
            let bobsCopies = try ExportSnapshot(reply: try bobElsewhere.json("export"))
            #expect(Set(bobsCopies.tasks.map(\.title)) == Set(bobsTasks.map(\.title)))
            try probeAsLeaver("show", expect: ["task.list"])
            try probeAsLeaver("lists", expect: ["list.index"])
            try probeAsLeaver("export", expect: ["export"])
            #expect(try ExportSnapshot(reply: try bobElsewhere.json("export")).members == ["bob"])

            // Alice keeps every task, bob's included.
            let alice = try ExportSnapshot(reply: try world.alice.json("export"))
            #expect(Set(alice.tasks.map(\.title)) == Set(world.exportA.tasks.map(\.title)))
            #expect(alice.members == ["alice"])
            print(
                "isolation after leave: \(tally.values.reduce(0, +)) probes, codes \(tally.sorted { $0.key < $1.key })")
        }
    }
}
