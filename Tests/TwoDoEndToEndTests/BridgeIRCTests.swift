// End to end: partners on IRC (through `twodo bridge irc` and a real ngircd) and on plain TCP share a list live.

import Foundation
import Testing

@Suite(
    "The IRC bridge against ngircd", .serialized, .timeLimit(.minutes(1)),
    .enabled(
        if: IRCTestServer.isAvailable, "ngircd is not installed (apt-get install ngircd): IRC bridge tests skipped"))
struct BridgeIRCTests {
    /// ngircd, twodo and the bridge between them, with the bridge in #fam.
    struct Stack {
        let irc: IRCTestServer
        let twodo: TestServer
        let bridge: BridgeProcess

        init() throws {
            irc = try IRCTestServer()
            twodo = try TestServer()
            bridge = try BridgeProcess(ircPort: irc.port, twodoPort: twodo.port, directory: irc.directory)
        }
    }

    /// The invite code in a `couple create` reply.
    func inviteCode(in text: String) throws -> String {
        let match = try #require(text.firstMatch(of: #/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/#))
        return String(match.output)
    }

    @Test("partners register and pair by private message, see each other's changes as notices, in both languages")
    func pairAndShare() throws {
        let stack = try Stack()
        let alice = try stack.irc.client("alice")
        let bob = try stack.irc.client("bob")
        try alice.join("#fam", waitingFor: "twodo")
        try bob.join("#fam", waitingFor: "twodo")

        #expect(try alice.ask("twodo", "register alice plover-nyvpr-27").contains("alice"))
        #expect(try bob.ask("twodo", "kaydol bob plover-obo-27").contains("Hoş geldiniz"))
        let code = try inviteCode(in: try alice.ask("twodo", "couple create", expecting: "-"))
        #expect(try bob.ask("twodo", "couple join \(code)").contains("alice"))
        _ = try alice.message(from: "twodo", notice: true, containing: "bob")

        // One partner adds; the other hears it as a NOTICE within a second. The five replies above used
        // up the bot's burst; give its send queue a second to earn two lines back, as it would have
        // between two people typing, so this measures the bridge and not the flood pacing.
        Thread.sleep(forTimeInterval: 1.1)
        let start = Date()
        try alice.say("twodo", "add milk")
        let heard = try bob.message(from: "twodo", notice: true, containing: "milk", timeout: 1)
        let latency = Date().timeIntervalSince(start)
        #expect(latency < 1, "took \(latency) s")
        #expect(heard.text.contains("alice"))
        _ = try alice.message(from: "twodo", notice: false, containing: "milk")

        // A Turkish command works, and its event reaches the English-speaking partner in English.
        #expect(try bob.ask("twodo", "süt ekle").contains("eklendi"))
        #expect(try alice.message(from: "twodo", notice: true, containing: "süt").text.contains("bob added"))

        // A partner on a plain TCP connection (as with nc) shares the same list live.
        let bobTCP = try stack.twodo.login("bob")
        try bobTCP.ok("add bread")
        _ = try alice.message(from: "twodo", notice: true, containing: "bread")
        let listing = try alice.ask("twodo", "show", expecting: "bread")
        #expect(listing.contains("bread"))
        try alice.say("twodo", "done milk")
        #expect(try bobTCP.event()["event"] as? String == "task.completed")
    }

    @Test(
        "account commands in a channel are refused, not forwarded and not logged; a nick change keeps the session; QUIT ends it"
    )
    func channelNickAndQuit() throws {
        let stack = try Stack()
        let alice = try stack.irc.client("alice")
        let carol = try stack.irc.client("carol")
        try alice.join("#fam", waitingFor: "twodo")
        try carol.join("#fam", waitingFor: "twodo")
        try alice.ask("twodo", "register alice plover-nyvpr-27", expecting: "alice")

        try carol.say("#fam", "register carol plover-pneby-27")
        let refusal = try carol.message(from: "twodo", notice: true, containing: "Never send passwords")
        #expect(refusal.target == "carol")
        try carol.say("#fam", "twodo: giriş alice plover-nyvpr-27")
        _ = try carol.message(from: "twodo", notice: true, containing: "Never send passwords")
        // Not forwarded: the name carol is still free on the server.
        let direct = try stack.twodo.connect()
        _ = try direct.command("json on")
        #expect(try direct.json("register carol plover-pneby-27").ok == true)
        // Not logged, in the bridge or the server.
        #expect(!stack.bridge.log.contains("plover-"))
        #expect(!stack.twodo.log.contains("plover-"))

        // `share here` in the channel announces alice's couple updates there.
        try alice.say("#fam", "share here")
        _ = try carol.waitFor { $0.command == "NOTICE" && $0.target == "#fam" && $0.text.contains("alice") }
        try alice.ask("twodo", "add tea", expecting: "tea")
        #expect(
            try carol.waitFor { $0.command == "NOTICE" && $0.target == "#fam" }.text
                == "[alice] Added \"tea\" to Inbox.")

        // A nick change keeps the logged-in session.
        try alice.changeNick(to: "alice_away")
        #expect(try alice.ask("twodo", "show", expecting: "tea").contains("tea"))
        try stack.bridge.waitForLog("msg=bridge.session_renamed", count: 1, timeout: 2)

