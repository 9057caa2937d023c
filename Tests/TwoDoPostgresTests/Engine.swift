// The two store engines a Store test runs against: `@Test(arguments: Engine.all)`, then `engine.makeStore()`.

import Foundation
import TwoDoTestSupport
import TwoDoPostgres
import TwoDoStore

/// A store engine, for tests that run once per engine.
///
/// PostgreSQL stores are fresh SCHEMAS (`s_<pid>_<n>`, migrated as the store opens) in one database of the
/// process's shared `TemporaryCluster`, reached through `search_path` in the URL; pg_trgm lives in that
/// database's `public`. A schema isolates what a Store test touches (tables, identity sequences starting at
/// 1, triggers, `schema_version`) and costs about half of a fresh database copied from a migrated template
/// (EngineTests measured 42 ms against 69 ms per store on this 2-core machine, 140 against 290 under heavy
/// load; CREATE DATABASE writes the whole template into the WAL). What a schema does NOT isolate is database-wide:
/// LISTEN/NOTIFY channels and advisory locks — tests of those use `makePostgresStoreInOwnDatabase()`.
///
/// The plan: once `PostgresStore` implements every protocol of `TwoDoStorage`, `makeStore()` returns
/// `any TwoDoStorage`; until then it returns `any TransactionalStore`, and `makePostgresStore()` gives the
/// concrete type the area helpers test their extensions with.
enum Engine: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqlite
    case postgres

    /// Every engine, for `@Test(arguments: Engine.all)`.
    static let all = Engine.allCases

    var description: String { rawValue }

    /// A fresh, empty, migrated store of this engine; nil (after printing "skipped: <reason>") only when
    /// PostgreSQL cannot be started.
    func makeStore(_ test: String = #function) throws -> (any TransactionalStore)? {
        switch self {
        case .sqlite: return try Store(path: Engine.temporarySQLitePath(), durable: false)
        case .postgres: return try Engine.makePostgresStore(test)
        }
    }

    /// A fresh PostgreSQL store in a schema of its own; nil when skipped.
    static func makePostgresStore(_ test: String = #function) throws -> PostgresStore? {
        guard let url = try freshPostgresSchemaURL(test) else { return nil }
        return try PostgresStore(url: url)
    }

    /// A fresh PostgreSQL store in a database of its own (a copy of the migrated template), for tests of
    /// what is database-wide (LISTEN/NOTIFY, advisory locks); nil when skipped.
    static func makePostgresStoreInOwnDatabase(_ test: String = #function) throws -> PostgresStore? {
        guard let url = try freshPostgresURL(test) else { return nil }
        return try PostgresStore(url: url)
    }

    /// The URL of a fresh, migrated PostgreSQL database; nil when skipped.
    static func freshPostgresURL(_ test: String = #function) throws -> String? {
        guard let cluster = TestCluster.shared(test) else { return nil }
        let template = try Engine.template.get()
        let name = TestCluster.uniqueName("t")
        try PGConnection(url: cluster.socketURL(database: "postgres"))
            .executeScript("CREATE DATABASE \(name) TEMPLATE \(template)")
        return cluster.socketURL(database: name)
    }

    /// The URL of a fresh, empty SCHEMA (migrated when a store opens it) in one shared database whose
    /// `public` schema holds pg_trgm; nil when skipped. The alternative to `freshPostgresURL`, measured
    /// against it by EngineTests.
    static func freshPostgresSchemaURL(_ test: String = #function) throws -> String? {
        guard let cluster = TestCluster.shared(test) else { return nil }
        return try cluster.freshSchemaURL()
    }

    /// The template database, migrated once per process; its connection is closed again, as a template
    /// cannot be copied while anyone is connected to it.
    private static let template: Result<String, Error> = Result {
        let cluster = try TemporaryCluster.shared.get()
        let name = "twodo_template"
        try cluster.createDatabase(name)
        let connection = try PGConnection(url: cluster.socketURL(database: name))
        try PostgresMigrations.migrate(connection)
        connection.close()
        return name
    }

    /// A path for a new SQLite file in the temporary directory (removed with the machine's temp files).
    private static func temporarySQLitePath() -> String {
        NSTemporaryDirectory() + "twodo-engine-\(UUID().uuidString).sqlite"
    }
}
