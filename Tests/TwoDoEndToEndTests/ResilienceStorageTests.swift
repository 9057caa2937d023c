// Storage faults: a full disk under a running server, foreign and corrupt files at start, online backup and check.

import Foundation
import Glibc
import Testing

extension ResilienceSuite {
    @Suite("Storage faults and integrity", .timeLimit(.minutes(2)))
    struct ResilienceStorageTests {
        @Test(
            "on a full disk a write fails with error.storage, reads keep working, and writes resume when space returns",
            .enabled(
                if: ScratchFilesystem.isAvailable, "needs root to mount a small tmpfs or a loop-mounted ext2 image"))
        func diskFull() throws {
            let fs = try ScratchFilesystem(sizeKiB: 2048)
            defer { fs.unmount() }
            try Self.fillUnderServer(fs)
        }

        @Test(
            "the same on a block filesystem (a loop-mounted ext2 image)",
            .enabled(if: ScratchFilesystem.isExt2Available, "needs root, a loop device and mkfs.ext2"))
        func diskFullExt2() throws {
            let fs = try ScratchFilesystem(sizeKiB: 2048, tmpfs: false)
            defer { fs.unmount() }
            try Self.fillUnderServer(fs)
        }

        /// Runs a server with its database on `fs`, fills `fs`, and checks failure, reads, recovery and durability.
        private static func fillUnderServer(_ fs: ScratchFilesystem) throws {
            // The server's log stays on the big disk: only the database (and its -wal, -shm) live on the tiny one.
            // SQLite resolves the link, so the journal files sit next to the real file.
            let directory = TestServer.makeDirectory()
            let link = directory + "/twodo.sqlite"
            try FileManager.default.createSymbolicLink(
                atPath: link, withDestinationPath: fs.mountPoint + "/twodo.sqlite")

            let server = try TestServer(databasePath: link)
            let alice = try server.user("alice")
            var acked: [String] = []
            for i in 0..<5 {
                let title = "before \(i)"
                #expect(try alice.json("add \(title)").isOK)
                acked.append(title)
            }
            #expect(
                FileManager.default.fileExists(atPath: fs.mountPoint + "/twodo.sqlite-wal"),
                "the WAL must be on the small filesystem")

            let filler = try fs.fill()
            var failure: [String: Any]?
            var attempted: [String] = []
            let padding = String(repeating: "x", count: 150)
            for i in 0..<500 {
                let title = "full \(i) \(padding)"
                attempted.append(title)
                let reply = try alice.json("add \(title)")
                if reply.isOK {
                    acked.append(title)
                } else {
                    failure = reply
                    break
                }
            }
            let refused = try #require(failure, "500 adds on a full \(fs.kind) all succeeded")
            #expect(refused.code == "error.storage")
            #expect(server.process.isRunning)

