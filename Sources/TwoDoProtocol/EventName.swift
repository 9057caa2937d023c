// The names of the events pushed to partners' sessions, each owning its catalog key.

/// The stable dotted name of a pushed event (`task.added`, `reminder.due`, ...): `event` in JSON mode.
/// The raw value is the wire name.
///
/// A partner event is worded with `event.<name>` (the catalog's `event.task.added`), or a variant of it
/// named beside its case; a reminder with one of the `reminder.*` texts.
public enum EventName: String, CaseIterable, Sendable {
    /// A task was added (`event.task.added_details` when the line set more than its title).
    case taskAdded = "task.added"
    /// A task was completed.
    case taskCompleted = "task.completed"
    /// A done task was reopened.
    case taskReopened = "task.reopened"
    /// A task's title changed.
    case taskEdited = "task.edited"
    /// A task was deleted.
    case taskDeleted = "task.deleted"
    /// A task moved to another list.
    case taskMoved = "task.moved"
    /// A task was assigned (`event.task.unassigned` when assigned to nobody).
    case taskAssigned = "task.assigned"
    /// A note was added to a task.
    case taskNoted = "task.noted"
    /// A task's due date changed (`event.task.due_cleared` when removed).
    case taskDue = "task.due"
    /// A task's priority changed (`event.task.priority_cleared` when removed).
    case taskPriority = "task.priority"
    /// A task's repeat rule changed (`event.task.repeat_cleared` when removed).
    case taskRepeat = "task.repeat"
    /// A task's due time was pushed back.
    case taskSnoozed = "task.snoozed"
    /// A list was added.
    case listAdded = "list.added"
    /// A list was renamed.
    case listRenamed = "list.renamed"
    /// A list was deleted.
    case listDeleted = "list.deleted"
    /// A list's done tasks were removed (`event.list.cleared_one` for one).
    case listCleared = "list.cleared"
    /// A list's icon was set (`event.list.icon_removed` when removed).
    case listIcon = "list.icon"
    /// A partner joined the couple.
    case coupleJoined = "couple.joined"
    /// A partner left the couple.
    case coupleLeft = "couple.left"
    /// The couple was renamed.
    case coupleRenamed = "couple.renamed"
    /// The partner deleted their account (their items stay, shown as by a former member).
    case accountDeleted = "account.deleted"
    /// The partner asked for a password reset (`forgot`): approve it with `approve reset <name>`.
    case resetRequested = "reset.requested"
    /// A partner's `say` message.
    case chatMessage = "chat.message"
    /// A reminder or nag fired (actor `twodo`); the text is one of the `reminder.*` keys.
    case reminderDue = "reminder.due"
    /// A routine was added.
    case routineAdded = "routine.added"
    /// A routine's schedule changed.
    case routineEdited = "routine.edited"
    /// A routine was renamed.
    case routineRenamed = "routine.renamed"
    /// A routine was paused.
    case routinePaused = "routine.paused"
    /// A paused routine was resumed.
    case routineResumed = "routine.resumed"
    /// A routine was deleted.
    case routineDeleted = "routine.deleted"
    /// A routine's day was marked done (`event.routine.streak_<unit>` from a streak of 2).
    case routineDone = "routine.done"
    /// A routine's day was skipped.
    case routineSkipped = "routine.skipped"
    /// A routine's mark was removed.
    case routineUndone = "routine.undone"
    /// A note was added to a routine.
    case routineNoted = "routine.noted"
    /// A calendar event was added.
    case eventAdded = "event.added"
    /// A calendar event changed.
    case eventEdited = "event.edited"
    /// A calendar event (or one occurrence) moved.
    case eventMoved = "event.moved"
    /// One occurrence of a repeating event was cancelled.
    case eventCancelled = "event.cancelled"
    /// A calendar event was deleted.
    case eventDeleted = "event.deleted"
    /// A note was added to a calendar event.
    case eventNoted = "event.noted"
    /// A note was deleted from a task, routine or event.
    case noteDeleted = "note.deleted"
    /// A note of a task, routine or event was rewritten.
    case noteEdited = "note.edited"
    /// A step was added under a task.
    case stepAdded = "step.added"
    /// A step was done (its task still has open steps).
    case stepDone = "step.done"
    /// The last open step was done, and its task completed with it: one event for both.
    case stepDoneTaskCompleted = "step.done_task_completed"
    /// A done step was reopened.
    case stepReopened = "step.reopened"
    /// A done step was reopened, and its done task with it: one event for both.
    case stepReopenedTaskReopened = "step.reopened_task_reopened"
    /// A step's title changed.
    case stepEdited = "step.edited"
    /// A step was deleted.
    case stepDeleted = "step.deleted"
    /// A partner undid one of their changes (`event.change.undone_created` / `_deleted` for the other effects).
    case changeUndone = "change.undone"
    /// A partner set their display name (`event.name.cleared` when they went back to their login name).
    case nameChanged = "name.changed"
    /// A task's description was set (`event.task.description_cleared` when cleared).
    case taskDescribed = "task.described"
    /// A routine's description was set (`event.routine.description_cleared` when cleared).
    case routineDescribed = "routine.described"
    /// A calendar event's description was set (`event.event.description_cleared` when cleared).
    case eventDescribed = "event.described"
    /// A partner planned a task (`event.plan.planned_day` for another day than today); `plan add` too.
    case planPlanned = "plan.planned"
    /// A partner reordered a bucket of their board.
    case planReordered = "plan.reordered"
    /// A partner started a task.
    case planStarted = "plan.started"
    /// A partner moved a task to their backlog.
    case planDeferred = "plan.deferred"
    /// A partner took a task off their plan.
    case planUnplanned = "plan.unplanned"

