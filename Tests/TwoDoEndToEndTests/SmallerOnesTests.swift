// End to end: the smaller fixes of one issue — busy never counts, the registration limit says itself, display
// names that cannot pretend to be someone, and search folding NFKC.

import Foundation
import Testing

@Suite("Smaller fixes over TCP", .serialized, .timeLimit(.minutes(2)))
struct SmallerOnesTests {
    /// A JSON-mode connection from `source` (a loopback alias).
    static func client(_ server: TestServer, from source: String) throws -> LineClient {
        let c = try server.connect(from: source)
        _ = try c.command("json on")
        return c
    }

    @Test("registrations answered error.busy do not count: retrying as told registers, not 'too many'")
    func busyNeverCounts() throws {
        let server = try TestServer(extraArguments: ["--quiet", "--max-per-address", "200"])
        let source = "127.0.0.61"
        let clients = try (0..<30).map { _ in try Self.client(server, from: source) }
        for (i, c) in clients.enumerated() { try c.send("register storm\(i) \(TestServer.password("storm\(i)"))") }
        var busy: [Int] = []
        var codes: [String: Int] = [:]
        for (i, c) in clients.enumerated() {
            let code = try c.readJSON(timeout: 20)["code"] as? String ?? "?"
            codes[code, default: 0] += 1
            if code == "error.busy" { busy.append(i) }
        }
        #expect(!busy.isEmpty, "the storm should overflow the 8 hash jobs one address may have: \(codes)")
        #expect(codes["error.throttled", default: 0] == 0, "\(codes)")
        // Each client told "busy" tries again, one after another, as the message says: none is held back.
        for i in busy.prefix(5) {
            let again = try clients[i].json("register storm\(i) \(TestServer.password("storm\(i)"))", timeout: 10)
            #expect(again.code == "auth.registered", "storm\(i): \(again)")
        }
    }

