// The domain values stored and shown by TwoDo: users, spaces, lists, tasks, notes, notifications.

/// A registered user.
public struct User: Sendable, Equatable {
    public var id: UserID
    public var name: String
    public var lang: Language
    public var tz: String
    public var space: SpaceID
    /// The name partners see (`name Ayşe K.`), nil for the login name.
    public var displayName: String?

    public init(id: UserID, name: String, lang: Language, tz: String, space: SpaceID, displayName: String? = nil) {
        self.id = id
        self.name = name
        self.lang = lang
        self.tz = tz
        self.space = space
        self.displayName = displayName
    }

    /// The name shown to partners: the display name when set, else the login name.
    public var shownName: String { displayName ?? name }

    /// How events name this user to partners: the display name with the login beside it (`Bobby (bob)`), so
    /// a display name never stands alone for someone; the login alone when there is none.
    public var eventLabel: String { displayName.map { "\($0) (\(name))" } ?? name }
}

/// A task list inside a space, with its counts.
public struct TaskList: Sendable, Equatable {
    public var id: ListID
    public var name: String
    public var isDefault: Bool
    public var openCount: Int
    public var doneCount: Int
    /// The emoji shown before the name (`🛒`), nil for none (see `ListIcon`).
    public var icon: String?

    public init(
        id: ListID, name: String, isDefault: Bool, openCount: Int = 0, doneCount: Int = 0, icon: String? = nil
    ) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
        self.openCount = openCount
        self.doneCount = doneCount
        self.icon = icon
    }
}

/// A task. Times are Unix seconds (UTC instants).
public struct TaskItem: Sendable, Equatable {
    public var id: TaskID
    public var list: ListID
    public var listName: String
    /// The icon of the task's list, nil for none (`listLabel` puts it before `listName`).
    public var listIcon: String?
    public var title: String
    public var isDone: Bool
    public var assignee: String?
    public var createdBy: String?
    public var createdAt: Int64
    public var updatedAt: Int64
    public var completedBy: String?
    public var completedAt: Int64?
    public var noteCount: Int
    /// When it is due, as the user meant it (nil: no date).
    public var due: DueDate?
    /// The instant the due date sorts by (the stored `due_at`), nil without a date: a keyset page of a
    /// time view continues after the last row's `(dueAt, id)`.
    public var dueAt: Int64?
    /// The occurrence date the recurrence rule produced, kept apart from a snoozed `due`.
    public var scheduledDate: LocalDate?
    public var priority: Priority = .none
    public var recurrence: Recurrence?
    /// Minutes between nags, while nagging.
    public var nagMinutes: Int?
    /// The task this one is a step of (nil for a task of its own).
    public var parent: TaskID?
    /// The title of `parent`, read with the step.
    public var parentTitle: String?
    /// How many steps this task has, and how many of them are done (both 0 for a task without steps).
    public var steps = StepProgress(done: 0, total: 0)

    /// Whether this is a step of another task.
    public var isStep: Bool { parent != nil }
    /// The longer text kept with the task (`describe`), nil for none; shown by `info`, marked `¶` in rows.
    public var description: String?
    /// Its day-plan entry, if someone planned it.
    public var plan: TaskPlan?

    public init(
        id: TaskID, list: ListID, listName: String, title: String, isDone: Bool, assignee: String?,
        createdBy: String?, createdAt: Int64, updatedAt: Int64, completedBy: String?, completedAt: Int64?,
        noteCount: Int = 0
    ) {
        self.id = id
        self.list = list
        self.listName = listName
        self.title = title
        self.isDone = isDone
        self.assignee = assignee
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedBy = completedBy
        self.completedAt = completedAt
        self.noteCount = noteCount
    }
}

/// How far a task's steps are: `done` of `total`.
public struct StepProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

/// A note attached to a task.
public struct Note: Sendable, Equatable {
    public var author: String?
    public var at: Int64
    public var text: String

    public init(author: String?, at: Int64, text: String) {
        self.author = author
        self.at = at
        self.text = text
    }
}

/// A stored notification (inbox item): an event kept for a user, localized when read.
public struct InboxItem: Sendable, Equatable {
    public var id: Int64
    public var at: Int64
    /// The catalog key of the event (e.g. `event.task.added`).
    public var key: String
    /// The placeholder values of the event text.
    public var args: [String: String]
    public var isRead: Bool

    public init(id: Int64, at: Int64, key: String, args: [String: String], isRead: Bool) {
        self.id = id
        self.at = at
        self.key = key
        self.args = args
        self.isRead = isRead
    }
}
