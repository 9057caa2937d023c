// The bridge's rules without a network: sessions per nick, replies and events, channels, nick changes, outages.

import Testing
import TwoDoBridge

/// Drives a `BridgeCore` the way the runner does, with the TwoDo side played by hand.
struct Harness {
    var core = BridgeCore(nick: "twodo", settings: BridgeSettings(channel: "#fam"))

    init() {
        _ = core.handle(IRCMessage(parsing: ":irc.test 001 twodo :Welcome")!, now: 0)
    }

    /// A line from the IRC server.
    mutating func irc(_ line: String, now: Double = 1) -> [BridgeAction] {
        core.handle(IRCMessage(parsing: line)!, now: now)
    }

    /// A private message from `nick` to the bot.
    /// `user` is the IRC user name, which stays the same when the nick changes (default: the nick).
    mutating func say(
        _ nick: String, _ text: String, user: String? = nil, host: String = "127.0.0.1", now: Double = 1
    ) -> [BridgeAction] {
        irc(":\(nick)!~\(user ?? nick)@\(host) PRIVMSG twodo :\(text)", now: now)
    }

    /// A message from `nick` in the channel.
    mutating func channel(_ nick: String, _ text: String, now: Double = 1) -> [BridgeAction] {
        irc(":\(nick)!~\(nick)@127.0.0.1 PRIVMSG #fam :\(text)", now: now)
    }

    /// Opens `nick`'s session and logs it in as `account`; returns the session id.
    @discardableResult
    mutating func loggedIn(_ nick: String, as account: String, lang: String = "en") -> SessionID {
        let actions = say(nick, "login \(account) secret-\(account)")
        guard case .open(let id) = actions.last else { fatalError("no session opened: \(actions)") }
        _ = core.sessionConnected(id, now: 1)
        _ = core.received(
            #"{"type":"reply","ok":true,"code":"auth.logged_in","text":"Welcome back.","data":{"name":"\#(account)","lang":"\#(lang)","tz":"UTC"}}"#,
            on: id, now: 1)
        return id
    }

    func id(_ nick: String) -> SessionID? { core.sessions.session(forNick: nick)?.id }
}

/// The IRC lines among actions, serialized.
func ircLines(_ actions: [BridgeAction]) -> [String] {
    actions.compactMap { if case .irc(let m, _) = $0 { return m.serialized } else { return nil } }
}

/// The lines sent to TwoDo among actions.
func sent(_ actions: [BridgeAction]) -> [String] {
    actions.compactMap { if case .send(_, let line) = $0 { return line } else { return nil } }
}

func reply(_ code: String, _ text: String, ok: Bool = true) -> String {
    #"{"type":"reply","ok":\#(ok),"code":"\#(code)","text":"\#(text)","data":{}}"#
}

func event(_ name: String, actor: String, _ text: String) -> String {
    #"{"type":"event","event":"\#(name)","actor":"\#(actor)","text":"\#(text)","data":{}}"#
}

@Suite("BridgeCore", .timeLimit(.minutes(1)))
struct BridgeCoreTests {
    @Test("registration joins the channel")
    func joinsChannel() {
        var core = BridgeCore(nick: "twodo", settings: BridgeSettings(channel: "#fam"))
        let actions = core.handle(IRCMessage(parsing: ":irc.test 001 twodo_ :Welcome")!, now: 0)
        #expect(ircLines(actions) == ["JOIN #fam"])
        #expect(core.nick == "twodo_")
        #expect(core.isRegistered)
    }

    @Test("a first private message opens a session; once open it goes JSON, then the waiting lines follow in order")
    func opensSession() throws {
        var h = Harness()
        let first = h.say("alice", "register alice secret-alice")
        let id = try #require(h.id("alice"))
        #expect(first.contains(.open(id)))
        #expect(sent(first).isEmpty)
        #expect(sent(h.say("alice", "add milk")).isEmpty)  // still connecting: kept
        let connected = h.core.sessionConnected(id, now: 2)
        #expect(sent(connected) == ["@id=bridge.json json on", "register alice secret-alice", "add milk"])
        #expect(sent(h.say("alice", "  show  ")) == ["show"])
    }

