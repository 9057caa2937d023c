// End to end: resume tokens over TCP: handed out by login, register and passwd, accepted
// by `resume` / `oturumu sürdür` on a new connection and after a restart, ended by logout, passwd, a reset,
// account deletion and 30 days, throttled like logins, and never another account's way in.

import Foundation
import Testing

@Suite("Resume tokens over TCP", .serialized, .timeLimit(.minutes(2)))
struct ResumeTests {
    /// A new JSON-mode connection that is not logged in (from `source` when given).
    static func anonymous(_ server: TestServer, from source: String? = nil) throws -> LineClient {
        let c = try server.connect(from: source)
        _ = try c.command("json on")
        return c
    }

    /// The resume token in a reply's `data.resume`.
    static func token(in reply: JSONObject) throws -> String {
        let token = try #require(reply.data["resume"] as? String)
        #expect(token.count == 32)
        return token
    }

    /// Logs `name` in on a new connection; returns the connection and the token its login handed out.
    static func login(_ server: TestServer, _ name: String) throws -> (LineClient, String) {
        let c = try anonymous(server)
        let reply = try c.ok("login \(name) \(TestServer.password(name))")
        return (c, try token(in: reply))
    }

    @Test("login and register hand out a token; resume logs a new connection in, in English and Turkish")
    func resumeOnNewConnection() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add milk")
        _ = try bob.event()
        let fresh = try Self.anonymous(server)
        let registered = try fresh.ok("register carol \(TestServer.password("carol"))")
        _ = try Self.token(in: registered)

        let (_, token) = try Self.login(server, "alice")
        let other = try Self.anonymous(server)
        let resumed = try other.json("resume \(token)")
        #expect(resumed.code == "auth.resumed")
        #expect(resumed.data["name"] as? String == "alice")
        #expect(resumed.data["resume"] == nil)  // the token stays the same; no new one
        #expect(resumed.text.contains("alice"))
        #expect(try other.ok("show").text.contains("milk"))
        // The partner sees the change live from the resumed session.
        try other.ok("add bread")
        #expect(try bob.event().text.contains("bread"))
        // Already logged in: like `login`.
        #expect(try other.json("resume \(token)").code == "error.already_logged_in")
        // Case does not matter; a token works on any number of connections until it ends.
        let third = try Self.anonymous(server)
        #expect(try third.json("resume \(token.lowercased())").code == "auth.resumed")

