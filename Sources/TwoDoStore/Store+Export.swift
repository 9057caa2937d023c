// Tasks read a page at a time in display order, for the streamed export.

import TwoDoCore

extension Store {
    /// Where a paged read of a list stopped: the last task's position in display order.
    public struct TaskCursor: Sendable, Equatable {
        public var isDone: Bool
        public var createdAt: Int64
        public var id: TaskID

        /// The position just after `task`.
        public init(after task: TaskItem) {
            isDone = task.isDone
            createdAt = task.createdAt
            id = task.id
        }
    }

    /// At most `limit` tasks of a list after `cursor`, in the order `tasks(in:)` shows them (open first,
    /// then done; each by creation). A keyset read: each page costs the same however deep it is, and a task
    /// added or removed between pages never makes another appear twice.
    public func tasks(in list: ListID, after cursor: TaskCursor?, limit: Int) throws -> [TaskItem] {
        guard let cursor else {
            return try db.query(
                Store.taskColumns + " WHERE t.list_id = ? ORDER BY t.done, t.created_at, t.id LIMIT ?",
                .integer(list.rawValue), .integer(Int64(limit)), map: Store.task(from:))
        }
        return try db.query(
            Store.taskColumns
                + " WHERE t.list_id = ? AND (t.done, t.created_at, t.id) > (?, ?, ?) ORDER BY t.done, t.created_at, t.id LIMIT ?",
            .integer(list.rawValue), .integer(cursor.isDone ? 1 : 0), .integer(cursor.createdAt),
            .integer(cursor.id.rawValue),
            .integer(Int64(limit)), map: Store.task(from:))
    }
}
