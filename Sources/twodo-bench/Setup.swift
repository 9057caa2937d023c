// Account set-up over the wire: JSON-mode connections, registrations, logins and paired couples.

import Foundation
import TwoDoSystem

/// Two logged-in connections of one couple: the adder sends commands, the partner receives events.
struct Pair {
    let adder: ClientConnection
    let partner: ClientConnection
}

/// How `done` names the task it completes.
enum DoneStyle {
    /// `done id:<id>`, the stable reference from JSON `data`.
    case byID
    /// `done <title>`, a word search (for parsers without `id:` references).
    case byTitle
}

/// Runs set-up jobs on a client loop, a bounded number at a time.
///
/// Registrations and logins each cost ~30 ms of password hashing on the server's two hash threads, and
/// its hash queue holds 256 jobs; 64 jobs in flight keeps both threads busy without being refused.
final class Setup {
    let loop: ClientLoop
    /// A short random prefix that keeps user names unique across runs against one `--target` server.
    let prefix: String
    /// The password every bench user has.
    static let password = "bench-password-1"

    private var failure: String?

    /// A set-up helper for connections on `loop`, with a fresh random user-name prefix.
    init(loop: ClientLoop) {
        self.loop = loop
        prefix = "b" + String((0..<5).map { _ in "abcdefghijkmnpqrstuvwxyz".randomElement()! })
    }

    /// A user name for `role` number `index` (e.g. `bxkqzp_a17`).
    func name(_ role: String, _ index: Int) -> String { "\(prefix)_\(role)\(index)" }

    /// Records the first failure; `runJobs` throws it.
    func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    /// Opens a connection, switches it to JSON mode, then calls `then` with it.
    func openJSON(source: SourceChoice = .automatic, then: @escaping (ClientConnection) -> Void) {
        let c: ClientConnection
        do {
            c = try loop.connect(source: source) { _ in }
        } catch {
            fail("connect: \(error)")
            return
        }
        c.onClose = { [unowned self] c in self.fail("connection closed during set-up: \(c.closeReason ?? "?")") }
        c.send("json on", at: Monotonic.nanoseconds()) { [unowned self, unowned c] reply in
            guard reply.isOK else { return self.fail("json on: \(reply.text)") }
            then(c)
        }
    }

    /// Sends `command` and calls `then` with the reply when it succeeds; records a failure otherwise.
    func expectOK(_ c: ClientConnection, _ command: String, then: @escaping (Line) -> Void) {
        c.send(command, at: Monotonic.nanoseconds()) { [unowned self] reply in
            guard reply.isOK else {
                return self.fail("'\(command.split(separator: " ").prefix(2).joined(separator: " "))': \(reply.text)")
            }
            then(reply)
        }
    }

    /// Runs `count` jobs, at most `concurrency` at once. Job `i` calls `done()` when it has finished.
    func runJobs(
        _ what: String, count: Int, concurrency: Int = 64, timeout: Double = 600,
        _ job: @escaping (_ index: Int, _ done: @escaping () -> Void) -> Void
    ) throws {
        guard count > 0 else { return }
        var started = 0
        var finished = 0
        let begin = Date()
        var lastReport = Date()
        func startNext() {
            guard started < count && failure == nil else { return }
            let i = started
            started += 1
            job(i) {
                finished += 1
                startNext()
            }
        }
        for _ in 0..<min(concurrency, count) { startNext() }
        try loop.run(
            until: {
                if Date().timeIntervalSince(lastReport) >= 10 {
                    lastReport = Date()
                    Progress.note("  \(what): \(finished)/\(count)")
                }
                return finished == count || failure != nil
            }, timeout: timeout, what: what)
        if let failure { throw BenchError.protocolFailure("\(what): \(failure)") }
        Progress.note("  \(what): \(count) in \(Format.number(Date().timeIntervalSince(begin))) s")
    }

    /// Registers `count` couples: the adder registers and creates an invite, the partner registers and joins.
    func pairs(_ count: Int) throws -> [Pair] {
        var result = [Pair?](repeating: nil, count: count)
        try runJobs("registering and pairing \(2 * count) users", count: count, concurrency: 32) {
            [unowned self] i, done in
            self.openJSON { a in
                self.expectOK(a, "register \(self.name("a", i)) \(Setup.password)") { _ in
                    self.expectOK(a, "couple create") { reply in
                        guard let code = reply.string(after: "\"data\":{\"code\":\"") else {
                            return self.fail("no invite code in \(reply.text)")
                        }
                        self.openJSON { b in
                            self.expectOK(b, "register \(self.name("p", i)) \(Setup.password)") { _ in
                                self.expectOK(b, "couple join \(code)") { _ in
                                    a.onClose = nil
                                    b.onClose = nil
                                    result[i] = Pair(adder: a, partner: b)
                                    done()
                                }
                            }
                        }
                    }
                }
            }
        }
        // The adder's "partner joined" event may still be in flight; let it land before measuring.
        try loop.run(for: 0.2)
        return result.compactMap { $0 }
    }

    /// Registers one user per name and returns the logged-in connections, in the order of `names`.
    func register(_ names: [String]) throws -> [ClientConnection] {
        var result = [ClientConnection?](repeating: nil, count: names.count)
        try runJobs("registering \(names.count) users", count: names.count) { [unowned self] i, done in
            self.openJSON { c in
                self.expectOK(c, "register \(names[i]) \(Setup.password)") { _ in
                    c.onClose = nil
                    result[i] = c
                    done()
                }
            }
        }
        return result.compactMap { $0 }
    }

    /// Finds out whether the server's parser takes `done id:<n>`, using a throwaway task of `pair`.
    func doneStyle(_ pair: Pair) throws -> DoneStyle {
        var style: DoneStyle?
        let c = pair.adder
        expectOK(c, "add probe-task") { [unowned self] reply in
            guard let id = reply.integer(after: "\"data\":{\"id\":") else {
                return self.fail("no task id in \(reply.text)")
            }
            c.send("done id:\(id)", at: Monotonic.nanoseconds()) { reply in
                style = reply.isOK ? .byID : .byTitle
            }
        }
        try loop.run(until: { style != nil || failure != nil }, timeout: 10, what: "probing done id:")
        if let failure { throw BenchError.protocolFailure(failure) }
        try loop.run(for: 0.1)  // let the partner's events for the probe arrive before handlers are installed
        return style ?? .byTitle
    }
}

/// Progress lines on standard error, so standard output holds only the tables.
enum Progress {
    /// Prints one progress line to stderr.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
