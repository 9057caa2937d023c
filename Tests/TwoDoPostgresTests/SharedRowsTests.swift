// The shared decoders read the same row alike on both engines: literal rows selected through each engine's
// `SQLEngine` surface, decoded by `Rows`, compare equal; a broken value throws on both, naming the column.

import Testing
import TwoDoCore
@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("Shared row decoders on both engines")
struct SharedRowsTests {
    /// A weekly series with every optional column set, and a one-off with every optional column NULL.
    static let eventRows = """
        SELECT 7 AS id, 'Yoga' AS title, '2026-11-23' AS start_date, '18:30' AS start_time, '19:45' AS end_time,
               'Europe/Istanbul' AS tz, 'Studio' AS location, 15 AS remind_minutes, 'weekly' AS rec_freq,
               2 AS rec_interval, '1,3,5' AS rec_weekdays, NULL AS rec_month_day, NULL AS rec_month,
               NULL AS rec_ordinal, '2027-01-31' AS rec_until, 'ayse' AS assignee, 'mert' AS created_by,
               1700000000 AS created_at, 'bring a mat' AS description, NULL AS end_date
        UNION ALL
        SELECT 8, 'Trip', '2026-12-01', NULL, NULL, 'UTC', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
               NULL, NULL, 1700000001, NULL, '2026-12-03'
        ORDER BY id
        """

    private func decoded<E: SQLEngine>(_ engine: E) throws -> [String] {
        var out = try engine.rows(SQL(SharedRowsTests.eventRows), [], map: Rows.event).map { "\($0)" }
        out += try engine.rows(
            "SELECT 3 AS id, 'mert' AS name, 'tr' AS lang, 'Europe/Istanbul' AS tz, 4 AS space_id, NULL AS display_name",
            [], map: Rows.user
        ).map { "\($0)" }
        out += try engine.rows(
            "SELECT 9 AS event_id, '2026-11-25' AS day, 0 AS cancelled, '2026-11-26' AS new_date, '09:00' AS new_time, NULL AS new_end",
            [], map: Rows.exception
        ).map { "\($0)" }
        out += try engine.rows(
            "SELECT 5 AS routine_id, '2026-11-20' AS day, 'done' AS state, 1700000002 AS at, NULL AS by_name", [],
            map: Rows.mark
        ).map { "\($0)" }
        out += try engine.rows(
            "SELECT 11 AS id, 1700000003 AS created_at, 'task.added' AS key, '{\"title\":\"milk\"}' AS args, 1 AS is_read",
            [], map: Rows.inboxItem
        ).map { "\($0)" }
        // Bound values travel through the dialect too (`?` numbered for PostgreSQL).
        out += try engine.rows("SELECT ? AS author, ? AS created_at, ? AS body", [.null, .integer(5), .text("x")]) {
            "\(try Rows.note(from: $0))"
        }
        return out
    }

    @Test("the same literal rows decode to the same values on SQLite and PostgreSQL")
    func sameValuesOnBothEngines() throws {
        guard let postgres = try Engine.makePostgresStore() else { return }
        guard let sqlite = try Engine.sqlite.makeStore() as? Store else { return }
        let fromSQLite = try decoded(sqlite)
        #expect(fromSQLite.count == 7)
        #expect(try decoded(postgres) == fromSQLite)
    }

    @Test("a NULL required column and an unreadable date throw on both engines, naming the column")
    func brokenValuesThrowOnBothEngines() throws {
        guard let postgres = try Engine.makePostgresStore() else { return }
        guard let sqlite = try Engine.sqlite.makeStore() as? Store else { return }
        func check<E: SQLEngine>(_ engine: E) {
            do {
                _ = try engine.rows("SELECT NULL AS plan_date", []) { try $0.requiredDate("plan_date") }
                Issue.record("a NULL required date was read")
            } catch {
                #expect("\(error)".contains("plan_date"))
            }
            do {
                _ = try engine.rows("SELECT '2026-13-45' AS due_date", []) { try $0.date("due_date") }
                Issue.record("an impossible date was read")
            } catch {
                #expect("\(error)".contains("due_date"))
            }
        }
        check(sqlite)
        check(postgres)
    }
}