            // Reads go on: the listing, the lists, a ping, even a new login.
            let shown = try alice.json("show")
            #expect(shown.isOK && shown.code == "task.list")
            let shownTitles = Set((shown.data["tasks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String })
            #expect(shownTitles == Set(acked), "show lists exactly the acknowledged tasks")
            #expect(try alice.json("lists").isOK)
            #expect(try alice.json("ping").code == "pong")
            let second = try server.login("alice")
            #expect(try second.json("show").isOK)
            #expect(
                try alice.json("add still full").code == "error.storage", "writes keep failing while the disk is full")

            // Space comes back: so do writes, and everything acknowledged survives a crash.
            try FileManager.default.removeItem(atPath: filler)
            let recovered = try alice.json("add after recovery")
            #expect(recovered.isOK, "\(recovered)")
            if recovered.isOK { acked.append("after recovery") }
            server.kill()
            let again = try server.startAgain()
            let snapshot = try ExportSnapshot(reply: try again.login("alice").json("export"))
            let present = Set(snapshot.tasks.map(\.title))
            #expect(Set(acked).isSubset(of: present), "missing: \(Set(acked).subtracting(present))")
            #expect(!present.contains("still full"))
            #expect(present.subtracting(acked).isSubset(of: Set(attempted)), "only a refused add may be in doubt")
            #expect(snapshot.titleCounts.values.allSatisfy { $0 == 1 })
            again.stop()
            print(
                "disk full (\(fs.kind)): \(acked.count) adds acknowledged, then \(refused.code ?? "?") after \(attempted.count) attempts"
            )
        }

        /// A file that is not an SQLite database: seeded random bytes.
        private static func randomFile(at path: String, bytes: Int, seed: UInt64) throws {
            var rng = SeededRandom(seed: seed)
            let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &rng) })
            try data.write(to: URL(fileURLWithPath: path))
        }

        /// An SQLite database of some other program, made with the sqlite3 tool.
        private static func foreignDatabase(at path: String) throws {
            let made = try ToolRun.run(
                "/usr/bin/sqlite3",
                [
                    path,
                    "CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO recipes (name) VALUES ('menemen');",
                ])
            guard made.status == 0 else { throw TestServerError.unexpected("sqlite3 failed: \(made.stderr)") }
        }

        @Test(
            "the server refuses to start on a corrupt or a foreign file, says why, exits non-zero and leaves it untouched",
            arguments: ["corrupt", "foreign"])
        func refusesForeignFiles(kind: String) throws {
            let directory = TestServer.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/\(kind).sqlite"
            if kind == "corrupt" {
                try Self.randomFile(at: path, bytes: 64 * 1024, seed: ResilienceSuite.seed)
            } else {
                try Self.foreignDatabase(at: path)
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()

            let run = try ToolRun.twodo(["serve", "--port", "0", "--db", path], timeout: 15)
            #expect(run.status != 0)
            #expect(run.stderr.contains(path), "the message names the file: \(run.stderr)")
            #expect(run.stderr.contains("refusing to touch it"), "\(run.stderr)")
            #expect(
                run.stderr.contains(kind == "corrupt" ? "not a TwoDo database" : "another program"), "\(run.stderr)")
            #expect(!run.stderr.contains("msg=listening"))

            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file must be left byte-identical")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == filesBefore,
                "no journal files left behind")

            let check = try ToolRun.twodo(["check", "--db", path])
            #expect(check.status != 0, "twodo check must fail on a \(kind) file: \(check.stdout)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }

        @Test("twodo check finds damage inside an otherwise valid TwoDo file", TestEngine.sqliteFile)
        func checkFindsDamagedPages() throws {
            let server = try TestServer()
            let alice = try server.user("alice")
            let count = 1000
            try alice.send(
                bytes: Array((0..<count).map { "add damaged page filler \($0) with a longer title\n" }.joined().utf8))
            for _ in 0..<count { #expect(try alice.readJSON(timeout: 20).isOK) }
            #expect(server.stop() == 0)
            let path = server.databasePath
            // Fold the WAL into the main file, so damaging the file damages the tasks.
            #expect(try ToolRun.run("/usr/bin/sqlite3", [path, "PRAGMA wal_checkpoint(TRUNCATE);"]).status == 0)
            #expect(try ToolRun.twodo(["check", "--db", path]).status == 0)

            // Overwrite eight pages in the middle of the file (well past the header page) with random bytes.
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            try #require(data.count >= 24 * 4096, "the file is too small to damage: \(data.count) bytes")
            var rng = SeededRandom(seed: ResilienceSuite.seed, stream: 7)
            let start = (data.count / 2) / 4096 * 4096
            for i in start..<(start + 8 * 4096) { data[i] = UInt8.random(in: 0...255, using: &rng) }
            try data.write(to: URL(fileURLWithPath: path))
            let check = try ToolRun.twodo(["check", "--db", path])
            #expect(check.status != 0, "twodo check said: \(check.stdout)")
            #expect(check.stderr.contains("integrity") || check.stderr.contains("malformed"), "\(check.stderr)")
        }

        @Test(
            "twodo backup copies a live database while a writer writes; the copy checks ok and holds every acknowledged task",
            TestEngine.sqliteFile
        )
        func onlineBackup() throws {
            let server = try TestServer()
            let writer = try server.user("writer")
            let ledger = BackupWriterLedger()
            let done = DispatchSemaphore(value: 0)
            Thread {
                ledger.run(writer)
                done.signal()
            }.start()
            // Let some tasks be acknowledged, then back up while writing goes on.
            let deadline = Date().addingTimeInterval(10)
            while ledger.acknowledged.count < 50 && Date() < deadline { usleep(10_000) }
            let before = ledger.acknowledged
            try #require(before.count >= 50, "the writer got only \(before.count) acknowledgements")

            let copyDirectory = TestServer.makeDirectory()
            let copy = copyDirectory + "/copy.sqlite"
            let backup = try ToolRun.twodo(["backup", copy, "--db", server.databasePath])
            #expect(backup.status == 0, "\(backup.stderr)")
            let during = ledger.acknowledged.count
            let check = try ToolRun.twodo(["check", "--db", copy])
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout.contains("ok"))

            // A second backup onto the same file is refused, not merged.
            #expect(try ToolRun.twodo(["backup", copy, "--db", server.databasePath]).status != 0)

            ledger.stop()
            done.wait()
            // The copy is a working TwoDo database with everything acknowledged before the backup began.
            let restored = try TestServer(databasePath: copy)
            let snapshot = try ExportSnapshot(reply: try restored.login("writer").json("export"))
            let present = Set(snapshot.tasks.map(\.title))
            #expect(
                Set(before).isSubset(of: present),
                "missing from the copy: \(Set(before).subtracting(present).sorted().prefix(5))")
            #expect(present.isSubset(of: Set(ledger.sent)))
            #expect(snapshot.titleCounts.values.allSatisfy { $0 == 1 })
            restored.stop()
            print(
                "online backup: \(before.count) tasks acknowledged before, \(during - before.count) more during the backup; copy holds \(present.count)"
            )
        }
    }
}

/// A writer that adds tasks until told to stop, recording which were acknowledged.
///
/// @unchecked Sendable: the lock guards every field shared between the writer thread and the test.
private final class BackupWriterLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var acknowledgedTitles: [String] = []
    private var sentTitles: [String] = []
    private var stopping = false

    var acknowledged: [String] { lock.withLock { acknowledgedTitles } }
    var sent: [String] { lock.withLock { sentTitles } }

    func stop() { lock.withLock { stopping = true } }

    func run(_ client: LineClient) {
        var n = 0
        while !lock.withLock({ stopping }) {
            n += 1
            let title = "backup task \(n)"
            lock.withLock { sentTitles.append(title) }
            guard let reply = try? client.json("add \(title)"), reply.isOK else { return }
            lock.withLock { acknowledgedTitles.append(title) }
        }
    }
}
