// The engine-neutral surface of `undo`: record what a command changed, keep a short stack per user, reverse
// the newest entry unless someone changed the same rows since.

import TwoDoCore

/// What one recorded command changed, as an engine keeps it (opaque to callers).
public struct ChangeRecord: Sendable {
    /// The engine's own encoding of the changed rows (an SQLite changeset).
    package let payload: [UInt8]
    /// Wraps an engine's encoding of the changed rows (empty: nothing changed).
    package init(payload: [UInt8]) { self.payload = payload }
    /// Whether nothing was changed.
    public var isEmpty: Bool { payload.isEmpty }
}

/// The item an undoable change was about.
public struct UndoItem: Sendable, Equatable {
    /// What kind of thing it is.
    public enum Kind: String, Sendable { case task, list, routine, event }
    /// What the change did to the item itself.
    public enum Effect: String, Sendable {
        /// The command created it (undo removes it).
        case created
        /// The command deleted it (undo restores it).
        case deleted
        /// The command changed it or something on it (a note, a reminder).
        case changed
    }
    public let kind: Kind
    public let effect: Effect
    /// Its title (a task's or event's) or name (a list's or routine's), as it read at the time.
    public let title: String

    public init(kind: Kind, effect: Effect, title: String) {
        self.kind = kind
        self.effect = effect
        self.title = title
    }
}

/// One entry of a user's undo stack.
public struct UndoEntry: Sendable, Equatable {
    public let id: Int64
    /// When the change was made.
    public let at: Int64
    /// The canonical English verb of the command that made it (`add`, `list delete` is `list`).
    public let verb: String
    public let item: UndoItem

    /// Makes one (the memberwise initializer, `package` for the PostgreSQL engine and tests).
    package init(id: Int64, at: Int64, verb: String, item: UndoItem) {
        (self.id, self.at, self.verb, self.item) = (id, at, verb, item)
    }
}

/// How an `undo` went.
public enum UndoResult: Sendable, Equatable {
    /// The entry's change was reversed (and the entry is gone from the stack).
    case undone(UndoEntry)
    /// Rows of the entry were changed since by someone else; nothing was reversed. The entry is dropped, so
    /// the next `undo` goes one further back.
    case conflict(UndoEntry)
    /// The user has nothing to undo (no entry younger than the age limit).
    case empty
    /// Reversing the entry would take the space past one of its limits (the caller's `accept` said no); nothing
    /// was reversed and the entry is dropped, like a conflict.
    case overLimit(UndoEntry)
}

/// The containers a reversal put rows back into, whose limits it may have passed: the lists that hold a task it
/// restored or reopened, the tasks that hold a step it restored, the items that hold a note it restored.
public struct UndoReach: Sendable, Equatable {
    public var lists: Set<ListID> = []
    public var parents: Set<TaskID> = []
    public var noteTasks: Set<TaskID> = []
    public var noteRoutines: Set<RoutineID> = []
    public var noteEvents: Set<EventID> = []

    public init() {}
}

/// What every engine must do for `undo`:
/// - `recordingChanges` runs a command's body and returns, besides its result, a record of every row it
///   changed in the space's content (lists, tasks and what hangs on them, routines, events); never users,
///   sessions, notifications or the search index.
/// - `pushUndo` keeps at most `UndoLimits.depth` entries per user (the oldest go first); entries older than
///   `UndoLimits.maxAge` are never undone. Entries survive a restart (they are stored with the change, in
///   the same transaction).
/// - `undoLatest` reverses the newest live entry only when every row it touched is still as the change left it
///   (rows the server moves on by itself, such as a reminder's fired time, excepted), every row it writes is of
///   the entry's space (which is the user's space now), and it reverses nothing else (no cascade onto rows
///   added since): otherwise `.conflict`, with nothing changed. The schema refuses what would reach another
///   space or name a non-member (migration 21); such a refusal is a conflict too. Once applied, `accept` sees
///   what the reversal put back; when it answers false the reversal is rolled back (`.overLimit`).
public protocol UndoStore: AnyObject {
    /// Runs `body`, recording the content rows it changes.
    func recordingChanges<T>(_ body: () throws -> T) throws -> (T, ChangeRecord)
    /// Pushes `record` on `user`'s stack as the change `verb` made at `now`.
    func pushUndo(_ record: ChangeRecord, user: UserID, space: SpaceID, verb: String, now: Int64) throws
    /// Reverses `user`'s newest entry made in `space` after `now - UndoLimits.maxAge`, keeping it only when
    /// `accept` agrees with what it put back.
    func undoLatest(
        user: UserID, space: SpaceID, now: Int64, accept: (UndoReach) throws -> Bool
    ) throws
        -> UndoResult
    /// Forgets `user`'s stack (their space changed: joining or leaving a couple).
    func clearUndo(user: UserID) throws
}

extension UndoStore {
    /// Reverses `user`'s newest entry, whatever it puts back.
    public func undoLatest(user: UserID, space: SpaceID, now: Int64) throws -> UndoResult {
        try undoLatest(user: user, space: space, now: now, accept: { _ in true })
    }
}

/// The bounds of a user's undo stack.
public enum UndoLimits {
    /// Entries kept per user.
    public static let depth = 20
    /// How long an entry can be undone, in seconds.
    public static let maxAge: Int64 = 24 * 3600
}