    /// The usual text with `args` filled in.
    public func message(_ args: [String: String] = [:]) -> Message { Message(key, args) }

    /// The catalog key of the event's text: `event.<name>`, except `reminder.due`, worded `reminder.due` (and
    /// the other `reminder.*` texts).
    public var key: TextKey {
        switch self {
        case .taskAdded: .eventTaskAdded
        case .taskCompleted: .eventTaskCompleted
        case .taskReopened: .eventTaskReopened
        case .taskEdited: .eventTaskEdited
        case .taskDeleted: .eventTaskDeleted
        case .taskMoved: .eventTaskMoved
        case .taskAssigned: .eventTaskAssigned
        case .taskNoted: .eventTaskNoted
        case .taskDue: .eventTaskDue
        case .taskPriority: .eventTaskPriority
        case .taskRepeat: .eventTaskRepeat
        case .taskSnoozed: .eventTaskSnoozed
        case .listAdded: .eventListAdded
        case .listRenamed: .eventListRenamed
        case .listDeleted: .eventListDeleted
        case .listCleared: .eventListCleared
        case .listIcon: .eventListIcon
        case .coupleJoined: .eventCoupleJoined
        case .coupleLeft: .eventCoupleLeft
        case .coupleRenamed: .eventCoupleRenamed
        case .accountDeleted: .eventAccountDeleted
        case .resetRequested: .eventResetRequested
        case .chatMessage: .eventChatMessage
        case .reminderDue: .reminderDue
        case .routineAdded: .eventRoutineAdded
        case .routineEdited: .eventRoutineEdited
        case .routineRenamed: .eventRoutineRenamed
        case .routinePaused: .eventRoutinePaused
        case .routineResumed: .eventRoutineResumed
        case .routineDeleted: .eventRoutineDeleted
        case .routineDone: .eventRoutineDone
        case .routineSkipped: .eventRoutineSkipped
        case .routineUndone: .eventRoutineUndone
        case .routineNoted: .eventRoutineNoted
        case .eventAdded: .eventEventAdded
        case .eventEdited: .eventEventEdited
        case .eventMoved: .eventEventMoved
        case .eventCancelled: .eventEventCancelled
        case .eventDeleted: .eventEventDeleted
        case .eventNoted: .eventEventNoted
        case .noteDeleted: .eventNoteDeleted
        case .noteEdited: .eventNoteEdited
        case .stepAdded: .eventStepAdded
        case .stepDone: .eventStepDone
        case .stepDoneTaskCompleted: .eventStepDoneTaskCompleted
        case .stepReopened: .eventStepReopened
        case .stepReopenedTaskReopened: .eventStepReopenedTaskReopened
        case .stepEdited: .eventStepEdited
        case .stepDeleted: .eventStepDeleted
        case .changeUndone: .eventChangeUndone
        case .nameChanged: .eventNameChanged
        case .taskDescribed: .eventTaskDescribed
        case .routineDescribed: .eventRoutineDescribed
        case .eventDescribed: .eventEventDescribed
        case .planPlanned: .eventPlanPlanned
        case .planReordered: .eventPlanReordered
        case .planStarted: .eventPlanStarted
        case .planDeferred: .eventPlanDeferred
        case .planUnplanned: .eventPlanUnplanned
        }
    }
}