    @Test("replies come back as PRIVMSG split into lines, events as NOTICE; the bridge's own replies stay hidden")
    func repliesAndEvents() throws {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        #expect(
            ircLines(h.core.received(reply("task.list", #"Inbox (1 open):\n  1. [ ] milk"#), on: id, now: 2)) == [
                "PRIVMSG alice :Inbox (1 open):", "PRIVMSG alice :  1. [ ] milk",
            ])
        #expect(
            ircLines(
                h.core.received(event("task.added", actor: "bob", #"bob added \"eggs\" to Inbox."#), on: id, now: 2))
                == [
                    #"NOTICE alice :bob added "eggs" to Inbox."#
                ])
        #expect(
            h.core.received(
                #"{"type":"reply","id":"bridge.json","ok":true,"code":"json.on","text":"JSON on.","data":{}}"#, on: id,
                now: 2
            ).isEmpty)
        #expect(h.core.received("Welcome to TwoDo! / TwoDo'ya hoş geldiniz!", on: id, now: 2).isEmpty)
    }

    @Test(
        "account commands in a channel are refused with a notice, never forwarded and never logged",
        arguments: [
            "register carol hunter2hunter2", "twodo: login alice secret-alice", "twodo, passwd old-secret new-secret",
            "Giriş alice secret-alice", "KAYDOL ayşe gizli-şifre", "@id=7 login alice secret-alice",
            "şifre eski-şifre yeni-şifre",
            "password old-secret new-secret", "  gir alice secret-alice",
        ])
    func credentialsInChannel(line: String) throws {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let actions = h.channel("alice", line)
        #expect(actions.count == 1)
        let notice = try #require(ircLines(actions).first)
        #expect(notice.hasPrefix("NOTICE alice :Never send passwords in a channel"))
        #expect(sent(actions).isEmpty)
        #expect(!actions.contains { if case .log = $0 { return true } else { return false } })
        #expect(!actions.contains { if case .open = $0 { return true } else { return false } })
        #expect(h.core.sessions[id]?.account == "alice")
        // The same user, privately: passed on.
        let secret = try #require(line.split(separator: " ").last)
        #expect(sent(h.say("alice", line)).contains { $0.contains(secret) })
    }

    @Test(
        "ordinary channel chat is ignored; commands addressed to the bot in a channel get a pointer to private messages"
    )
    func channelChat() {
        var h = Harness()
        #expect(h.channel("alice", "add milk, anyone?").isEmpty)
        #expect(h.irc(":alice!~a@h PRIVMSG #other :login alice x").isEmpty)  // not the bridge's channel
        #expect(
            ircLines(h.channel("alice", "twodo: add milk")) == [
                "NOTICE alice :I take commands in private messages: /msg twodo help / Komutları özel mesajla alıyorum: /msg twodo yardım"
            ])
        #expect(h.core.sessions.count == 0)
    }

    @Test("a nick change keeps the session: the new nick talks to the same TwoDo connection")
    func nickChange() throws {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let renamed = h.irc(":alice!~alice@127.0.0.1 NICK :alice_away")
        #expect(renamed.contains(.renameLane(from: "alice", to: "alice_away")))
        #expect(h.id("alice") == nil)
        #expect(h.id("ALICE_AWAY") == id)
        let actions = h.say("alice_away", "show", user: "alice")
        #expect(actions == [.send(id, "show")])
        #expect(
            ircLines(h.core.received(reply("task.list", "Inbox is empty."), on: id, now: 2)) == [
                "PRIVMSG alice_away :Inbox is empty."
            ])
        // Someone else now using "alice" gets a fresh session, not alice's.
        let stranger = h.say("alice", "show")
        #expect(stranger.contains { if case .open(let other) = $0 { return other != id } else { return false } })
        #expect(!stranger.contains(.send(id, "show")))
    }

