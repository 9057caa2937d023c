// Unit tests of login throttling: per (name, address), the name-wide limit that spares clean addresses, passwd.

import Testing
@testable import TwoDoFeatures
@testable import TwoDoServer

@Suite("LoginThrottle")
struct LoginThrottleTests {
    @Test("five failures hold back that address on that name only, with back-off")
    func pairBackOff() {
        var t = LoginThrottle()
        for i in 0..<5 { t.fail(name: "alice", address: "10.0.0.1", now: Double(i)) }
        #expect(t.retryAfter(name: "alice", address: "10.0.0.1", now: 4) == 30)
        #expect(t.retryAfter(name: "alice", address: "10.0.0.2", now: 5) == nil, "the owner's address is untouched")
        #expect(t.retryAfter(name: "bob", address: "10.0.0.1", now: 5) == nil, "other names are untouched")
        t.fail(name: "alice", address: "10.0.0.1", now: 40)
        #expect(t.retryAfter(name: "alice", address: "10.0.0.1", now: 40) == 60, "the wait doubles")
        #expect(t.retryAfter(name: "alice", address: "10.0.0.1", now: 101) == nil)
    }

    @Test("a spread-out attack slows every failing address but never a clean one")
    func nameWide() {
        var t = LoginThrottle()
        for i in 0..<20 { t.fail(name: "alice", address: "10.0.1.\(i)", now: 1) }
        #expect(t.retryAfter(name: "alice", address: "10.0.1.3", now: 2) != nil, "an address that failed waits")
        #expect(t.retryAfter(name: "alice", address: "192.168.1.9", now: 2) == nil, "a clean address never waits")
        t.succeed(name: "alice", address: "192.168.1.9")
        #expect(
            t.retryAfter(name: "alice", address: "10.0.1.3", now: 2) != nil,
            "the owner's login does not reset the attack")
    }

    @Test("one address guessing many names is held back after 20 failures")
    func addressWide() {
        var t = LoginThrottle()
        for i in 0..<20 { t.fail(name: "ghost\(i)", address: "10.0.2.1", now: 1) }
        #expect(t.retryAfter(name: "someone", address: "10.0.2.1", now: 2) != nil)
        #expect(t.retryAfter(name: "someone", address: "10.0.2.2", now: 2) == nil)
    }

    @Test("passwd backs off per session, apart from logins")
    func passwd() {
        var t = LoginThrottle()
        for i in 0..<20 { t.fail(name: "alice", address: "10.0.3.\(i)", now: 1) }
        #expect(t.passwdRetryAfter(session: 42, now: 2) == nil, "an attack on the name never blocks passwd")
        for _ in 0..<5 { t.passwdFailed(session: 42, now: 3) }
        #expect(t.passwdRetryAfter(session: 42, now: 4) != nil)
        #expect(t.passwdRetryAfter(session: 43, now: 4) == nil)
    }

    @Test(
        "libpwquality's codes map to our four reasons",
        arguments: [
            (Int32(84), nil), (-22, .dictionary), (-28, .dictionary), (-25, .name), (-26, .name), (-21, .same),
            (-15, .simple), (-29, .simple), (-14, .simple), (-1, nil), (-8, nil),
        ] as [(Int32, PasswordWeakness?)])
    func weaknessCodes(code: Int32, expected: PasswordWeakness?) {
        #expect(PasswordQuality.weakness(code: code) == expected)
    }

    @Test("the shared checker refuses dictionary words and the name, and accepts a passphrase")
    func quality() {
        let q = PasswordQuality.shared
        #expect(q.hasDictionary)
        #expect(q.weakness(of: "password1", name: "alice") == .dictionary)
        #expect(q.weakness(of: "sunshine", name: "alice") == .dictionary)
        #expect(q.weakness(of: "alice-2024", name: "alice") == .name)
        #expect(q.weakness(of: "plover-nyvpr-27", name: "alice") == nil)
        #expect(q.weakness(of: "plover-nyvpr-27", name: "alice", old: "plover-nyvpr-27") == .same)
    }
}