        // Turkish: `oturumu sürdür`, answered in the account's language.
        try bob.ok("lang tr")
        let (_, bobToken) = try Self.login(server, "bob")
        let turkish = try Self.anonymous(server)
        let reply = try turkish.json("oturumu sürdür \(bobToken)")
        #expect(reply.code == "auth.resumed")
        #expect(reply.text.contains("oturumunuz sürdürüldü"))
        #expect(try turkish.json("oturumu sürdür").code == "error.usage")
        #expect(try turkish.json("resume a b").code == "error.usage")
    }

    @Test("a token survives a server restart")
    func resumeAfterRestart() throws {
        let server = try TestServer()
        let (alice, _) = try server.couple()
        try alice.ok("add milk")
        let (_, token) = try Self.login(server, "alice")
        #expect(server.stop() == 0)
        let again = try server.startAgain()
        let c = try Self.anonymous(again)
        #expect(try c.json("resume \(token)").code == "auth.resumed")
        #expect(try c.ok("show").text.contains("milk"))
        #expect(!server.log.contains(token) && !again.log.contains(token))
    }

    @Test("logout ends that token only; passwd ends all and hands out a new one; 30 days end a token")
    func tokenEnds() throws {
        let server = try TestServer()
        let (alice, _) = try server.couple()
        let (first, firstToken) = try Self.login(server, "alice")
        let (_, secondToken) = try Self.login(server, "alice")

        try first.ok("logout")
        let c = try Self.anonymous(server)
        #expect(try c.json("resume \(firstToken)").code == "error.resume_invalid")
        #expect(try c.json("resume \(secondToken)").code == "auth.resumed")
        try c.ok("logout")  // a resumed session's logout ends the token it used
        #expect(try c.json("resume \(secondToken)").code == "error.resume_invalid")

        let (_, kept) = try Self.login(server, "alice")
        let changed = try alice.ok("passwd \(TestServer.password("alice")) new-plover-pass-41")
        let renewed = try Self.token(in: changed)
        let d = try Self.anonymous(server)
        #expect(try d.json("resume \(kept)").code == "error.resume_invalid")
        #expect(try d.json("resume \(renewed)").code == "auth.resumed")

        // 30 days after the login the token stops working (the test clock).
        let e = try Self.anonymous(server)
        try e.ok("clock advance 29d")
        #expect(try e.json("resume \(renewed)").code == "auth.resumed")
        let f = try Self.anonymous(server)
        try f.ok("clock advance 2d")
        let expired = try f.json("resume \(renewed)")
        #expect(expired.code == "error.resume_invalid")
        #expect(expired.text.contains("30 days"))
    }

    @Test("a password reset and account deletion end every token")
    func resetAndDeletionEndTokens() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let (_, aliceToken) = try Self.login(server, "alice")
        let (_, bobToken) = try Self.login(server, "bob")
        let stranger = try Self.anonymous(server)
        try stranger.ok("forgot alice")
        _ = try bob.event()
        let code = try #require(try bob.ok("approve reset alice").data["code"] as? String)
        #expect(try stranger.json("reset alice \(code) new-plover-pass-41").code == "reset.done")
        #expect(try stranger.json("resume \(aliceToken)").code == "error.resume_invalid")
        _ = alice

        try bob.ok("account delete confirm \(TestServer.password("bob"))")
        #expect(try stranger.json("resume \(bobToken)").code == "error.resume_invalid")
        // The name is free again; a new bob is not the old token's account.
        let newBob = try Self.anonymous(server)
        try newBob.ok("register bob \(TestServer.password("bob"))")
        #expect(try stranger.json("resume \(bobToken)").code == "error.resume_invalid")
    }

    @Test("wrong tokens are throttled like wrong passwords; another user's token never gives another account")
    func throttledAndIsolated() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        _ = (alice, bob)
        let (_, aliceToken) = try Self.login(server, "alice")
        let guesser = try Self.anonymous(server, from: "127.0.0.2")
        // One character off the real token (a different last character: a token that happens to end in "X" made
        // the old guess the token itself, about one run in thirty).
        let oneOff = String(aliceToken.dropLast()) + (aliceToken.last == "X" ? "Y" : "X")
        let guesses = [
            "AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH", oneOff, "not-a-token",
            String(repeating: "Z", count: 3000), "0000OOOO1111IIII0000OOOO1111IIII",
        ]
        for guess in guesses {
            let reply = try guesser.json("resume \(guess)")
            #expect(reply.code == "error.resume_invalid", "\(guess.prefix(40)): \(reply)")
        }
        // An invisible character is refused before any token is looked at.
        #expect(try guesser.json("resume \(aliceToken)\u{200B}").code == "error.invisible_char")
        let held = try guesser.json("resume \(aliceToken)")
        #expect(held.code == "error.throttled")
        // The guesser's wrong tokens do not hold back anyone else, nor do they reveal whose token is whose.
        let owner = try Self.anonymous(server, from: "127.0.0.3")
        let resumed = try owner.json("resume \(aliceToken)")
        #expect(resumed.code == "auth.resumed")
        #expect(resumed.data["name"] as? String == "alice")
        // A token logs in its own account only: bob's session with alice's token stays bob.
        let (bobSession, _) = try Self.login(server, "bob")
        #expect(try bobSession.json("resume \(aliceToken)").code == "error.already_logged_in")
        #expect(try bobSession.ok("me").data["name"] as? String == "bob")
    }
}