    @Test("the bot's own nick change is tracked, not taken for a user's")
    func ownNickChange() {
        var h = Harness()
        #expect(h.irc(":twodo!~twodo@h NICK :twodo2").isEmpty)
        #expect(h.core.nick == "twodo2")
    }

    @Test("QUIT ends the user's TwoDo connection")
    func quit() {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let actions = h.irc(":alice!~alice@127.0.0.1 QUIT :Client Quit")
        #expect(actions.first == .close(id))
        #expect(h.core.sessions.count == 0)
    }

    @Test("the same nick from another user@host does not inherit the session")
    func otherHost() {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let actions = h.say("alice", "show", host: "evil.example")
        #expect(actions.first == .close(id))
        #expect(h.id("alice") != id)
        #expect(sent(actions).isEmpty)
    }

    @Test("`quit` and an idle timeout end the session after passing on the server's words")
    func byeEnds() {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let actions = h.core.received(reply("bye", "Bye for now!"), on: id, now: 2)
        #expect(ircLines(actions) == ["PRIVMSG alice :Bye for now!"])
        #expect(actions.contains(.close(id)))
        #expect(h.core.sessions.count == 0)
    }

    @Test("a lost TwoDo connection is reported, retried with back-off, and the user is asked to log in again")
    func twodoOutage() throws {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let lost = h.core.sessionClosed(id, now: 10)
        #expect(ircLines(lost) == ["NOTICE alice :The TwoDo server went away; you are logged out. I am reconnecting."])
        #expect(h.core.sessions[id]?.account == nil)
        #expect(ircLines(h.say("alice", "show", now: 10.5)).first?.contains("still away") == true)
        #expect(h.core.tick(now: 10.9).isEmpty)
        #expect(h.core.tick(now: 11).contains(.open(id)))
        #expect(h.core.sessionConnectFailed(id, now: 11).isEmpty)
        #expect(!h.core.tick(now: 12.9).contains(.open(id)))  // the second wait is 2 s
        #expect(h.core.tick(now: 13).contains(.open(id)))
        let back = h.core.sessionConnected(id, now: 13)
        #expect(sent(back) == ["@id=bridge.json json on"])
        #expect(ircLines(back) == ["NOTICE alice :TwoDo is back. Please log in again: login <name> <password>"])
        #expect(sent(h.say("alice", "login alice secret-alice", now: 14)) == ["login alice secret-alice"])
    }

    @Test("a first connection that fails tells the user and leaves no session behind")
    func unreachable() throws {
        var h = Harness()
        _ = h.say("alice", "login alice secret-alice")
        let id = try #require(h.id("alice"))
        let actions = h.core.sessionConnectFailed(id, now: 1)
        #expect(ircLines(actions).first?.hasPrefix("NOTICE alice :I cannot reach the TwoDo server") == true)
        #expect(h.core.sessions.count == 0)
    }

