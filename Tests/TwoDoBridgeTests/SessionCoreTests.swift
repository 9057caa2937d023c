// The session state machine both bridges share, driven directly with a test contact (no IRC, no Matrix).

import Testing

@testable import TwoDoBridge

/// A chat user for the tests: found by `name`, answered at `place`.
struct TestContact: ChatContact {
    var name: String
    var place: String = "here"
    var key: String { name }
    var logFields: [String: String] { ["who": name] }
}

@Suite("SessionCore", .timeLimit(.minutes(1)))
struct SessionCoreTests {
    typealias Core = SessionCore<TestContact>
    typealias Action = SessionAction<TestContact>

    let alice = TestContact(name: "alice")

    func makeCore(maxSessions: Int = 10) -> Core {
        Core(keepaliveInterval: 600, reconnect: Backoff(initial: 1, maximum: 4), maxSessions: maxSessions)
    }

    /// A core with `alice`'s session open and logged in as `account`; returns it with the session id.
    func loggedIn(_ account: String = "alice", lang: String = "en") -> (Core, SessionID) {
        var core = makeCore()
        let id = SessionID(1)
        _ = core.command("login \(account) pw", from: alice, now: 0)
        _ = core.sessionConnected(id, now: 0)
        _ = core.received(login(account, lang: lang), on: id, now: 0)
        return (core, id)
    }

    func login(_ account: String, lang: String = "en") -> String {
        #"{"type":"reply","ok":true,"code":"auth.logged_in","text":"Welcome back.","data":{"name":"\#(account)","lang":"\#(lang)"}}"#
    }

