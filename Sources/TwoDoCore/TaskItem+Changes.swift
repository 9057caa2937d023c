// A task as the store reads it back right after the two commonest changes, without reading it.

extension TaskItem {
    /// The task `addTask` just stored with no details (no assignee, date, priority, rule, reminder or
    /// description): what reading it back gives, built from the values written. The reply and the partner's
    /// event of a plain `add` then need no second query (PERFORMANCE §17). `TaskAreaTests` holds it equal to
    /// the read on both engines.
    public static func added(
        _ id: TaskID, title: String, list: TaskList, by user: User, now: Int64
    ) -> TaskItem {
        var task = TaskItem(
            id: id, list: list.id, listName: list.name, title: title, isDone: false, assignee: nil,
            createdBy: user.name, createdAt: now, updatedAt: now, completedBy: nil, completedAt: nil)
        task.listIcon = list.icon
        return task
    }

    /// This task after `setDone(true)` by the user named `name` at `now`, with its open steps done too:
    /// what reading it back gives.
    public func completed(by name: String, at now: Int64) -> TaskItem {
        var task = self
        task.isDone = true
        task.completedBy = name
        task.completedAt = now
        task.updatedAt = now
        task.steps.done = task.steps.total
        return task
    }
}
