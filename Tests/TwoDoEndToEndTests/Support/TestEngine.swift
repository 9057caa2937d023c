// Which store engine the end-to-end tests run on: SQLite files by default, PostgreSQL with TWODO_TEST_ENGINE.

import Foundation
import Testing

/// The engine of this test run. `TWODO_TEST_ENGINE=postgres swift test --filter TwoDoEndToEndTests` gives every
/// `TestServer` without a database of its own a fresh PostgreSQL database instead of an SQLite file.
enum TestEngine {
    /// Whether this run is on PostgreSQL.
    static let isPostgres = ProcessInfo.processInfo.environment["TWODO_TEST_ENGINE"] == "postgres"

    /// For tests of the SQLite file itself (its lock, `twodo backup`, `twodo check`, the WAL and its
    /// checkpoints, `twodo admin` on the file): they have no meaning on a PostgreSQL run.
    static let sqliteFile = ConditionTrait.enabled(if: !isPostgres, "a test of the SQLite file itself")
}
