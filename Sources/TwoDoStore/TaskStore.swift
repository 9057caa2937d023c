// The engine-neutral contract for lists, tasks, task notes, their pages and counts.

import TwoDoCore

/// Lists and tasks: what an engine must store and the orders it must answer in.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - Isolation: a lookup by id with a space (`task(_:in:)`) answers nil for another space's task.
/// - List names are unique per space by `TextFold.key`; `list(named:in:)` matches by that key.
/// - Display order, everywhere it says "in `tasks(in:)` order": open before done, then by creation time,
///   then by id. Pages (`offset`/`limit`, or the keyset `TaskCursor`) follow that order exactly, and a keyset
///   page never repeats a task when others are added or removed between pages.
/// - Counts (`taskCount`, `openTaskCount`, `counts(of:)`) are exact within the caller's transaction and cheap
///   (indexed or kept by the engine): they run on every add.
/// - Deleting a list deletes its tasks; deleting a task deletes its notes and reminders.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol TaskStore: TransactionalStore {
    /// Every list in a space with its open and done counts; the default list first, then by creation.
    func lists(in space: SpaceID) throws -> [TaskList]
    /// The list of this name (folded the Turkish-aware way) in a space.
    func list(named name: String, in space: SpaceID) throws -> TaskList?
    /// The default list of a space.
    func defaultList(in space: SpaceID) throws -> TaskList
    /// Adds a list; the caller has checked the name is free.
    func addList(named name: String, in space: SpaceID, now: Int64) throws -> ListID
    /// Renames a list; the caller has checked the new name is free.
    func renameList(_ list: ListID, to name: String) throws
    /// Sets a list's icon (already checked with `ListIcon`), or removes it (nil).
    func setIcon(_ icon: String?, of list: ListID) throws
    /// Deletes the done tasks of a list with their notes and reminders; returns how many.
    func deleteDoneTasks(in list: ListID) throws -> Int
    /// Deletes a list and its tasks.
    func deleteList(_ list: ListID) throws
    /// The names of a space's lists, default first.
    func listNames(in space: SpaceID) throws -> [String]
    /// The number of lists of a space.
    func listCount(in space: SpaceID) throws -> Int
    /// The number of open tasks of a list.
    func openTaskCount(in list: ListID) throws -> Int
    /// The open tasks the joined default list would hold after merging `source` into `target`.
    func mergedDefaultOpenCount(from source: SpaceID, into target: SpaceID) throws -> Int
    /// The tasks of a list in display order.
    func tasks(in list: ListID) throws -> [TaskItem]
    /// Every task of a space, list by list, in display order.
    func tasks(inSpace space: SpaceID) throws -> [TaskItem]
    /// The task with this id, only if it belongs to `space`.
    func task(_ id: TaskID, in space: SpaceID) throws -> TaskItem?
    /// Tasks whose folded title contains every folded word of `query`; an exact title wins alone.
    func tasks(matching query: String, in space: SpaceID, limit: Int) throws -> [TaskItem]
    /// Adds a task.
    func addTask(
        title: String, list: ListID, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws
        -> TaskID
    /// Marks a task done by `user`, or open again.
    func setDone(_ task: TaskID, _ done: Bool, by user: UserID, now: Int64) throws
    /// Changes a task's title.
    func setTitle(_ task: TaskID, _ title: String, now: Int64) throws
    /// Sets or clears (nil) a task's description.
    func setDescription(of task: TaskID, to text: String?, now: Int64) throws
    /// Moves a task to another list of the same space.
    func move(_ task: TaskID, to list: ListID, now: Int64) throws
    /// Assigns a task to a member, or to nobody.
    func assign(_ task: TaskID, to user: UserID?, now: Int64) throws
    /// Deletes a task with its notes and reminders.
    func deleteTask(_ task: TaskID) throws
    /// Sets or clears a task's due date (`scheduled`: the rule's occurrence date, nil for the due date).
    func setDue(_ task: TaskID, _ due: DueDate?, scheduled: LocalDate?, now: Int64) throws
    /// Sets a task's priority.
    func setPriority(_ task: TaskID, _ priority: Priority, now: Int64) throws
    /// Sets or clears a task's recurrence rule.
    func setRecurrence(_ task: TaskID, _ rule: Recurrence?, now: Int64) throws
    /// Sets or clears the nag interval.
    func setNag(_ task: TaskID, minutes: Int?, now: Int64) throws
    /// The number of open tasks due before `endOfToday` and, of those, overdue at `now`.
    func dueCounts(in space: SpaceID, now: Int64, endOfToday: Int64) throws -> (overdue: Int, today: Int)
    /// The task of a reminder with its space, whatever the space.
    func taskForReminder(_ task: TaskID) throws -> (TaskItem, SpaceID)?
    /// At most `limit` tasks of a list after `cursor`, in display order (a keyset page).
    func tasks(in list: ListID, after cursor: TaskCursor?, limit: Int) throws -> [TaskItem]
    /// Tasks `offset ..< offset + limit` of a list, in display order.
    func tasks(in list: ListID, offset: Int, limit: Int) throws -> [TaskItem]
    /// The open and done task counts of a list.
    func taskCounts(in list: ListID) throws -> (open: Int, done: Int)
    /// One page of a space's open tasks due in `from ..< before` (optionally one assignee's), soonest first.
    func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, offset: Int, limit: Int
    ) throws
        -> [TaskItem]
    /// At most `limit` of the tasks `dueTasks` pages through, after `last` (a keyset page: past the last row's
    /// `(dueAt, id)` as it was shown, from the index; each page costs the same however deep).
    func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws -> [TaskItem]
    /// How many tasks `dueTasks` pages through.
    func dueTaskCount(in space: SpaceID, from: Int64, before: Int64, assignee: UserID?) throws -> Int
    /// One page of a space's open tasks without a due date, list by list, each by creation.
    func undatedTasks(in space: SpaceID, assignee: UserID?, offset: Int, limit: Int) throws -> [TaskItem]
    /// At most `limit` of the tasks `undatedTasks` pages through, after `last` (a keyset page: past the last
    /// row's `(list, createdAt, id)` as it was shown).
    func undatedTasks(in space: SpaceID, assignee: UserID?, after last: TaskItem, limit: Int) throws -> [TaskItem]
    /// How many tasks `undatedTasks` pages through.
    func undatedTaskCount(in space: SpaceID, assignee: UserID?) throws -> Int
    /// The number of tasks of a space.
    func taskCount(inSpace space: SpaceID) throws -> Int
    /// Attaches a note to a task.
    func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws
    /// The notes of a task, oldest first.
    func notes(of task: TaskID) throws -> [Note]
    /// Deletes the `number`-th note (1-based, oldest first) of a task; nil when there is none.
    func deleteNote(of task: TaskID, number: Int) throws -> Note?
    /// Rewrites the `number`-th note of a task as `user`'s text written `now`; returns the note as it was, or nil
    /// when there is none.
    func editNote(of task: TaskID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note?
}

extension TaskStore {
    /// `tasks(matching:in:limit:)` with the usual 20 candidates.
    public func tasks(matching query: String, in space: SpaceID) throws -> [TaskItem] {
        try tasks(matching: query, in: space, limit: 20)
    }

    /// `setDue(_:_:scheduled:now:)` for a date that is not a repeat's scheduled day.
    public func setDue(_ task: TaskID, _ due: DueDate?, now: Int64) throws {
        try setDue(task, due, scheduled: nil, now: now)
    }
}