    @Test("the registration limit's refusal says what the limit is and when to retry, in both languages")
    func registrationLimitMessage() throws {
        let server = try TestServer(extraArguments: ["--quiet", "--max-per-address", "200"])
        let source = "127.0.0.62"
        var refusal: JSONObject?
        for i in 0..<22 {
            let c = try Self.client(server, from: source)
            // The last one registers in Turkish (`kaydol`), so its refusal is worded in Turkish.
            let verb = i == 21 ? "kaydol" : "register"
            let reply = try c.json("\(verb) limit\(i) \(TestServer.password("limit\(i)"))", timeout: 10)
            if reply.code == "error.throttled" {
                refusal = reply
                #expect(i >= 20, "refused after \(i) registrations")
                if i == 21 {
                    #expect(reply.text.contains("sınır 15 dakikada 20 hesap"), "\(reply.text)")
                    #expect(reply.text.contains("saniye sonra yeniden deneyin"), "\(reply.text)")
                } else {
                    #expect(
                        reply.text.hasPrefix(
                            "Too many new accounts from your address: the limit is 20 within 15 minutes. Try again in"),
                        "\(reply.text)")
                    #expect(!reply.text.contains("failed"), "\(reply.text)")
                }
            } else {
                #expect(reply.code == "auth.registered", "\(i): \(reply)")
                #expect(i < 20)
            }
        }
        let last = try #require(refusal)
        #expect(last.data["limit"] as? Int == 20)
        #expect(last.data["window_seconds"] as? Int == 900)
        #expect((last.data["retry_after"] as? Int ?? 0) >= 1)
    }

    @Test("a display name may not be or look like the partner's login or display name, nor a reserved word")
    func displayNameRules() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        for name in ["bob", "BOB", "B0B", "ｂｏｂ", "B.o.b", "b o b", "b\u{043E}b"] {
            let refused = try alice.json("name \(name)")
            #expect(refused.code == "error.name_lookalike", "\(name): \(refused)")
            #expect(refused.text == "That display name looks too much like bob's; please pick another one.", "\(name)")
        }
        // Her own login, in any case, is fine for herself.
        #expect(try alice.json("name Alice").code == "name.changed")
        _ = try bob.event()
        try bob.ok("name Bobby")
        _ = try alice.event()
        #expect(try alice.json("name B0BBY").code == "error.name_lookalike")
        let likeDisplay = try alice.json("name bobby")
        #expect(likeDisplay.code == "error.name_lookalike")
        #expect(likeDisplay.data["name"] as? String == "bob (Bobby)")
        // Reserved words, whole or as a word that speaks for the service, either language.
        for name in [
            "admin", "TwoDo", "Two Do", "TwoDo Support", "system", "ROOT", "moderator", "support", "help", "yönetici",
            "Sistem", "destek", "admin ayşe", "ѕystem", "me", "nobody", "ikimiz", "sunucu",
        ] {
            let refused = try alice.json("name \(name)")
            #expect(refused.code == "error.name_reserved", "\(name): \(refused)")
        }
        try alice.ok("lang tr")
        let tr = try alice.json("görünen ad sistem")
        #expect(tr.code == "error.name_reserved")
        #expect(
            tr.text
                == "\"sistem\" TwoDo'nun, görevlilerinin ya da kişiler için kullanılan sözcüklerin yerine okunabilir; lütfen başka bir ad seçin."
        )
        let trLike = try alice.json("görünen ad Bobby")
        #expect(trLike.text == "Bu görünen ad bob (Bobby) adına fazla benziyor; lütfen başka bir ad seçin.")
        try alice.ok("lang en")
        #expect(try alice.json("name").data["display_name"] as? String == "Alice")
    }

    @Test(
        "hostile display names: invisible, direction-changing and joining characters, fillers, huge input",
        arguments: [
            "Bo\u{200B}b", "Bo\u{200D}b", "\u{200F}Bob", "Bob\u{202E}", "\u{2066}Bob\u{2069}", "\u{FEFF}Bob",
            "Bo\u{2060}b",
            "\u{3164}", "B\u{3164}ob", "Bob\u{034F}", "Bob\u{FE0F}", "\u{180E}Bob", "\u{061C}Bob",
        ])
    func displayNameHostile(name: String) throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("name Alice A.")
        _ = try bob.event()
        let refused = try alice.json("name \(name)")
        #expect(refused.ok == false, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(["error.invisible_char", "error.name_invisible"].contains(refused.code ?? ""), "\(refused)")
        #expect(try alice.json("name").data["display_name"] as? String == "Alice A.")
        #expect(try bob.isQuiet(for: 0.2), "nothing was relayed")
    }

    @Test("a huge display name is refused before any work; a name of 40 characters is fine")
    func displayNameHuge() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.json("name " + String(repeating: "x", count: 4000)).code == "error.title_too_long")
        #expect(try alice.json("name " + String(repeating: "é", count: 41)).code == "error.title_too_long")
        #expect(try alice.json("name " + String(repeating: "x", count: 40)).code == "name.changed")
        #expect(try alice.json("name ...").code == "name.changed")
    }

    @Test("events show the display name and the login: Bobby (bob) added \"milk\"; the inbox too")
    func eventsShowBoth() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("name Bobby")
        #expect(try alice.event().text == #"bob is now shown as "Bobby"."#)
        try bob.ok("add milk")
        let added = try alice.event()
        #expect(added.text == #"Bobby (bob) added "milk" to Inbox."#, "\(added.text)")
        #expect(added["actor"] as? String == "bob")
        try alice.ok("quit")
        try bob.ok("add bread")
        let again = try server.login("alice")
        let inbox = try again.json("inbox")
        let texts = (inbox.data["notifications"] as? [JSONObject])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.contains { $0.hasPrefix("Bobby (bob) added") }, "\(texts)")
    }

    @Test("joining a couple clears a display name that looks like the other member's name, and says so")
    func joinClearsConflict() throws {
        let server = try TestServer()
        let carol = try server.user("carol")
        let dave = try server.user("dave")
        try carol.ok("name Dave")
        try dave.ok("name D.")
        let created = try dave.json("couple create")
        let code = try #require(created.data["code"] as? String)
        let joined = try carol.json("couple join \(code)")
        #expect(joined.code == "couple.joined")
        #expect(joined.text.contains(#"Your display name "Dave" looked like dave's name"#), "\(joined.text)")
        // dave is told of the join and of carol's name shown as her login again.
        var texts: [String] = []
        while let line = try? dave.readJSON(timeout: 1) { texts.append(line["text"] as? String ?? "") }
        #expect(texts.contains { $0.contains(#"carol's display name "Dave" looked like dave's name"#) }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("carol joined") }, "the join names her as partners now see her: \(texts)")
        #expect(try carol.json("name").data["display_name"] is NSNull)
        #expect(try dave.json("name").data["display_name"] as? String == "D.")
        // The host's display name that looks like the newcomer's login is cleared the same way.
        let erin = try server.user("erin")
        let frank = try server.user("frank")
        try erin.ok("name Frank")
        let invite = try #require(try erin.json("couple create").data["code"] as? String)
        let frankJoined = try frank.json("couple join \(invite)")
        #expect(frankJoined.code == "couple.joined")
        #expect(
            frankJoined.text.contains(#"erin's display name "Frank" looked like frank's name"#), "\(frankJoined.text)")
        #expect(try erin.json("name").data["display_name"] is NSNull)
    }

    @Test("search folds NFKC: search file finds ﬁle, search abc finds ＡＢＣ, and the other way round")
    func searchNFKC() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add ﬁle the taxes", "add ＡＢＣ corp invoice", "add ① room"])
        #expect(SearchTests.titles(try alice.ok("search file")) == ["ﬁle the taxes"])
        #expect(SearchTests.titles(try alice.ok("search abc")) == ["ＡＢＣ corp invoice"])
        #expect(SearchTests.titles(try alice.ok("search ＦＩＬＥ")) == ["ﬁle the taxes"])
        #expect(SearchTests.titles(try alice.ok("ara ﬁ")) == ["ﬁle the taxes"])
        #expect(SearchTests.titles(try alice.ok("search 1 room")) == ["① room"])
    }
}
