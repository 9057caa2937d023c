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
        try connection.execute(postgresText(sql, returningID: true), values.map(PostgresStore.value))
            .requiredInt(0, "id")
    }

    public func namesWillChange() { noteNamesChanged() }

    public func indexText(
        _ kind: SearchTextKind, id: Int64, space: SpaceID, title: String, description: String?
    ) throws {
        try indexSearchText(
            SearchKind(rawValue: kind.rawValue)!, id: id, space: space, title: title, description: description)
    }

    /// The statement's PostgreSQL text, its placeholders numbered (once per distinct text), and for an insert
    /// its `RETURNING id`.
    private func postgresText(_ sql: SQL, returningID: Bool = false) -> String {
        let source = returningID ? sql.postgresSource + " RETURNING id" : sql.postgresSource
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
// (`SQLEngine+Notifications.swift`), the plan (`SQLEngine+Plan.swift`), task reminders
// (`SQLEngine+Reminders.swift`; a task's reminders go with it, ON DELETE CASCADE), resume tokens
// (`SQLEngine+ResumeTokens.swift`, shared by every node).
extension PostgresStore: NotificationStore {}
extension PostgresStore: PlanStore {}
extension PostgresStore: ReminderStore {}
extension PostgresStore: ResumeTokenStore {}
