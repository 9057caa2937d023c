// The day-plan commands as values: `plan`, `plan add`, `start`, `defer`, `unplan`, reordering and `backlog`.

import TwoDoCore

/// Where `plan <ref> …` puts a task inside its bucket.
public enum PlanPlacement: Sendable, Equatable {
    case first, last
    /// Just before another task of the same bucket.
    case before(TaskRef)
}

/// A day-plan command.
public enum PlanAction: Sendable, Equatable {
    /// `plan [member] [day]`: a board; nil member is the user's own, nil day is today.
    case board(member: String?, day: LocalDate?)
    /// `plan [member] <region> [day]` (`plan morning`, `plan sabah`): one region of a board.
    case region(member: String?, region: PlanRegion, day: LocalDate?)
    /// `plan <ref> <region> [bucket] [day]`: plans (or moves) a task; nil bucket is `misc`, nil day today.
    case place(TaskRef, region: PlanRegion, bucket: PlanBucket?, day: LocalDate?)
    /// `plan add <title> <region> [bucket] [day]`: adds a task to the default list and plans it.
    case add(title: String, region: PlanRegion, bucket: PlanBucket?, day: LocalDate?)
    /// `plan <ref> first|last|before <ref>`: reorders inside the task's bucket.
    case reorder(TaskRef, PlanPlacement)
    /// `start <ref>`: in progress (planned for today first when it is on no board).
    case start(TaskRef)
    /// `defer <ref>`: to the backlog.
    case deferTask(TaskRef)
    /// `unplan <ref>`: off the plan, back to a plain task.
    case unplan(TaskRef)
    /// `backlog`: deferred tasks, grouped by when they were deferred, newest first.
    case backlog

    /// The canonical English verb.
    public var verb: String {
        switch self {
        case .board, .region, .place, .add, .reorder: "plan"
        case .start: "start"
        case .deferTask: "defer"
        case .unplan: "unplan"
        case .backlog: "backlog"
        }
    }
}
