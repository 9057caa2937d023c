// PGConnection against a real PostgreSQL: every value kind bound and read back, errors and their SQLSTATE.

import Testing
import TwoDoPostgres
import TwoDoStore

@Suite struct PGConnectionTests {
    /// A connection to a fresh database, or nil when PostgreSQL cannot be started.
    private func connect(_ test: String = #function) throws -> PGConnection? {
        guard let url = try TestCluster.freshDatabase(test) else { return nil }
        return try PGConnection(url: url)
    }

    @Test func startsAndCreatesADatabase() throws {
        guard let cluster = TestCluster.shared() else { return }
        let name = TestCluster.uniqueName("created")
        try cluster.createDatabase(name)
        let tcp = try PGConnection(url: cluster.url(database: name))
        let result = try tcp.execute("SELECT current_database() AS db")
        #expect(try result.string(0, "db") == name)
        #expect(tcp.serverVersion >= 100_000)
    }

    @Test func everyValueKindRoundTrips() throws {
        guard let db = try connect() else { return }
        try db.executeScript(
            "CREATE TABLE v (i bigint, r double precision, t text, b bytea, f boolean, n text)")
        let long = String(repeating: "ağİı🙂", count: 2_000)
        #expect(long.count == 10_000)
        let texts = ["", "İstanbul ılık", "emoji 👩‍❤️‍👨 🙂", long, "quote ' and \\ backslash", "tab\tnewline\n"]
        let ints: [Int64] = [0, -1, 42, .min, .max]
        let reals: [Double] = [0, -1.5, 3.141592653589793, 1e-300, .infinity, -.infinity]
        let blobs: [[UInt8]] = [[], [0, 1, 2, 255, 0], Array(0...255)]
        var rows = 0
        for (k, text) in texts.enumerated() {
            let i = ints[k % ints.count]
            let r = reals[k % reals.count]
            let b = blobs[k % blobs.count]
            try db.execute(
                "INSERT INTO v (i, r, t, b, f, n) VALUES ($1, $2, $3, $4, $5, $6)",
                [.integer(i), .real(r), .text(text), .bytea(b), .bool(k % 2 == 0), .null])
            let back = try db.execute("SELECT i, r, t, b, f, n FROM v WHERE t = $1", [.text(text)])
            #expect(back.rowCount == 1)
            #expect(try back.int(0, "i") == i)
            #expect(try back.double(0, "r") == r)
            #expect(try back.string(0, "t") == text)
            #expect(try back.bytes(0, "b") == b)
            #expect(try back.bool(0, "f") == (k % 2 == 0))
            #expect(try back.string(0, "n") == nil)
            #expect(back.isNull(0, 5))
            // By index too.
            #expect(try back.int(0, 0) == i)
            #expect(back.string(0, 2) == text)
            rows += 1
        }
        for i in ints {
            let back = try db.execute("SELECT $1::bigint AS x", [.integer(i)])
            #expect(try back.int(0, "x") == i)
        }
        let nan = try db.execute("SELECT $1::double precision AS x", [.real(.nan)])
        #expect(try nan.double(0, "x")?.isNaN == true)
        #expect(try db.execute("SELECT count(*) AS n FROM v").int(0, "n") == Int64(rows))
        // Turkish case folding is not the server's business: the text comes back byte for byte.
        let turkish = try db.execute("SELECT $1::text AS x, length($1::text) AS n", [.text("İı")])
        #expect(try turkish.string(0, "x") == "İı")
        #expect(try turkish.int(0, "n") == 2)
    }

    @Test func boundValuesAreNeverSQL() throws {
        guard let db = try connect() else { return }
        try db.executeScript("CREATE TABLE t (x text)")
        let attack = "x'); DROP TABLE t; --"
        try db.execute("INSERT INTO t VALUES ($1)", [.text(attack)])
        #expect(try db.execute("SELECT x FROM t").string(0, "x") == attack)
    }

