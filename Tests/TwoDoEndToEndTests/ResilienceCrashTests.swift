// Crash durability: writers record every acknowledged command while the server is SIGKILLed at random moments.

import Foundation
import Testing

/// What one writer account sent and what the server acknowledged, across every life of the server.
///
/// @unchecked Sendable: a ledger is used by one writer thread during a round and by the test's own
/// thread between rounds; the round's DispatchGroup wait orders the two.
private final class WriterLedger: @unchecked Sendable {
    let user: String
    var rng: SeededRandom
    var sequence = 0
    var sentAdds: Set<String> = []
    var ackedAdds: Set<String> = []
    var sentDone: Set<String> = []
    var ackedDone: Set<String> = []
    /// Acknowledged adds not yet sent a `done`: the candidates for the next `done`.
    var openAcked: [String] = []
    /// Titles present (and done) at the last check; later checks must still show them.
    var seenPresent: Set<String> = []
    var seenDone: Set<String> = []
    /// Titles sent but absent at some check: the command died with the server and must never appear.
    var goneForever: Set<String> = []
    /// Replies that were ok:false (none is expected: every command is valid).
    var refusals: [String] = []

    init(user: String, seed: UInt64) {
        self.user = user
        rng = SeededRandom(seed: seed)
    }

    /// Sends batches of pipelined commands and records each reply until the connection dies.
    func write(through client: LineClient) {
        while true {
            var batch: [(tag: String, line: String, title: String, isDone: Bool)] = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                sequence += 1
                let tag = "\(sequence)"
                if !openAcked.isEmpty && Int.random(in: 0..<5, using: &rng) == 0 {
                    let title = openAcked.remove(at: Int.random(in: 0..<openAcked.count, using: &rng))
                    sentDone.insert(title)
                    batch.append((tag, "@id=\(tag) done \(title)", title, true))
                } else {
                    // One token per title: a word search for it can match nothing else.
                    let title = "\(user)n\(sequence)x"
                    sentAdds.insert(title)
                    batch.append((tag, "@id=\(tag) add \(title)", title, false))
                }
            }
            do {
                try client.send(bytes: Array(batch.map { $0.line + "\n" }.joined().utf8))
                for command in batch {
                    var reply: [String: Any]
                    repeat { reply = try client.readJSON(timeout: 10) } while reply["type"] as? String != "reply"
                    guard reply["id"] as? String == command.tag else {
                        refusals.append("reply out of order: expected id \(command.tag), got \(reply)")
                        return
                    }
                    guard reply.isOK else {
                        refusals.append("\(command.line) -> \(reply)")
                        continue
                    }
                    if command.isDone {
                        ackedDone.insert(command.title)
                    } else {
                        ackedAdds.insert(command.title)
                        openAcked.append(command.title)
                    }
                }
            } catch {
                return  // the server was killed: whatever was not acknowledged is in doubt
            }
        }
    }

    /// Compares an export of this account's space with the ledger; returns every violation found.
    func check(_ snapshot: ExportSnapshot) -> [String] {
        var problems: [String] = []
        let present = Set(snapshot.tasks.map(\.title))
        for (title, count) in snapshot.titleCounts where count > 1 {
            problems.append("\(title) appears \(count) times")
        }
        for title in present.subtracting(sentAdds) { problems.append("\(title) is present but was never sent") }
        for title in ackedAdds.subtracting(present) { problems.append("acknowledged add \(title) is missing") }
        for title in seenPresent.subtracting(present) {
            problems.append("\(title), present at the last check, is gone")
        }
        for title in goneForever.intersection(present) {
            problems.append("\(title), absent at an earlier check, reappeared")
        }
        var done: Set<String> = []
        for task in snapshot.tasks {
            if task.createdBy != user { problems.append("\(task.title) has creator \(task.createdBy ?? "nil")") }
            switch task.status {
            case "done":
                done.insert(task.title)
                if task.completedBy != user || task.completedAt == nil {
                    problems.append(
                        "\(task.title) is done but half-recorded: by \(task.completedBy ?? "nil") at \(task.completedAt ?? "nil")"
                    )
                }
                if !sentDone.contains(task.title) { problems.append("\(task.title) is done but no done was sent") }
            case "open":
                if task.completedBy != nil || task.completedAt != nil {
                    problems.append("\(task.title) is open with completion data")
                }
            default:
                problems.append("\(task.title) has status \(task.status)")
            }
        }
        for title in ackedDone.subtracting(done) { problems.append("acknowledged done of \(title) is lost") }
        for title in seenDone.subtracting(done) { problems.append("\(title), done at the last check, is open again") }
        goneForever.formUnion(sentAdds.subtracting(present))
        seenPresent = present
        seenDone = done
        return problems
    }

    /// Titles the server applied although their reply never came (allowed; counted for the report).
    var unacknowledgedButPresent: Int { seenPresent.subtracting(ackedAdds).count }
}

