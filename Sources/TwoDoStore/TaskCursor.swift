// Where a keyset read of a list's tasks stopped, for the streamed export.

import TwoDoCore

/// Where a paged read of a list stopped: the last task's position in display order.
public struct TaskCursor: Sendable, Equatable {
    /// Whether the last task read was done (open tasks come first).
    public var isDone: Bool
    /// When the last task read was created.
    public var createdAt: Int64
    /// The last task read.
    public var id: TaskID

    /// The position just after `task`.
    public init(after task: TaskItem) {
        isDone = task.isDone
        createdAt = task.createdAt
        id = task.id
    }
}

extension Store {
    /// The cursor, by the name the server has always used.
    public typealias TaskCursor = TwoDoStore.TaskCursor
}
