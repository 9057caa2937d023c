// PostgreSQL as an `SQLEngine`: a shared statement's placeholders numbered once per text, its values sent as
// PostgreSQL's.

import TwoDoCore
import TwoDoStore

extension PostgresStore: SQLEngine {
    public var dialect: SQLDialect { .postgres }

    public func rows<T>(_ sql: SQL, _ values: [SQLValue], map: (PGRow) throws -> T) throws -> [T] {
        let result = try connection.execute(postgresText(sql), values.map(PostgresStore.value))
        return try (0..<result.rowCount).map { try map(PGRow(result: result, row: $0)) }
    }

    public func rows<T>(_ sql: SQL, _ values: [SQLValue], into out: inout [T], map: (PGRow) throws -> T) throws {
        let result = try connection.execute(postgresText(sql), values.map(PostgresStore.value))
        out.reserveCapacity(out.count + result.rowCount)
        for r in 0..<result.rowCount { out.append(try map(PGRow(result: result, row: r))) }
    }

    public func row<T>(_ sql: SQL, _ values: [SQLValue], map: (PGRow) throws -> T) throws -> T? {
        let result = try connection.execute(postgresText(sql), values.map(PostgresStore.value))
        return result.rowCount == 0 ? nil : try map(PGRow(result: result, row: 0))
    }

    @discardableResult
    public func write(_ sql: SQL, _ values: [SQLValue]) throws -> Int {
        try connection.execute(postgresText(sql), values.map(PostgresStore.value)).affectedRows
    }

    public func insert(_ sql: SQL, _ values: [SQLValue]) throws -> Int64 {
        try connection.execute(postgresText(sql, returning: " RETURNING id"), values.map(PostgresStore.value))
            .requiredInt(0, "id")
    }

    public func insert(
        _ kind: SearchTextKind, _ sql: SQL, _ values: [SQLValue], title: String, description: String?
    ) throws -> Int64? {
        let result = try connection.execute(
            postgresText(sql, returning: " RETURNING id, space_id"), values.map(PostgresStore.value))
        guard result.rowCount > 0 else { return nil }
        let id = try result.requiredInt(0, "id")
        try indexText(
            kind, id: id, space: SpaceID(try result.requiredInt(0, "space_id")), title: title, description: description)
        return id
    }

    public func bulk<T>(countingRows: Bool, _ body: () throws -> T) throws -> T {
        try withBulkTimeout { countingRows ? try body() : try withoutRowCounting(body) }
    }

    public func namesWillChange() { noteNamesChanged() }

    public func indexText(
        _ kind: SearchTextKind, id: Int64, space: SpaceID, title: String, description: String?
    ) throws {
        try indexSearchText(
            kind, id: id, space: space, title: title, description: description)
    }

    public func copyText(_ kind: SearchTextKind, from old: Int64, to new: Int64, space: SpaceID) throws {
        try connection.execute(
            """
            INSERT INTO search_index (id, space, kind, body)
            SELECT $1, $2, kind, body FROM search_index WHERE id = $3
            ON CONFLICT (id) DO UPDATE SET space = EXCLUDED.space, body = EXCLUDED.body
            """, [.integer(new * 8 + kind.rawValue), .integer(space.rawValue), .integer(old * 8 + kind.rawValue)])
    }

    /// The statement's PostgreSQL text, its placeholders numbered (once per distinct text), and for an insert
    /// its `RETURNING` clause.
    private func postgresText(_ sql: SQL, returning: String = "") -> String {
        let source = sql.postgresSource + returning
        if let known = numberedStatements[source] { return known }
        let text = SQLDialect.numbered(source)
        numberedStatements[source] = text
        return text
    }

    /// A value as PostgreSQL's parameter (bytes as `bytea`).
    static func value(_ value: SQLValue) -> PGValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        case .blob(let v): .bytea(v)
        }
    }
}

// The areas whose every statement is the shared one: the inbox and the muted kinds
// (`SQLEngine+Notifications.swift`), the plan (`SQLEngine+Plan.swift`), reminders (`SQLEngine+Reminders.swift`,
// `SQLEngine+Calendar.swift`; a task's, event's or routine's reminders go with it, ON DELETE CASCADE), resume
// tokens (`SQLEngine+ResumeTokens.swift`, shared by every node), tasks and their steps and notes
// (`SQLEngine+Tasks.swift`, `SQLEngine+Steps.swift`), routines and events (`SQLEngine+Schedule.swift`,
// `SQLEngine+Calendar.swift`; what hangs on them goes with them, ON DELETE CASCADE, their search rows by
// trigger).
extension PostgresStore: NotificationStore {}
extension PostgresStore: PlanStore {}
extension PostgresStore: ReminderStore {}
extension PostgresStore: ResumeTokenStore {}
extension PostgresStore: CalendarLinkStore {}
extension PostgresStore: TaskStore {}
extension PostgresStore: StepStore {}
extension PostgresStore: ScheduleStore {}
extension PostgresStore: AccountStore {}
extension PostgresStore: AccountLifecycleStore {}
