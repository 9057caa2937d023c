// What SQLite alone costs for the writes of one durable `add`, with no server around it.

import CSQLite
import Foundation
import Glibc

/// `floor [--runs 1]`: makes a database with TwoDo's real schema (`twodo serve` migrates it, then stops), adds
/// 50 users in 50 spaces with 300 tasks each, then runs 1,000 turns of 50 adds (one per user) per COMMIT with
/// `synchronous=FULL`, WAL and a PASSIVE checkpoint every 20 turns, as the server does, in variants that leave
/// parts of the work out. Statements are prepared once and called through SQLite's C API, so what is timed is
/// SQLite's work and the kernel's (WAL writes, fsync), nothing of TwoDo's. Run it on one core
/// (`taskset -c 1 twodo-bench floor`) to compare with `peer`'s per-write CPU.
enum FloorScenario {
    struct Variant {
        var label: String
        var inbox = true
        var undo = true
        var trim = true
        var savepoint = true
    }

    static let variants = [
        Variant(label: "as TwoDo: the task (4 indexes, 2 insert triggers, search row), inbox row, undo entry and trim, savepoint"),
        Variant(label: "without the undo trim", trim: false),
        Variant(label: "without undo", undo: false, trim: false),
        Variant(label: "without the inbox row", inbox: false),
        Variant(label: "the task row only", inbox: false, undo: false, trim: false),
        Variant(label: "the task row only, no savepoint", inbox: false, undo: false, trim: false, savepoint: false),
    ]

    static func run(_ options: BenchOptions) throws -> [Table] {
        let folder = NSTemporaryDirectory() + "twodo-floor-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let template = try makeTemplate(binary: options.binary ?? ServerProcess.defaultBinary(), folder: folder)
        var table = Table(
            title: "floor: SQLite alone for one durable add's writes, 50 adds per COMMIT, 1,000 turns",
            columns: ["what one add writes", "adds/s", "CPU µs per add", "user", "system"])
        for _ in 0..<max(1, options.runs ?? 1) {
            for variant in variants {
                let path = folder + "/run.sqlite"
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                try FileManager.default.copyItem(atPath: template, toPath: path)
                let r = try measure(path: path, variant: variant)
                table.rows.append([
                    variant.label, Format.count(Int(r.rate)), String(format: "%.1f", r.user + r.system),
                    String(format: "%.1f", r.user), String(format: "%.1f", r.system),
                ])
            }
        }
        table.notes.append("CPU is this process's user + system time (getrusage), on whatever cores it ran; pin it")
        table.notes.append("compare with `peer`'s server CPU µs per write for Redis SET and TwoDo add")
        return [table]
    }