        // QUIT logs the TwoDo session out: the partner's `who` says offline.
        let bob = try stack.twodo.user("bob")
        let code = try inviteCode(in: try alice.ask("twodo", "couple create", expecting: "-"))
        #expect(try bob.json("couple join \(code)").ok == true)
        #expect(try bob.ok("who").text.contains("alice is online"))
        try alice.send("QUIT :bye")
        try stack.bridge.waitForLog("reason=quit", count: 1, timeout: 3)
        let deadline = Date().addingTimeInterval(3)
        var who = ""
        repeat {
            who = try bob.ok("who").text
            if who.contains("offline") { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(who.contains("alice is offline"), "\(who)")
    }

    @Test("the bridge reconnects after the IRC server restarts, and users log in again")
    func ircRestart() throws {
        let stack = try Stack()
        var alice = try stack.irc.client("alice")
        try alice.join("#fam", waitingFor: "twodo")
        try alice.ask("twodo", "register alice plover-nyvpr-27", expecting: "alice")
        try alice.ask("twodo", "add milk", expecting: "milk")

        stack.irc.stop()
        try stack.bridge.waitForLog("msg=bridge.irc_disconnected", count: 1, timeout: 3)
        try stack.irc.start()
        alice = try stack.irc.client("alice")
        try stack.bridge.waitForLog("msg=bridge.irc_registered", count: 2, timeout: 10)
        // Told that the session ended, in her language, once the bot is back.
        _ = try alice.message(from: "twodo", notice: true, containing: "lost my IRC connection", timeout: 5)
        #expect(try alice.ask("twodo", "show").contains("log in"))
        #expect(try alice.ask("twodo", "login alice plover-nyvpr-27").contains("alice"))
        #expect(try alice.ask("twodo", "show", expecting: "milk").contains("milk"))
    }

    @Test("when twodo restarts, bridge users are told, and stay logged in (resume tokens) once it is back")
    func twodoRestart() throws {
        let irc = try IRCTestServer()
        // A fixed port, so the restarted server is where the bridge looks for it.
        let port = try TestServer.freePort()
        let first = try TestServer(environment: ["TWODO_PORT": "\(port)"])
        let bridge = try BridgeProcess(ircPort: irc.port, twodoPort: port, directory: irc.directory)
        let alice = try irc.client("alice")
        let bob = try irc.client("bob")
        let carol = try irc.client("carol")
        try alice.ask("twodo", "register alice plover-nyvpr-27", expecting: "alice")
        try bob.ask("twodo", "register bob plover-obo-27", expecting: "bob")
        let code = try inviteCode(in: try alice.ask("twodo", "couple create", expecting: "-"))
        try bob.ask("twodo", "couple join \(code)", expecting: "alice")
        try alice.ask("twodo", "add milk", expecting: "milk")
        // Bob switches to Turkish, logs out and in again: the login's token replaces the one `logout` ended.
        try bob.ask("twodo", "lang tr", expecting: "Türkçe")
        try bob.ask("twodo", "çıkış", expecting: "Çıkış")
        try bob.ask("twodo", "giriş bob plover-obo-27", expecting: "bob")
        // Carol only said hello: she has a session but no account, so nothing to resume.
        try carol.ask("twodo", "ping", expecting: "pong")

        try withExtendedLifetime(first) {
            #expect(first.stop() == 0)
            _ = try alice.message(from: "twodo", notice: true, containing: "log you back in", timeout: 3)
            _ = try bob.message(from: "twodo", notice: true, containing: "yeniden giriş yaptıracağım", timeout: 3)
            _ = try carol.message(from: "twodo", notice: true, containing: "went away", timeout: 3)
            let second = try TestServer(databasePath: first.databasePath, environment: ["TWODO_PORT": "\(port)"])
            defer { second.stop() }
            _ = try alice.message(from: "twodo", notice: true, containing: "still logged in as alice", timeout: 10)
            _ = try bob.message(from: "twodo", notice: true, containing: "bob olarak giriş", timeout: 10)
            _ = try carol.message(from: "twodo", notice: true, containing: "is back", timeout: 10)
            // No login: the next commands work as before the restart, and live events flow again.
            #expect(try alice.ask("twodo", "show", expecting: "milk").contains("milk"))
            try alice.say("twodo", "add eggs")
            _ = try bob.message(from: "twodo", notice: true, containing: "eggs", timeout: 2)
            #expect(try bob.ask("twodo", "göster", expecting: "eggs").contains("eggs"))
            // A user may type `resume` too, in a private message only: in a channel it is refused.
            try carol.say("#fam", "resume AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH")
            _ = try carol.message(from: "twodo", notice: true, containing: "Never send passwords")
            #expect(
                try carol.ask("twodo", "resume AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH").contains("resume token does not work")
            )
            // After `logout` the token is gone: a second restart asks alice to log in.
            try alice.ask("twodo", "logout", expecting: "logged out")
            #expect(second.stop() == 0)
            _ = try alice.message(from: "twodo", notice: true, containing: "went away", timeout: 3)
            let third = try TestServer(databasePath: first.databasePath, environment: ["TWODO_PORT": "\(port)"])
            defer { third.stop() }
            _ = try alice.message(from: "twodo", notice: true, containing: "Please log in again", timeout: 10)
            _ = try bob.message(from: "twodo", notice: true, containing: "bob olarak giriş", timeout: 10)
            #expect(try alice.ask("twodo", "show").contains("log in"))
        }
        #expect(bridge.log.contains("msg=bridge.twodo_reconnected"))
        #expect(bridge.log.contains("msg=bridge.session_resumed"))
        // Tokens are never logged, by the bridge or the server.
        #expect(bridge.log.firstMatch(of: #/[2-9A-HJ-NP-Z]{32}/#) == nil)
        #expect(first.log.firstMatch(of: #/[2-9A-HJ-NP-Z]{32}/#) == nil)
    }
}