    func reply(_ code: String, _ text: String, ok: Bool = true, id: String? = nil) -> String {
        let tag = id.map { #","id":"\#($0)""# } ?? ""
        return #"{"type":"reply","ok":\#(ok),"code":"\#(code)","text":"\#(text)"\#(tag),"data":{}}"#
    }

    func event(_ name: String, by actor: String, _ text: String) -> String {
        #"{"type":"event","event":"\#(name)","actor":"\#(actor)","text":"\#(text)","data":{}}"#
    }

    @Test("the first line opens a session; lines typed while it connects are sent after json on, in order")
    func firstLineOpens() throws {
        var core = makeCore()
        #expect(
            core.command("register alice pw", from: alice, now: 5)
                == [.log("bridge.session_opened", ["session": "1", "who": "alice"]), .open(SessionID(1))])
        #expect(core.command("show", from: alice, now: 6) == [])
        let session = try #require(core.sessions.session(forKey: "alice"))
        #expect(session.state == .connecting)
        #expect(session.pending == ["register alice pw", "show"])
        #expect(
            core.sessionConnected(session.id, now: 7) == [
                .send(session.id, "@id=bridge.json json on"), .send(session.id, "register alice pw"),
                .send(session.id, "show"),
            ])
        #expect(core.sessions[session.id]?.state == .open)
        #expect(core.sessions[session.id]?.pending == [])
        #expect(core.command("add milk", from: alice, now: 8) == [.send(session.id, "add milk")])
    }

    @Test(
        "json commands are refused (the bridge must keep reading JSON); other lines pass",
        arguments: [
            ("json off", true), ("JSON on", true), ("@id=7 json off", true), ("show", false),
            ("add json parser", false),
        ])
    func jsonRefused(line: String, refused: Bool) {
        let core = makeCore()
        let refusal = core.refusal(of: line, from: alice)
        if refused {
            #expect(refusal == [.tell(alice, BridgeText.text(.jsonFixed, lang: nil), notice: true)])
        } else {
            #expect(refusal == nil)
        }
    }

    @Test("past the session limit a new user is told the server is unreachable and nothing opens")
    func sessionLimit() {
        var core = makeCore(maxSessions: 1)
        _ = core.command("show", from: alice, now: 0)
        let bob = TestContact(name: "bob")
        #expect(
            core.command("show", from: bob, now: 0) == [
                .tell(bob, BridgeText.text(.serverUnreachable, lang: nil), notice: true),
                .log("bridge.session_limit", ["max": "1"]),
            ])
        #expect(core.sessions.count == 1)
    }

    @Test("a first connection that fails ends the session and says so")
    func firstConnectFails() {
        var core = makeCore()
        _ = core.command("show", from: alice, now: 0)
        #expect(
            core.sessionConnectFailed(SessionID(1), now: 1) == [
                .tell(alice, BridgeText.text(.serverUnreachable, lang: nil), notice: true),
                .log("bridge.twodo_unreachable", ["session": "1"]),
            ])
        #expect(core.sessions.isEmpty)
    }

    @Test("a lost connection is reported, retried with doubling waits, and welcomed back with the wait reset")
    func reconnectWithBackoff() throws {
        var (core, id) = loggedIn(lang: "tr")
        #expect(
            core.sessionClosed(id, now: 10) == [
                .tell(alice, BridgeText.text(.serverGone, lang: "tr"), notice: true),
                .log("bridge.twodo_lost", ["session": "1"]),
            ])
        #expect(core.sessions[id]?.account == nil)
        #expect(core.sessions[id]?.state == .reconnecting(retryAt: 11))
        #expect(core.sessionClosed(id, now: 10) == [])  // already reconnecting
        #expect(
            core.command("show", from: alice, now: 10.5) == [
                .tell(alice, BridgeText.text(.stillReconnecting, lang: "tr"), notice: true)
            ])
        #expect(core.tick(now: 10.9) == [])
        #expect(core.tick(now: 11) == [.open(id)])
        #expect(core.sessionConnectFailed(id, now: 11) == [])  // the next attempt is scheduled
        #expect(core.sessions[id]?.state == .reconnecting(retryAt: 13))
        #expect(core.tick(now: 13) == [.open(id)])
        #expect(core.sessions[id]?.state == .reconnecting(retryAt: 17))
        #expect(core.tick(now: 17) == [.open(id)])
        #expect(core.sessions[id]?.state == .reconnecting(retryAt: 21))  // capped at 4 s
        #expect(
            core.sessionConnected(id, now: 18) == [
                .send(id, "@id=bridge.json json on"),
                .tell(alice, BridgeText.text(.serverBack, lang: "tr"), notice: true),
                .log("bridge.twodo_reconnected", ["session": "1"]),
            ])
        _ = core.sessionClosed(id, now: 20)
        #expect(core.sessions[id]?.state == .reconnecting(retryAt: 21))  // the wait started over
    }

    @Test("replies follow login, language and logout; the bridge's own replies stay hidden")
    func repliesTrackAccount() throws {
        var (core, id) = loggedIn(lang: "tr")
        #expect(core.sessions[id]?.account == "alice")
        #expect(core.sessions[id]?.lang == "tr")
        #expect(core.received(reply("ping", "pong", id: "bridge.keepalive"), on: id, now: 1) == [])
        #expect(core.received("Welcome to TwoDo", on: id, now: 1) == [])
        #expect(
            core.received(
                #"{"type":"reply","ok":true,"code":"lang.set","text":"OK","data":{"lang":"en"}}"#, on: id, now: 1)
                == [.tell(alice, "OK", notice: false)])
        #expect(core.sessions[id]?.lang == "en")
        _ = core.received(reply("auth.logged_out", "Bye for now."), on: id, now: 1)
        #expect(core.sessions[id]?.account == nil)
    }

    @Test("a failed login does not set the account")
    func failedLogin() {
        var core = makeCore()
        _ = core.command("login alice wrong", from: alice, now: 0)
        _ = core.sessionConnected(SessionID(1), now: 0)
        _ = core.received(reply("auth.bad_credentials", "No.", ok: false), on: SessionID(1), now: 0)
        #expect(core.sessions[SessionID(1)]?.account == nil)
    }

    @Test("events come as notices", arguments: ["task.added", "reminder.due"])
    func eventsAreNotices(name: String) {
        var (core, id) = loggedIn()
        #expect(core.received(event(name, by: "bob", "news"), on: id, now: 1) == [.tell(alice, "news", notice: true)])
    }

    @Test(
        "quit and idle timeout end the session with their reason",
        arguments: [
            ("bye", "quit_command"), ("error.idle_timeout", "idle"),
        ])
    func endingReplies(code: String, reason: String) {
        var (core, id) = loggedIn()
        #expect(
            core.received(reply(code, "Goodbye."), on: id, now: 1) == [
                .tell(alice, "Goodbye.", notice: false), .close(id),
                .log("bridge.session_closed", ["session": "1", "reason": reason]),
            ])
        #expect(core.sessions.isEmpty)
    }

    @Test("a shared session's list changes are announced once: its own replies by account, partner events plain")
    func sharedAnnouncements() {
        var (core, id) = loggedIn()
        core.sessions[id]?.shared = true
        #expect(
            core.received(reply("task.added", "Added milk."), on: id, now: 1) == [
                .tell(alice, "Added milk.", notice: false), .announce("Added milk.", by: "alice"),
            ])
        #expect(core.received(reply("chat.sent", "Sent."), on: id, now: 1) == [.tell(alice, "Sent.", notice: false)])
        #expect(
            core.received(event("task.completed", by: "bob", "bob did it"), on: id, now: 1) == [
                .tell(alice, "bob did it", notice: true), .announce("bob did it", by: nil),
            ])
        // Her own change echoed as an event (from another session of hers) was already announced.
        #expect(
            core.received(event("task.added", by: "alice", "alice added tea"), on: id, now: 1) == [
                .tell(alice, "alice added tea", notice: true)
            ])
        _ = core.sessionClosed(id, now: 2)
        #expect(core.sessions[id]?.shared == false)  // the server logged her out
    }

    @Test("a quiet logged-in session is pinged before the idle timeout; one not logged in is not")
    func keepalive() {
        var (core, id) = loggedIn()
        #expect(core.tick(now: 599) == [])
        #expect(core.tick(now: 600) == [.send(id, "@id=bridge.keepalive ping")])
        #expect(core.tick(now: 601) == [])
        var anonymous = makeCore()
        _ = anonymous.command("help", from: alice, now: 0)
        _ = anonymous.sessionConnected(SessionID(1), now: 0)
        #expect(anonymous.tick(now: 10_000) == [])
    }

    @Test("a line takes the contact it came with (a Matrix user's latest room), and replies go there")
    func contactFollowsLatestLine() {
        var (core, id) = loggedIn()
        let moved = TestContact(name: "alice", place: "elsewhere")
        #expect(core.command("show", from: moved, now: 1) == [.send(id, "show")])
        #expect(core.received(reply("list.shown", "Inbox"), on: id, now: 1) == [.tell(moved, "Inbox", notice: false)])
    }

    @Test("a connection for a session that ended meanwhile is closed at once")
    func connectedAfterEnd() {
        var core = makeCore()
        _ = core.command("show", from: alice, now: 0)
        _ = core.end(SessionID(1), reason: "quit")
        #expect(core.sessionConnected(SessionID(1), now: 1) == [.close(SessionID(1))])
        #expect(core.received(reply("x", "y"), on: SessionID(1), now: 1) == [])
        #expect(core.tick(now: 1) == [])
    }
}