    /// libpq passes text as C strings: a NUL would cut the value short without a word, so it is refused.
    @Test func textWithNULIsRefusedNotCut() throws {
        guard let db = try connect() else { return }
        try db.executeScript("CREATE TABLE t (x text)")
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES ($1)", [.text("pair\u{0}cut")]) }
        #expect(try db.execute("SELECT count(*) AS n FROM t").requiredInt(0, "n") == 0)
    }

    @Test func preparedStatementsAreReused() throws {
        guard let db = try connect() else { return }
        try db.executeScript("CREATE TABLE t (x bigint)")
        for k in 0..<100 { try db.execute("INSERT INTO t VALUES ($1)", [.integer(Int64(k))]) }
        let prepared = try db.execute("SELECT count(*) AS n FROM pg_prepared_statements")
        // The INSERT once, and this SELECT.
        #expect(try prepared.int(0, "n") == 2)
        #expect(try db.execute("SELECT sum(x) AS s FROM t").int(0, "s") == 4950)
        #expect(try db.execute("UPDATE t SET x = x + 1 WHERE x < $1", [.integer(10)]).affectedRows == 10)
    }

    @Test func anErrorCarriesItsSQLState() throws {
        guard let db = try connect() else { return }
        do {
            try db.execute("SELECT * FROM no_such_table")
            Issue.record("no error")
        } catch let e as DatabaseError {
            #expect(e.sqlState == "42P01")
            #expect(e.message.contains("42P01"))
            #expect(e.postgresKind == .other)
            #expect(!e.isUniqueViolation)
        }
        // The connection stays usable after a failed statement outside a transaction.
        #expect(try db.execute("SELECT 1 AS one").int(0, "one") == 1)
    }

    @Test func aUniqueViolationIsRecognisable() throws {
        guard let db = try connect() else { return }
        try db.executeScript(
            "CREATE TABLE p (id bigint PRIMARY KEY); CREATE TABLE c (k text UNIQUE, p bigint REFERENCES p(id))")
        try db.execute("INSERT INTO c (k) VALUES ($1)", [.text("a")])
        do {
            try db.execute("INSERT INTO c (k) VALUES ($1)", [.text("a")])
            Issue.record("no error")
        } catch let e as DatabaseError {
            #expect(e.sqlState == "23505")
            #expect(e.isUniqueViolation)
            #expect(e.isConstraint)
            #expect(e.postgresKind == .uniqueViolation)
        }
        do {
            try db.execute("INSERT INTO c (k, p) VALUES ($1, $2)", [.text("b"), .integer(7)])
            Issue.record("no error")
        } catch let e as DatabaseError {
            #expect(e.sqlState == "23503")
            #expect(e.isConstraint)
            #expect(!e.isUniqueViolation)
            #expect(e.postgresKind == .constraint)
        }
    }

    @Test func aLostConnectionIsRecognisable() throws {
        guard let cluster = TestCluster.shared() else { return }
        let name = TestCluster.uniqueName("lost")
        try cluster.createDatabase(name)
        let victim = try PGConnection(url: cluster.url(database: name))
        let pid = try victim.execute("SELECT pg_backend_pid() AS pid").requiredInt(0, "pid")
        let admin = try PGConnection(url: cluster.url(database: "postgres"))
        try admin.execute("SELECT pg_terminate_backend($1::integer)", [.integer(pid)])
        do {
            try victim.execute("SELECT 1")
            Issue.record("no error")
        } catch let e as DatabaseError {
            #expect(e.postgresKind == .connectionLost, "\(e)")
        }
        #expect(!victim.isConnected)
    }

    @Test func aBadURLIsAConnectionError() throws {
        guard let cluster = TestCluster.shared() else { return }
        #expect(throws: DatabaseError.self) {
            _ = try PGConnection(url: "postgresql://nobody@127.0.0.1:\(cluster.port)/no_such_database")
        }
    }
}