    /// A fresh TwoDo database (migrated by the real binary), with 50 users, spaces and Inbox lists and 300
    /// tasks each.
    private static func makeTemplate(binary: String, folder: String) throws -> String {
        let path = folder + "/template.sqlite"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["serve", "--port", "0", "--db", path, "--quiet"]
        let errors = Pipe()
        server.standardError = errors
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("listening") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError.usage("twodo serve stopped before listening") }
            seen += chunk
        }
        server.terminate()
        server.waitUntilExit()
        let db = try open(path)
        defer { sqlite3_close(db) }
        try exec(db, "BEGIN")
        for u in 0..<50 {
            try exec(db, "INSERT INTO spaces (name, created_at) VALUES (NULL, 0)")
            let space = sqlite3_last_insert_rowid(db)
            try exec(
                db,
                "INSERT INTO users (name, name_key, password_hash, space_id, created_at) VALUES ('user\(u)', 'user\(u)', 'x', \(space), 0)"
            )
            try exec(
                db,
                "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (\(space), 'Inbox', 'inbox', 1, 0)")
        }
        let users = try members(db)
        let add = try prepare(db, addTask)
        defer { sqlite3_finalize(add) }
        for i in 0..<300 {
            for user in users { try step(add, [user.space, user.list, user.id], title: "old \(i)") }
        }
        try exec(db, "COMMIT")
        return path
    }

    private static let addTask = """
        INSERT INTO tasks (space_id, list_id, title, title_key, done, assignee_id, created_by, created_at, updated_at)
        VALUES (?1, ?2, ?4, ?4, 0, NULL, ?3, 1, 1)
        """

    private static func measure(path: String, variant: Variant) throws -> (rate: Double, user: Double, system: Double) {
        let db = try open(path)
        defer { sqlite3_close(db) }
        for pragma in ["journal_mode=WAL", "synchronous=FULL", "temp_store=MEMORY", "wal_autocheckpoint=0"] {
            try exec(db, "PRAGMA " + pragma)
        }
        let users = try members(db)
        let add = try prepare(db, addTask)
        let inbox = try prepare(
            db,
            "INSERT INTO notifications (user_id, created_at, key, args, is_read) VALUES (?1, 1, 'event.task.added', '{\"title\":\"x\"}', 0)"
        )
        let undo = try prepare(
            db,
            "INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes) VALUES (?1, ?2, 1, 'add', '', '', '', zeroblob(250))"
        )
        let trim = try prepare(
            db,
            "DELETE FROM undo_log WHERE user_id = ?1 AND id <= (SELECT id FROM undo_log WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET 20)"
        )
        let savepoint = try prepare(db, "SAVEPOINT c")
        let release = try prepare(db, "RELEASE c")
        let begin = try prepare(db, "BEGIN")
        let commit = try prepare(db, "COMMIT")
        defer { for s in [add, inbox, undo, trim, savepoint, release, begin, commit] { sqlite3_finalize(s) } }
        let turns = 1000
        var n = 0
        let before = usage()
        let started = Date()
        for turn in 0..<turns {
            try step(begin, [])
            for user in users {
                if variant.savepoint { try step(savepoint, []) }
                try step(add, [user.space, user.list, user.id], title: "t\(n) hello")
                if variant.inbox { try step(inbox, [user.id]) }
                if variant.undo { try step(undo, [user.id, user.space]) }
                if variant.trim { try step(trim, [user.id]) }
                if variant.savepoint { try step(release, []) }
                n += 1
            }
            try step(commit, [])
            if turn % 20 == 19 { try exec(db, "PRAGMA wal_checkpoint(PASSIVE)") }
        }
        let elapsed = Date().timeIntervalSince(started)
        let after = usage()
        return (Double(n) / elapsed, (after.user - before.user) / Double(n) * 1e6, (after.system - before.system) / Double(n) * 1e6)
    }

    private static func usage() -> (user: Double, system: Double) {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return (
            Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6,
            Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
        )
    }

    private struct Member {
        var id: Int64
        var space: Int64
        var list: Int64
    }

    private static func members(_ db: OpaquePointer) throws -> [Member] {
        let s = try prepare(db, "SELECT u.id, u.space_id, l.id FROM users u JOIN lists l ON l.space_id = u.space_id")
        defer { sqlite3_finalize(s) }
        var result: [Member] = []
        while sqlite3_step(s) == SQLITE_ROW {
            result.append(Member(id: sqlite3_column_int64(s, 0), space: sqlite3_column_int64(s, 1), list: sqlite3_column_int64(s, 2)))
        }
        return result
    }

    private static func open(_ path: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else {
            throw BenchError.usage("cannot open \(path)")
        }
        // The search trigger folds titles with TwoDo's function; a lower-casing stand-in costs about the same.
        sqlite3_create_function_v2(
            db, "twodo_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, _, values in
                guard let values, let text = sqlite3_value_text(values[0]) else {
                    return sqlite3_result_null(context)
                }
                let folded = String(cString: text).lowercased()
                sqlite3_result_text(context, folded, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }, nil, nil, nil)
        return db
    }

    private static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError.usage("prepare failed: \(String(cString: sqlite3_errmsg(db))): \(sql)")
        }
        return statement
    }

    private static func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchError.usage("\(String(cString: sqlite3_errmsg(db))): \(sql)")
        }
    }

    /// Binds integers to ?1, ?2, … (and `title` to the last parameter) and runs the statement once.
    private static func step(_ s: OpaquePointer, _ integers: [Int64], title: String? = nil) throws {
        for (i, value) in integers.enumerated() { sqlite3_bind_int64(s, Int32(i + 1), value) }
        if let title { sqlite3_bind_text(s, Int32(integers.count + 1), title, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        let rc = sqlite3_step(s)
        sqlite3_reset(s)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            throw BenchError.usage("step failed (\(rc)): \(String(cString: sqlite3_sql(s)))")
        }
    }
}