extension EventName {
    /// The code of the reply that answers the actor of the change this event announces (`task.added` for
    /// `task.added`, `chat.sent` for `chat.message`). A switch, not `ReplyCode(rawValue:)`: this runs for
    /// every change, and a raw-value initializer compares the string against each case in turn.
    public var replyCode: ReplyCode {
        switch self {
        case .taskAdded: .taskAdded
        case .taskCompleted: .taskCompleted
        case .taskReopened: .taskReopened
        case .taskEdited: .taskEdited
        case .taskDeleted: .taskDeleted
        case .taskMoved: .taskMoved
        case .taskAssigned: .taskAssigned
        case .taskNoted: .taskNoted
        case .taskDue: .taskDue
        case .taskPriority: .taskPriority
        case .taskRepeat: .taskRepeat
        case .taskSnoozed: .taskSnoozed
        case .listAdded: .listAdded
        case .listRenamed: .listRenamed
        case .listDeleted: .listDeleted
        case .listCleared: .listCleared
        case .listIcon: .listIcon
        case .coupleJoined: .coupleJoined
        case .coupleLeft: .coupleLeft
        case .coupleRenamed: .coupleRenamed
        case .accountDeleted: .accountDeleted
        case .resetRequested: .resetRequested
        case .chatMessage: .chatSent
        case .reminderDue: .reminderDue
        case .routineAdded: .routineAdded
        case .routineEdited: .routineEdited
        case .routineRenamed: .routineRenamed
        case .routinePaused: .routinePaused
        case .routineResumed: .routineResumed
        case .routineDeleted: .routineDeleted
        case .routineDone: .routineDone
        case .routineSkipped: .routineSkipped
        case .routineUndone: .routineUndone
        case .routineNoted: .routineNoted
        case .eventAdded: .eventAdded
        case .eventEdited: .eventEdited
        case .eventMoved: .eventMoved
        case .eventCancelled: .eventCancelled
        case .eventDeleted: .eventDeleted
        case .eventNoted: .eventNoted
        case .noteDeleted: .noteDeleted
        case .noteEdited: .noteEdited
        case .stepAdded: .stepAdded
        case .stepDone: .stepDone
        case .stepDoneTaskCompleted: .stepDoneTaskCompleted
        case .stepReopened: .stepReopened
        case .stepReopenedTaskReopened: .stepReopenedTaskReopened
        case .stepEdited: .stepEdited
        case .stepDeleted: .stepDeleted
        case .changeUndone: .changeUndone
        case .nameChanged: .nameChanged
        case .taskDescribed: .taskDescribed
        case .routineDescribed: .routineDescribed
        case .eventDescribed: .eventDescribed
        case .planPlanned: .planPlanned
        case .planReordered: .planReordered
        case .planStarted: .planStarted
        case .planDeferred: .planDeferred
        case .planUnplanned: .planUnplanned
        }
    }
}