    @Test("`share here` needs a login; then the couple's changes are announced in the channel once each")
    func share() throws {
        var h = Harness()
        #expect(ircLines(h.channel("alice", "share here")).first?.hasPrefix("NOTICE alice :Log in first") == true)
        let alice = h.loggedIn("alice", as: "alice")
        let bob = h.loggedIn("bob", as: "bob", lang: "tr")
        #expect(
            ircLines(h.channel("alice", "twodo: share here")) == [
                #"NOTICE #fam :alice's couple updates will be announced here. "share off" stops it."#
            ])
        // bob's change reaches alice's shared session as an event: announced.
        let bobAdds = h.core.received(
            event("task.added", actor: "bob", #"bob added \"eggs\" to Inbox."#), on: alice, now: 2)
        #expect(
            ircLines(bobAdds) == [
                #"NOTICE alice :bob added "eggs" to Inbox."#, #"NOTICE #fam :bob added "eggs" to Inbox."#,
            ])
        // alice's own change comes back as her reply: announced with her name.
        let aliceAdds = h.core.received(reply("task.added", #"Added \"milk\" to Inbox."#), on: alice, now: 2)
        #expect(ircLines(aliceAdds).last == #"NOTICE #fam :[alice] Added "milk" to Inbox."#)
        // Failed commands, chat and reminders stay private.
        #expect(
            ircLines(h.core.received(reply("error.not_found", "Not found.", ok: false), on: alice, now: 2)).count == 1)
        #expect(ircLines(h.core.received(event("chat.message", actor: "bob", "bob: hi"), on: alice, now: 2)).count == 1)
        // With bob sharing too, alice's change reaching bob as an event is not announced a second time.
        #expect(ircLines(h.channel("bob", "burada paylaş")).first?.contains("bob ve eşinin") == true)
        #expect(
            ircLines(h.core.received(event("task.completed", actor: "alice", "alice milk bitirdi."), on: bob, now: 2))
                == [
                    "NOTICE bob :alice milk bitirdi."
                ])
        #expect(ircLines(h.channel("alice", "share off")).first?.contains("no longer announced") == true)
        #expect(h.core.sessions[alice]?.shared == false)
    }

    @Test("users who left unseen are found by ISON and their sessions ended")
    func presence() throws {
        var h = Harness()
        let alice = h.loggedIn("alice", as: "alice")
        let bob = h.loggedIn("bob", as: "bob")
        #expect(!ircLines(h.core.tick(now: 30)).contains { $0.hasPrefix("ISON") })
        let tick = h.core.tick(now: 61)
        #expect(ircLines(tick).contains("ISON :alice bob"))
        let answer = h.irc(":irc.test 303 twodo :bob")
        #expect(answer.first == .close(alice))
        #expect(h.core.sessions[alice] == nil)
        #expect(h.core.sessions[bob] != nil)
    }

    @Test("a logged-in session silent for the keep-alive interval gets a ping the user never sees")
    func keepalive() {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        #expect(sent(h.core.tick(now: 500)).isEmpty)
        #expect(sent(h.core.tick(now: 601)) == ["@id=bridge.keepalive ping"])
        #expect(
            h.core.received(
                #"{"type":"reply","id":"bridge.keepalive","ok":true,"code":"pong","text":"pong","data":{}}"#, on: id,
                now: 601
            ).isEmpty)
    }

    @Test("losing IRC ends every session; once back, the users who were logged in are told")
    func ircOutage() {
        var h = Harness()
        let alice = h.loggedIn("alice", as: "alice", lang: "tr")
        _ = h.say("carol", "help")
        let lost = h.core.ircLost()
        #expect(lost.contains(.close(alice)))
        #expect(h.core.sessions.count == 0)
        #expect(!h.core.isRegistered)
        let back = h.irc(":irc.test 001 twodo :Welcome")
        #expect(
            ircLines(back) == [
                "JOIN #fam",
                "NOTICE alice :IRC bağlantım koptu, TwoDo oturumun kapandı. Yeniden giriş yap: /msg twodo giriş <ad> <şifre>",
            ])
    }

    @Test(
        "`json off` is answered by the bridge and not passed on, so replies stay readable",
        arguments: ["json off", "JSON kapat", "@id=1 json off"])
    func jsonStaysOn(line: String) {
        var h = Harness()
        let id = h.loggedIn("alice", as: "alice")
        let actions = h.say("alice", line)
        #expect(sent(actions).isEmpty)
        #expect(ircLines(actions).first?.hasPrefix("NOTICE alice :The bridge keeps JSON mode on") == true)
        #expect(sent(h.say("alice", "show")) == ["show"])
        #expect(h.core.sessions[id] != nil)
    }

    @Test("CTCP requests and notices are not commands")
    func ctcpIgnored() {
        var h = Harness()
        #expect(h.say("alice", "\u{1}VERSION\u{1}").isEmpty)
        #expect(h.irc(":alice!~alice@h NOTICE twodo :login a b").isEmpty)
        #expect(h.core.sessions.count == 0)
    }
}
