// Reopening a finished occurrence of a repeating task takes back the next occurrence its `done` added.

import TwoDoCore
import TwoDoStore

extension Feature {
    /// After `task` (a repeating task that was done) is reopened: deletes the occurrence that completing it
    /// added, so the series has one open occurrence again; returns its id, or nil when there is none.
    ///
    /// The added occurrence is recognized without a stored link: it is open, in the same list, with the same
    /// title and a rule, newer than `task` and created in the second `task` was completed (`done` adds it in
    /// the same command). One the couple has since given notes to is kept: deleting it would lose them.
    @discardableResult
    func withdrawNextOccurrence(of task: TaskItem, space: SpaceID, _ c: CommandContext) throws -> TaskID? {
        guard task.recurrence != nil, let completedAt = task.completedAt else { return nil }
        let follower = try store.tasks(matching: task.title, in: space, limit: 20).first {
            !$0.isDone && $0.id.rawValue > task.id.rawValue && $0.list == task.list && $0.title == task.title
                && $0.recurrence != nil && $0.createdAt == completedAt && $0.noteCount == 0
        }
        guard let follower else { return nil }
        try store.deleteTask(follower.id)
        c.remindersChanged = true
        return follower.id
    }
}