/// Reconnecting after the server went away with the resume token the login handed out.
@Suite("SessionCore resume", .timeLimit(.minutes(1)))
struct SessionCoreResumeTests {
    typealias Core = SessionCore<TestContact>

    let alice = TestContact(name: "alice")
    let token = "K7QM2XHD9PWART4BK7QM2XHD9PWART4B"

    func reply(_ code: String, ok: Bool = true, id: String? = nil, data: String = "{}") -> String {
        let tag = id.map { #","id":"\#($0)""# } ?? ""
        return #"{"type":"reply","ok":\#(ok),"code":"\#(code)","text":"t"\#(tag),"data":\#(data)}"#
    }

    /// A core with alice logged in (in `lang`) and holding `token`.
    func loggedIn(lang: String = "en") -> (Core, SessionID) {
        var core = Core(keepaliveInterval: 600, reconnect: Backoff(initial: 1, maximum: 4), maxSessions: 10)
        let id = SessionID(1)
        _ = core.command("login alice pw", from: alice, now: 0)
        _ = core.sessionConnected(id, now: 0)
        _ = core.received(
            reply("auth.logged_in", data: #"{"name":"alice","lang":"\#(lang)","resume":"\#(token)"}"#), on: id, now: 0)
        return (core, id)
    }

    @Test("a lost session with a token is resumed on reconnection; the user is told they are still logged in")
    func resumes() throws {
        var (core, id) = loggedIn(lang: "tr")
        #expect(core.sessions[id]?.resumeToken == token)
        #expect(
            core.sessionClosed(id, now: 10) == [
                .tell(alice, BridgeText.text(.serverGoneResuming, lang: "tr"), notice: true),
                .log("bridge.twodo_lost", ["session": "1"]),
            ])
        #expect(core.sessions[id]?.account == nil)
        #expect(core.tick(now: 11) == [.open(id)])
        let actions = core.sessionConnected(id, now: 11)
        #expect(
            actions == [
                .send(id, "@id=bridge.json json on"), .send(id, "@id=bridge.resume resume \(token)"),
                .log("bridge.twodo_reconnected", ["session": "1"]),
            ])
        // The token is never in a log action or a message to the user.
        for action in actions {
            if case .log(_, let fields) = action { #expect(!fields.values.contains { $0.contains(token) }) }
            if case .tell(_, let text, _) = action { #expect(!text.contains(token)) }
        }
        // Lost again before the server answered: the next connection resumes again.
        #expect(core.sessionClosed(id, now: 11.05).first?.isResumingNotice == true)
        _ = core.tick(now: 12.05)
        #expect(core.sessionConnected(id, now: 12.05).contains(.send(id, "@id=bridge.resume resume \(token)")))
        // A line typed before the answer goes after the resume, on the same connection.
        #expect(core.command("show", from: alice, now: 11.1) == [.send(id, "show")])
        let answered = core.received(
            reply("auth.resumed", id: "bridge.resume", data: #"{"name":"alice","lang":"tr"}"#), on: id, now: 11.2)
        #expect(
            answered == [
                .tell(alice, BridgeText.text(.resumed, lang: "tr", nick: "alice"), notice: true),
                .log("bridge.session_resumed", ["session": "1"]),
            ])
        #expect(core.sessions[id]?.account == "alice")
        #expect(core.sessions[id]?.resumeToken == token)  // kept for the next restart
        // A second restart resumes again.
        _ = core.sessionClosed(id, now: 20)
        _ = core.tick(now: 21)
        #expect(core.sessionConnected(id, now: 21).contains(.send(id, "@id=bridge.resume resume \(token)")))
    }

    @Test("a token that no longer works is forgotten and the user is asked to log in")
    func resumeFails() throws {
        var (core, id) = loggedIn()
        _ = core.sessionClosed(id, now: 10)
        _ = core.tick(now: 11)
        _ = core.sessionConnected(id, now: 11)
        let answered = core.received(
            reply("error.resume_invalid", ok: false, id: "bridge.resume"), on: id, now: 11.2)
        #expect(
            answered == [
                .tell(alice, BridgeText.text(.serverBack, lang: "en"), notice: true),
                .log("bridge.resume_failed", ["session": "1", "code": "error.resume_invalid"]),
            ])
        #expect(core.sessions[id]?.account == nil)
        #expect(core.sessions[id]?.resumeToken == nil)
        // The next loss is reported as a logout, and the reconnection asks for a login without trying.
        let gone = core.sessionClosed(id, now: 20)
        #expect(gone.first == .tell(alice, BridgeText.text(.serverGone, lang: "en"), notice: true))
        _ = core.tick(now: 21)
        let sent = core.sessionConnected(id, now: 21).compactMap { action -> String? in
            if case .send(_, let line) = action { return line }
            return nil
        }
        #expect(sent == ["@id=bridge.json json on"])
    }

    @Test(
        "logout, a password change elsewhere, a reset and account deletion forget the token; passwd replaces it",
        arguments: [
            "auth.logged_out", "auth.password_changed_elsewhere", "auth.password_reset", "auth.account_deleted",
        ])
    func tokenForgotten(code: String) {
        var (core, id) = loggedIn()
        _ = core.received(reply(code, ok: code == "auth.logged_out"), on: id, now: 1)
        #expect(core.sessions[id]?.resumeToken == nil)
        #expect(core.sessions[id]?.account == nil)
    }

    @Test("passwd hands over a new token")
    func passwdReplaces() {
        var (core, id) = loggedIn()
        let renewed = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        _ = core.received(reply("auth.password_changed", data: #"{"resume":"\#(renewed)"}"#), on: id, now: 1)
        #expect(core.sessions[id]?.resumeToken == renewed)
        #expect(core.sessions[id]?.account == "alice")
    }
}

extension SessionAction {
    /// Whether this is the "I will log you back in" notice, in any language.
    fileprivate var isResumingNotice: Bool {
        guard case .tell(_, let text, true) = self else { return false }
        return ["en", "tr"].contains { text == BridgeText.text(.serverGoneResuming, lang: $0) }
    }
}
