// The account commands run without the loop: each asks for one hash job, a stand-in pool runs it, and
// `Accounts.complete` finishes it, naming what it does to sessions as effects.

import Testing
import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoText

@Suite("Account commands without the loop")
struct AccountHandlerTests {
    /// The member `key` of a reply's JSON object.
    func member(_ key: String, _ o: Outcome) -> JSONValue? {
        guard case .object(let fields)? = o.reply.data else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    @Test("register asks for one hash, then logs the session in with a resume token")
    func registerThenLogin() throws {
        let h = try HandlerHarness()
        let s = h.anonymousSession()
        let o = try h.runThrough("register dana Tulip-Harbor-91", as: s)
        #expect(o.reply.code == .authRegistered)
        #expect(h.jobs == 1)
        #expect(s.user != nil)
        #expect(o.effects.contains { if case .loggedIn(s.id, _) = $0 { true } else { false } })
        guard case .string(let token)? = member("resume", o) else {
            Issue.record("no resume token in \(String(describing: o.reply.data))")
            return
        }
        #expect(s.resumeDigest == "digest:" + token)
        #expect(o.wrote)

        // A second session resumes with the token: one more job, the same user.
        let other = h.anonymousSession()
        let resumed = try h.runThrough("resume \(token)", as: other)
        #expect(resumed.reply.code == .authResumed)
        #expect(other.user == s.user)
    }

    @Test("a password with the name in it is refused after its job, and nobody is logged in")
    func weakPassword() throws {
        let h = try HandlerHarness()
        let s = h.anonymousSession()
        let o = try h.runThrough("register erin erin-Harbor-Tulip", as: s)
        #expect(o.reply.code == .errorPasswordName)
        #expect(s.user == nil)
        #expect(o.effects.isEmpty)
    }

    @Test("wrong passwords are checked on the pool until the throttle answers without a job")
    func wrongPasswordsThrottle() throws {
        let h = try HandlerHarness()
        let s = h.anonymousSession()
        _ = try h.runThrough("register fern Tulip-Harbor-91", as: s)
        _ = try h.runThrough("logout", as: s)
        var codes: [ReplyCode] = []
        for _ in 0..<7 { codes.append(try h.runThrough("login fern Wrong-Harbor-00", as: s).reply.code) }
        #expect(codes.prefix(5).allSatisfy { $0 == .errorBadCredentials })
        #expect(codes.last == .errorThrottled)
        #expect(h.jobs == 1 + 5)  // the register, then five checks; throttled attempts never reach the pool
        #expect(s.user == nil)
    }

    @Test("passwd counts the other sessions and asks the loop to end them; the acting one stays")
    func passwdEndsOthers() throws {
        let h = try HandlerHarness()
        let first = h.anonymousSession()
        _ = try h.runThrough("register gale Tulip-Harbor-91", as: first)
        let second = h.anonymousSession()
        _ = try h.runThrough("login gale Tulip-Harbor-91", as: second)
        let o = try h.runThrough("passwd Tulip-Harbor-91 Maple-Canyon-27", as: first)
        #expect(o.reply.code == .authPasswordChanged)
        #expect(member("ended_sessions", o) == .int(1))
        #expect(
            o.effects.contains {
                if case .endOtherSessions(_, except: first.id, reason: .authPasswordChangedElsewhere) = $0 {
                    true
                } else {
                    false
                }
            })
        #expect(first.user != nil)
        #expect(second.user == nil)
        // The old password no longer opens the account; the new one does.
        let third = h.anonymousSession()
        #expect(try h.runThrough("login gale Tulip-Harbor-91", as: third).reply.code == .errorBadCredentials)
        #expect(try h.runThrough("login gale Maple-Canyon-27", as: third).reply.code == .authLoggedIn)
    }

    @Test("account delete tells the partner, ends every session and closes the acting one")
    func deleteAccount() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.store.setPasswordHash("plain:Tulip-Harbor-91", for: alice.0.id)
        let o = try h.runThrough("account delete confirm Tulip-Harbor-91", as: alice.1)
        #expect(o.reply.code == .accountDeleted)
        #expect(o.close)
        #expect(o.effects.contains { if case .loggedOut(alice.1.id, _) = $0 { true } else { false } })
        #expect(o.events.contains { $0.name == .accountDeleted && $0.recipients == [bob.0.id] })
        #expect(try h.store.user(alice.0.id) == nil)
    }

    @Test("what a command raised stays with it: the next command of the same session starts with nothing")
    func nothingCarriesOver() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let added = try h.run("add milk", as: alice.1)
        #expect(!added.events.isEmpty)
        let shown = try h.run("show", as: alice.1)
        #expect(shown.events.isEmpty)
        #expect(!shown.remindersChanged)
        #expect(shown.effects.isEmpty)
    }
}