extension ResilienceSuite {
    @Suite("Crash durability under kill -9", .timeLimit(ResilienceSuite.isLong ? .minutes(60) : .minutes(2)))
    struct ResilienceCrashTests {
        /// Kills per run: 20 in CI, 200 with TWODO_LONG=1, or TWODO_CRASH_KILLS.
        static let kills =
            ProcessInfo.processInfo.environment["TWODO_CRASH_KILLS"].flatMap { Int($0) }
            ?? (ResilienceSuite.isLong ? 200 : 20)
        static let writerCount = 3
        /// Each writer starts a fresh account every this many rounds, so one export stays well under the output cap.
        static let roundsPerAccount = 10

        @Test("kill -9 at random moments never loses an acknowledged add or done, nor half-applies one")
        func killLoop() throws {
            let started = Date()
            var rng = SeededRandom(seed: ResilienceSuite.seed, stream: 1)
            var servers: [TestServer] = []  // all kept: each one's deinit removes the shared directory
            var ledgers: [[WriterLedger]] = []
            var databasePath: String?
            var totalAcked = 0

            func startServer() throws -> TestServer {
                let server = try TestServer(databasePath: databasePath)
                databasePath = server.databasePath
                servers.append(server)
                return server
            }

            func verify(_ ledger: WriterLedger, on server: TestServer, round: Int) throws -> LineClient {
                let client = try server.user(ledger.user, register: false)
                let snapshot = try ExportSnapshot(reply: try client.json("export", timeout: 10))
                for problem in ledger.check(snapshot) {
                    Issue.record("round \(round) (seed \(ResilienceSuite.seed)): \(ledger.user): \(problem)")
                }
                return client
            }

            for round in 0..<Self.kills {
                let server = try startServer()
                let account = round / Self.roundsPerAccount
                var clients: [LineClient] = []
                if round % Self.roundsPerAccount == 0 {
                    ledgers.append(
                        (0..<Self.writerCount).map {
                            WriterLedger(
                                user: "w\($0)a\(account)", seed: ResilienceSuite.seed &+ UInt64(account * 16 + $0))
                        })
                    for ledger in ledgers[account] { clients.append(try server.user(ledger.user)) }
                } else {
                    for ledger in ledgers[account] { clients.append(try verify(ledger, on: server, round: round)) }
                }

                let group = DispatchGroup()
                for (ledger, client) in zip(ledgers[account], clients) {
                    group.enter()
                    Thread {
                        ledger.write(through: client)
                        group.leave()
                    }.start()
                }
                // Mostly mid-stream, sometimes within the first commits.
                let delay =
                    Int.random(in: 0..<5, using: &rng) == 0
                    ? Double.random(in: 0...0.02, using: &rng) : Double.random(in: 0.02...0.35, using: &rng)
                group.enter()
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                    server.kill()
                    group.leave()
                }
                guard group.wait(timeout: .now() + 30) == .success else {
                    Issue.record("round \(round): writers did not stop after the kill")
                    return
                }
                for ledger in ledgers[account] {
                    for refusal in ledger.refusals { Issue.record("round \(round): \(ledger.user): \(refusal)") }
                    ledger.refusals = []
                }
            }

            // One last life: every account ever used must hold everything acknowledged to it.
            let server = try startServer()
            for ledger in ledgers.joined() {
                _ = try verify(ledger, on: server, round: Self.kills)
                totalAcked += ledger.ackedAdds.count + ledger.ackedDone.count
            }
            #expect(server.stop() == 0)
            if !TestEngine.isPostgres {  // `twodo check` is SQLite's integrity check of the file
                let check = try ToolRun.twodo(["check", "--db", try #require(databasePath)])
                #expect(check.status == 0, "twodo check after the kill loop: \(check.stdout) \(check.stderr)")
            }

            let all = Array(ledgers.joined())
            let adds = all.reduce(0) { $0 + $1.ackedAdds.count }
            let dones = all.reduce(0) { $0 + $1.ackedDone.count }
            let unacked = all.reduce(0) { $0 + $1.sentAdds.count - $1.ackedAdds.count }
            let appliedUnacked = all.reduce(0) { $0 + $1.unacknowledgedButPresent }
            print(
                String(
                    format:
                        "crash loop: %d kills, %d acknowledged adds and %d dones all present; %d adds unacknowledged at a kill, %d of them applied anyway; %.1f s (seed %llu)",
                    Self.kills, adds, dones, unacked, appliedUnacked, Date().timeIntervalSince(started),
                    ResilienceSuite.seed))
            #expect(
                totalAcked > Self.kills * 5, "the writers got too few acknowledgements for the loop to prove anything")
        }
    }
}
