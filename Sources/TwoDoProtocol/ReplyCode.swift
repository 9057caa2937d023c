// The reply codes the server answers with: the stable `code` of every reply, each owning its catalog key.

/// The stable dotted code of a reply (`task.added`, `error.not_found`, ...): `code` in JSON mode and the
/// contract bots rely on (docs/PROTOCOL.md lists them). The raw value is the wire code.
///
/// Every reply code the server can send is a case, including codes it picks at run time (`json.on` or
/// `json.off`, a limit's `error.limit_*`, a password refusal's `error.password_*`).
public enum ReplyCode: String, CaseIterable, Sendable {
    // MARK: Lines the framer refused

    /// A line longer than the line limit; it was ignored.
    case lineTooLong = "line.too_long"
    /// A line that is not valid UTF-8; it was ignored.
    case lineBadEncoding = "line.bad_encoding"
    /// A line holding control characters; it was ignored.
    case lineControlChars = "line.control_chars"

    // MARK: Session and settings

    /// The answer to `ping`.
    case pong = "pong"
    /// The answer to `quit`, before the server closes the connection.
    case bye = "bye"
    /// JSON mode is on.
    case jsonOn = "json.on"
    /// JSON mode is off.
    case jsonOff = "json.off"
    /// The test clock moved (`clock advance`/`clock set`, only with `--test-clock`).
    case clockSet = "clock.set"
    /// A help page: the index, or one command's usage (`usage.<verb>`).
    case help = "help"
    /// The whole space as JSON (`export`).
    case export = "export"
    /// The calendar as RFC 5545 iCalendar text (`export ics`).
    case exportICS = "export.ics"
    /// The server's figures (`stats`, admins only).
    case stats = "stats"
    /// The reply language in use.
    case langShow = "lang.show"
    /// The reply language changed.
    case langSet = "lang.set"
    /// The time zone in use.
    case tzShow = "tz.show"
    /// The time zone changed.
    case tzSet = "tz.set"
    /// The first day of the week in use.
    case weekstartShow = "weekstart.show"
    /// The first day of the week changed.
    case weekstartSet = "weekstart.set"

    // MARK: Accounts

    /// An account was created and its session logged in.
    case authRegistered = "auth.registered"
    /// Logged in (`_unread`/`_unread_one` variants when the inbox has unread items).
    case authLoggedIn = "auth.logged_in"
    /// Logged in with a resume token (`resume <token>`); `data` holds the user, as for `auth.logged_in`.
    case authResumed = "auth.resumed"
    /// Logged out; the connection stays open.
    case authLoggedOut = "auth.logged_out"
    /// The password changed; the account's other sessions ended.
    case authPasswordChanged = "auth.password_changed"
    /// Sent to a session ended by `passwd` on another one.
    case authPasswordChangedElsewhere = "auth.password_changed_elsewhere"
    /// What `account delete` does, and how to confirm it (`account.delete_explain_couple` or `_solo`).
    case accountDeleteConfirm = "account.delete_confirm"
    /// The account was deleted; the connection closes after this reply.
    case accountDeleted = "account.deleted"
    /// Sent to the account's other sessions when it was deleted from one of them; they close.
    case authAccountDeleted = "auth.account_deleted"
    /// The answer to `forgot`, the same whether or not the name exists.
    case resetRequested = "reset.requested"
    /// `approve reset`: the one-time code for the partner.
    case resetApproved = "reset.approved"
    /// `reset`: the new password is set and the account's sessions were closed.
    case resetDone = "reset.done"
    /// Sent to an account's sessions when its password was reset with a one-time code; they close.
    case authPasswordReset = "auth.password_reset"

    // MARK: Couples and chat

    /// A couple and its invite code were created.
    case coupleCreated = "couple.created"
    /// Joined a couple with an invite code.
    case coupleJoined = "couple.joined"
    /// The couple was renamed.
    case coupleRenamed = "couple.renamed"
    /// Left the couple.
    case coupleLeft = "couple.left"
    /// The couple and its members (`couple.solo` when alone).
    case coupleInfo = "couple.info"
    /// Who is online (`who.partner_offline`, `couple.solo`).
    case who = "who"
    /// A `say` message went out (`chat.no_partner` when alone).
    case chatSent = "chat.sent"

    // MARK: The inbox

    /// The inbox, newest first (`inbox.empty` when empty).
    case inboxList = "inbox.list"
    /// Inbox items were marked read (`inbox.read_one` for one).
    case inboxRead = "inbox.read"
    /// The inbox was cleared (`inbox.cleared_one` for one).
    case inboxCleared = "inbox.cleared"
    /// One notification was deleted (`inbox delete <n>`).
    case inboxDeleted = "inbox.deleted"
    /// What is muted (`mute.none` when nothing is).
    case muteList = "mute.list"
    /// A kind of push was muted: it goes to the inbox, unread, instead.
    case muteSet = "mute.set"
    /// A kind of push was unmuted.
    case muteCleared = "mute.cleared"

    // MARK: Lists

    /// The lists of the space.
    case listIndex = "list.index"
    /// A list was added.
    case listAdded = "list.added"
    /// A list was renamed.
    case listRenamed = "list.renamed"
    /// A list was deleted.
    case listDeleted = "list.deleted"
    /// A list's done tasks were removed (`list.cleared_one` for one).
    case listCleared = "list.cleared"
    /// A list's icon was set (`list.icon_set`), removed (`list.icon_removed`) or was already none (`list.icon_none`).
    case listIcon = "list.icon"

    // MARK: Tasks

    /// The tasks of one list (`task.list_empty` when empty).
    case taskList = "task.list"
    /// A task was added (`task.added_details` when the line set more than its title).
    case taskAdded = "task.added"
    /// A task was completed (`task.completed_next` when a repeat follows).
    case taskCompleted = "task.completed"
    /// A done task was reopened.
    case taskReopened = "task.reopened"
    /// A task's title changed.
    case taskEdited = "task.edited"
    /// A task was deleted.
    case taskDeleted = "task.deleted"
    /// A task moved to another list.
    case taskMoved = "task.moved"
    /// A task was assigned (`task.unassigned` when assigned to nobody).
    case taskAssigned = "task.assigned"
    /// A note was added to a task.
    case taskNoted = "task.noted"
    /// A task's notes (`task.notes_empty` when none).
    case taskNotes = "task.notes"
    /// A task's due date was set (`task.due_cleared` when removed).
    case taskDue = "task.due"
    /// A task's priority was set (`task.priority_cleared` when removed).
    case taskPriority = "task.priority"
    /// A task's repeat rule was set (`task.repeat_cleared` when removed).
    case taskRepeat = "task.repeat"
    /// A reminder was added to a task.
    case taskReminderSet = "task.reminder_set"
    /// A task nags until done.
    case taskNagSet = "task.nag_set"
    /// A task no longer nags.
    case taskNagCleared = "task.nag_cleared"
    /// A task's due time was pushed back.
    case taskSnoozed = "task.snoozed"
    /// A view across lists (overdue, today, agenda, mine, ...), headed by `view.*` texts.
    case taskView = "task.view"
    /// What `search` found (tasks numbered for `done 2`, then routines and events); `search.none` text when
    /// nothing matches.
    case searchResults = "search.results"
    /// `me`: who the user is.
    case me = "me"
    /// `name`: the display name (or that there is none).
    case nameShown = "name.shown"
    /// `name <display name>` / `name none`: it changed (`name.cleared` text when cleared).
    case nameChanged = "name.changed"
    /// `couple leave` without `confirm`: what leaving does, and how to confirm.
    case coupleLeaveConfirm = "couple.leave_confirm"
    /// A step was added under a task.
    case stepAdded = "step.added"
    /// A task's steps (`step.list_empty` when none).
    case stepList = "step.list"
    /// A step was done (other steps of its task still open).
    case stepDone = "step.done"
    /// The last open step was done and its task completed with it (`step.done_task_completed_next` when a
    /// repeat follows).
    case stepDoneTaskCompleted = "step.done_task_completed"
    /// A done step was reopened (its task was open).
    case stepReopened = "step.reopened"
    /// A done step was reopened, and its done task with it.
    case stepReopenedTaskReopened = "step.reopened_task_reopened"
    /// A step's title changed.
    case stepEdited = "step.edited"
    /// A step was deleted.
    case stepDeleted = "step.deleted"
    /// `undo` reversed the user's newest change (`change.undone_created` / `_deleted` word the other effects).
    case changeUndone = "change.undone"
    /// `undo` with nothing left to undo.
    case errorNothingToUndo = "error.nothing_to_undo"
    /// A line with no verb that reads as a task: the `add` it would be, asked about (`yes`/`evet` does it).
    case suggestAdd = "suggest.add"
    /// `yes`/`evet` (or `no`/`hayır`) with no question just before it.
    case errorNothingToConfirm = "error.nothing_to_confirm"
    /// `no`/`hayır`/`cancel`/`vazgeç`/`iptal` answering the question just before it: nothing was done.
    case confirmDropped = "confirm.dropped"
    /// `undo` refused: the newest change's rows were changed since by someone else.
    case errorUndoConflict = "error.undo_conflict"
    /// `undo` refused: reversing the newest change would take the space past one of its limits.
    case errorUndoLimit = "error.undo_limit"
    /// A task's description was set (`task.description_cleared` text when cleared).
    case taskDescribed = "task.described"
    /// One task whole (`info`): list, status, dates, reminders, description, notes, completion.
    case taskInfo = "task.info"
    /// A routine's description was set (`routine.description_cleared` text when cleared).
    case routineDescribed = "routine.described"
    /// One routine whole (`info routine`).
    case routineInfo = "routine.info"
    /// An event's description was set (`event.description_cleared` text when cleared).
    case eventDescribed = "event.described"
    /// One event whole (`info event`).
    case eventInfo = "event.info"
    /// A day's 1-3-5 board (`plan`), or its empty text.
    case planBoard = "plan.board"
    /// A task was put on (or moved on) the user's board.
    case planPlanned = "plan.planned"
    /// `plan add`: a task was added and planned.
    case planAdded = "plan.added"
    /// A task moved inside its bucket.
    case planReordered = "plan.reordered"
    /// A task is in progress.
    case planStarted = "plan.started"
    /// A task went to the backlog.
    case planDeferred = "plan.deferred"
    /// A task came off the plan.
    case planUnplanned = "plan.unplanned"
    /// The backlog, grouped by when tasks entered it (or its empty text).
    case planBacklog = "plan.backlog"
    /// The midnight rollover moved unfinished tasks to the backlog (a line pushed by the server).
    case planRolledOver = "plan.rolled_over"
    /// The bucket (region, day) is full: what is in it and what is free.
    case errorPlanFull = "error.plan_full"
    /// The task is on the partner's plan.
    case errorPlanTaken = "error.plan_taken"
    /// A day before today cannot be planned.
    case errorPlanPastDay = "error.plan_past_day"
    /// The task is not on the user's board.
    case errorPlanNotPlanned = "error.plan_not_planned"
    /// The task already is where it was asked to go.
    case errorPlanSame = "error.plan_same"
    /// `start` on a task already in progress.
    case errorPlanAlreadyStarted = "error.plan_already_started"
    /// `defer` on a task already in the backlog.
    case errorPlanAlreadyDeferred = "error.plan_already_deferred"
    /// `plan <ref> before <ref>` across buckets.
    case errorPlanOtherBucket = "error.plan_other_bucket"
    /// A reminder line delivered to a session (also pushed as the event of that name).
    case reminderDue = "reminder.due"

    // MARK: Routines

    /// A routine was added.
    case routineAdded = "routine.added"
    /// The routines, today's due ones first (`routine.list_empty` when none).
    case routineList = "routine.list"
    /// A routine's day was marked done.
    case routineDone = "routine.done"
    /// A routine's day was skipped.
    case routineSkipped = "routine.skipped"
    /// A routine's mark was removed.
    case routineUndone = "routine.undone"
    /// A routine's streaks, rate and strip.
    case routineStats = "routine.stats"
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
    /// A note was added to a routine.
    case routineNoted = "routine.noted"
    /// A routine's notes (`routine.notes_empty` when none).
    case routineNotes = "routine.notes"

    // MARK: Calendar and notes

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
    /// One calendar event in full.
    case eventShow = "event.show"
    /// The events of a window (`event.list_empty` when none).
    case eventList = "event.list"
    /// A note was added to an event.
    case eventNoted = "event.noted"
    /// An event's notes (`event.notes_empty` when none).
    case eventNotes = "event.notes"
    /// The next seven days: events, due tasks and routines.
    case agendaWeek = "agenda.week"
    /// One day: events, due tasks and routines (`agenda friday`).
    case agendaDay = "agenda.day"
    /// A month's grid and its events (`calendar.no_events` when none).
    case calendar = "calendar"
    /// A new secret calendar feed URL (`data: {url, webcal}`).
    case calendarLink = "calendar.link"
    /// The calendar feed URL no longer works (`data.had`: whether there was one).
    case calendarLinkRevoked = "calendar.link_revoked"
    /// A note was deleted from a task, routine or event.
    case noteDeleted = "note.deleted"
    /// A note of a task, routine or event was rewritten.
    case noteEdited = "note.edited"

    // MARK: Errors common to every command

    /// The first word is no command (`error.unknown_command_suggest` with a guess).
    case errorUnknownCommand = "error.unknown_command"
    /// A known command in a wrong form (also a tag without a command, or no task to act on).
    case errorUsage = "error.usage"
    /// A value that is not allowed.
    case errorBadValue = "error.bad_value"
    /// A date or time that cannot be.
    case errorBadDate = "error.bad_date"
    /// Two values for one slot of a line (two dates, two priorities): `error.two_values_priority` for priorities.
    case errorTwoValues = "error.two_values"
    /// An `add` named a list that does not exist: the question offering the default list (`yes` adds it there).
    case errorNoSuchList = "error.no_such_list"
    /// A command that needs a login, before one.
    case errorNotLoggedIn = "error.not_logged_in"
    /// `calendar link` on a server started without a feed port.
    case errorFeedDisabled = "error.feed_disabled"
    /// Over the per-connection command rate; the command was not run.
    case errorRateLimited = "error.rate_limited"
    /// The change could not be saved; nothing changed.
    case errorStorage = "error.storage"
    /// The database cannot be reached (PostgreSQL); nothing was saved; the node reconnects by itself.
    case errorUnavailable = "error.unavailable"
    /// A bug on our side; nothing changed.
    case errorInternal = "error.internal"
    /// The password check could not be queued; try again.
    case errorBusy = "error.busy"
    /// Refused on connect: `--max-connections` reached (one bilingual line, then close).
    case errorServerFull = "error.server_full"
    /// Refused on connect: the address has `--max-per-address` connections.
    case errorTooManyConnections = "error.too_many_connections"
    /// Sent before closing a connection that did not log in in time.
    case errorLoginTimeout = "error.login_timeout"
    /// Sent before closing a silent logged-in connection.
    case errorIdleTimeout = "error.idle_timeout"
    /// The line holds an invisible or direction-changing character.
    case errorInvisibleChar = "error.invisible_char"
    /// The thing referred to does not exist (many texts: `error.*_not_found`, ...).
    case errorNotFound = "error.not_found"
    /// A reference matches several things (`error.routine_ambiguous`, ...).
    case errorAmbiguous = "error.ambiguous"
    /// A command for admins only.
    case errorForbidden = "error.forbidden"
    /// A title with nothing in it.
    case errorTitleEmpty = "error.title_empty"
    /// A title, note or message over its length limit.
    case errorTitleTooLong = "error.title_too_long"

    // MARK: Account errors

    /// `register`/`login` on a session already logged in.
    case errorAlreadyLoggedIn = "error.already_logged_in"
    /// A user name that breaks the naming rules.
    case errorBadName = "error.bad_name"
    /// A user name holding an invisible character.
    case errorNameInvisible = "error.name_invisible"
    /// A user name the command language uses for people.
    case errorNameReserved = "error.name_reserved"
    /// A user name already in use.
    case errorNameTaken = "error.name_taken"
    /// A user name that looks like an existing one.
    case errorNameLookalike = "error.name_lookalike"
    /// A password shorter than 8 characters.
    case errorWeakPassword = "error.weak_password"
    /// A password over 256 bytes.
    case errorLongPassword = "error.long_password"
    /// A password that is a dictionary word.
    case errorPasswordDictionary = "error.password_dictionary"
    /// A password that is, or contains, the name.
    case errorPasswordName = "error.password_name"
    /// A password too simple or systematic.
    case errorPasswordSimple = "error.password_simple"
    /// A new password equal to the old one.
    case errorPasswordSame = "error.password_same"
    /// A wrong name or password.
    case errorBadCredentials = "error.bad_credentials"
    /// Too many failures; the text says how many seconds to wait.
    case errorThrottled = "error.throttled"

    // MARK: Couple errors

    /// Creating or joining a couple while in one.
    case errorAlreadyInCouple = "error.already_in_couple"
    /// An invite code that does not exist.
    case errorInviteInvalid = "error.invite_invalid"
    /// An invite code past its lifetime.
    case errorInviteExpired = "error.invite_expired"
    /// An invite code already used.
    case errorInviteUsed = "error.invite_used"
    /// Joining one's own couple.
    case errorInviteOwn = "error.invite_own"
    /// Joining a couple that already has two members.
    case errorCoupleFull = "error.couple_full"
    /// Leaving a couple while alone.
    case errorNotInCouple = "error.not_in_couple"
    /// `approve reset` for someone who is not the user's partner.
    case errorResetNotPartner = "error.reset_not_partner"
    /// `approve reset` when the partner has not asked (`forgot`) in the last day.
    case errorResetNoRequest = "error.reset_no_request"
    /// `reset` with a code that is wrong, used, or for another name (also for unknown names).
    case errorResetCodeInvalid = "error.reset_code_invalid"
    /// `reset` with the right code after its hour.
    case errorResetCodeExpired = "error.reset_code_expired"
    /// `resume` with a token that is wrong, expired, or ended by `logout`, `passwd` or a reset.
    case errorResumeInvalid = "error.resume_invalid"

    // MARK: List, task and time errors

    /// A list name already in use.
    case errorListExists = "error.list_exists"
    /// Deleting a list with tasks without `confirm`.
    case errorListNotEmpty = "error.list_not_empty"
    /// Deleting the default list.
    case errorDefaultList = "error.default_list"
    /// `list icon` with something that is not one emoji.
    case errorBadIcon = "error.bad_icon"
    /// `list clear` on a list without done tasks.
    case errorNothingToClear = "error.nothing_to_clear"
    /// Completing (or reminding, nagging, snoozing) a done task.
    case errorAlreadyDone = "error.already_done"
    /// Reopening a task that is not done.
    case errorNotDone = "error.not_done"
    /// Moving a task to the list it is in.
    case errorSameList = "error.same_list"
    /// An unknown IANA time zone.
    case errorBadTimezone = "error.bad_timezone"
    /// `N minutes before` on a task without a due time.
    case errorNoDueTime = "error.no_due_time"
    /// A reminder or snooze time already past.
    case errorReminderPast = "error.reminder_past"
    /// A nag interval outside 1–1440 minutes (`error.nag_range_value` names it).
    case errorNagRange = "error.nag_range"
    /// A step under a step (or the steps of a step).
    case errorStepOfStep = "error.step_of_step"
    /// A command a step does not take (due, repeat, remind, nag, snooze, priority, assign, move).
    case errorStepUnsupported = "error.step_unsupported"
    /// A step under a done task.
    case errorStepParentDone = "error.step_parent_done"

    // MARK: Paging errors

    /// `more` with no listing before it.
    case errorNoListing = "error.no_listing"
    /// `more` after the last page.
    case errorNoMorePages = "error.no_more_pages"
    /// A page after the last one (`error.page_range_one` when there is one page).
    case errorPageRange = "error.page_range"
    /// A row number that is not a row of the last listing this session was shown, or whose task is gone since
    /// (`error.row_gone` words that case).
    case errorNoSuchRow = "error.no_such_row"

    // MARK: Space limits

    /// A list holds the most open tasks it may.
    case errorLimitListTasks = "error.limit_list_tasks"
    /// The space holds the most tasks it may.
    case errorLimitTasks = "error.limit_tasks"
    /// The space holds the most lists it may.
    case errorLimitLists = "error.limit_lists"
    /// The space holds the most routines it may.
    case errorLimitRoutines = "error.limit_routines"
    /// The space holds the most events it may.
    case errorLimitEvents = "error.limit_events"
    /// An item holds the most notes it may.
    case errorLimitNotes = "error.limit_notes"
    /// A repeating event holds the most changed or cancelled occurrences it may.
    case errorLimitExceptions = "error.limit_exceptions"
    /// A task holds the most steps it may.
    case errorLimitSteps = "error.limit_steps"
    /// Joining would pass a limit (text `error.limit_join_<what>`).
    case errorLimitJoin = "error.limit_join"

    // MARK: Routine and calendar errors

    /// A routine name already in use.
    case errorRoutineExists = "error.routine_exists"
    /// Marking a routine day already marked.
    case errorRoutineAlreadyMarked = "error.routine_already_marked"
    /// Marking a future routine day done.
    case errorRoutineFuture = "error.routine_future"
    /// Marking a paused routine.
    case errorRoutinePaused = "error.routine_paused"
    /// Marking a day the routine is not due (`error.routine_not_started`).
    case errorRoutineNotDue = "error.routine_not_due"
    /// Pausing a paused routine.
    case errorRoutineAlreadyPaused = "error.routine_already_paused"
    /// Resuming a routine that is not paused.
    case errorRoutineNotPaused = "error.routine_not_paused"
    /// Changing a repeating event without `this` or `all`.
    case errorEventScope = "error.event_scope"
    /// An event reminder offset out of range.
    case errorEventRemindRange = "error.event_remind_range"
    /// A multi-day event that ends before it starts, or spans more than a year (`error.event_too_long`).
    case errorEventSpan = "error.event_span"
    /// A window holding more event occurrences than one listing expands.
    case errorTooManyOccurrences = "error.too_many_occurrences"
    /// A date window that ends before it starts or is too long (`error.range_too_long`).
    case errorBadRange = "error.bad_range"

    /// The usual text with `args` filled in: `ReplyCode.taskAdded.message(["title": "milk", "list": "Inbox"])`.
    public func message(_ args: [String: String] = [:]) -> Message { Message(key, args) }

    /// The catalog key of the reply's text.
    ///
    /// The code's own key when the catalog has one (`task.added`); otherwise the main text of the reply: a
    /// listing's header (`task.list` shows `task.list_header`), the `_set` form of a setting that may also be
    /// cleared (`task.due` shows `task.due_set`). A reply that picks among several texts (a `_one` singular,
    /// an empty listing, a more specific `error.not_found`) names the others beside its case.
    public var key: TextKey {
        switch self {
        // Lines the framer refused
        case .lineTooLong: .lineTooLong
        case .lineBadEncoding: .lineBadEncoding
        case .lineControlChars: .lineControlChars
        // Session and settings
        case .pong: .pong
        case .bye: .bye
        case .jsonOn: .jsonOn
        case .jsonOff: .jsonOff
        case .clockSet: .clockSet
        case .help: .helpIndex
        case .export: .exportDone
        case .exportICS: .exportIcsDone
        case .stats: .statsLine
        case .langShow: .langShow
        case .langSet: .langSet
        case .tzShow: .tzShow
        case .tzSet: .tzSet
        case .weekstartShow: .weekstartShow
        case .weekstartSet: .weekstartSet
        // Accounts
        case .authRegistered: .authRegistered
        case .authLoggedIn: .authLoggedIn
        case .authResumed: .authResumed
        case .authLoggedOut: .authLoggedOut
        case .authPasswordChanged: .authPasswordChanged
        case .authPasswordChangedElsewhere: .authPasswordChangedElsewhere
        case .accountDeleteConfirm: .accountDeleteExplainCouple
        case .accountDeleted: .accountDeleted
        case .authAccountDeleted: .authAccountDeleted
        case .resetRequested: .resetRequested
        case .resetApproved: .resetApproved
        case .resetDone: .resetDone
        case .authPasswordReset: .authPasswordReset
        // Couples and chat
        case .coupleCreated: .coupleCreated
        case .coupleJoined: .coupleJoined
        case .coupleRenamed: .coupleRenamed
        case .coupleLeft: .coupleLeft
        case .coupleInfo: .coupleInfo
        case .who: .whoPartnerOnline
        case .chatSent: .chatSent
        // The inbox
        case .inboxList: .inboxHeader
        case .inboxRead: .inboxRead
        case .inboxCleared: .inboxCleared
        case .inboxDeleted: .inboxDeleted
        case .muteList: .muteList
        case .muteSet: .muteSet
        case .muteCleared: .muteCleared
        // Lists
        case .listIndex: .listIndexHeader
        case .listAdded: .listAdded
        case .listRenamed: .listRenamed
        case .listDeleted: .listDeleted
        case .listCleared: .listCleared
        case .listIcon: .listIconSet
        // Tasks
        case .taskList: .taskListHeader
        case .taskAdded: .taskAdded
        case .taskCompleted: .taskCompleted
        case .taskReopened: .taskReopened
        case .taskEdited: .taskEdited
        case .taskDeleted: .taskDeleted
        case .taskMoved: .taskMoved
        case .taskAssigned: .taskAssigned
        case .taskNoted: .taskNoted
        case .taskNotes: .taskNotesHeader
        case .taskDue: .taskDueSet
        case .taskPriority: .taskPrioritySet
        case .taskRepeat: .taskRepeatSet
        case .taskReminderSet: .taskReminderSet
        case .taskNagSet: .taskNagSet
        case .taskNagCleared: .taskNagCleared
        case .taskSnoozed: .taskSnoozed
        case .taskView: .viewEmpty
        case .searchResults: .searchHeader
        case .me: .meName
        case .nameShown: .nameShown
        case .nameChanged: .nameChanged
        case .coupleLeaveConfirm: .coupleLeaveConfirm
        case .stepAdded: .stepAdded
        case .stepList: .stepListHeader
        case .stepDone: .stepDone
        case .stepDoneTaskCompleted: .stepDoneTaskCompleted
        case .stepReopened: .stepReopened
        case .stepReopenedTaskReopened: .stepReopenedTaskReopened
        case .stepEdited: .stepEdited
        case .stepDeleted: .stepDeleted
        case .changeUndone: .changeUndone
        case .errorNothingToUndo: .errorNothingToUndo
        case .suggestAdd: .suggestAdd
        case .errorNothingToConfirm: .errorNothingToConfirm
        case .confirmDropped: .confirmDropped
        case .errorUndoConflict: .errorUndoConflict
        case .errorUndoLimit: .errorUndoLimit
        case .taskDescribed: .taskDescribed
        case .taskInfo: .infoTaskOpen
        case .routineDescribed: .routineDescribed
        case .routineInfo: .infoRoutine
        case .eventDescribed: .eventDescribed
        case .eventInfo: .infoEvent
        case .planBoard: .planHeaderMine
        case .planPlanned: .planPlanned
        case .planAdded: .planPlanned
        case .planReordered: .planReordered
        case .planStarted: .planStarted
        case .planDeferred: .planDeferred
        case .planUnplanned: .planUnplanned
        case .planBacklog: .backlogHeader
        case .planRolledOver: .planRolledOver
        case .errorPlanFull: .errorPlanFull
        case .errorPlanTaken: .errorPlanTaken
        case .errorPlanPastDay: .errorPlanPastDay
        case .errorPlanNotPlanned: .errorPlanNotPlanned
        case .errorPlanSame: .errorPlanSame
        case .errorPlanAlreadyStarted: .errorPlanAlreadyStarted
        case .errorPlanAlreadyDeferred: .errorPlanAlreadyDeferred
        case .errorPlanOtherBucket: .errorPlanOtherBucket
        case .reminderDue: .reminderDue
        // Routines
        case .routineAdded: .routineAdded
        case .routineList: .routineListToday
        case .routineDone: .routineDone
        case .routineSkipped: .routineSkipped
        case .routineUndone: .routineUndone
        case .routineStats: .routineStatsHeader
        case .routineEdited: .routineEdited
        case .routineRenamed: .routineRenamed
        case .routinePaused: .routinePaused
        case .routineResumed: .routineResumed
        case .routineDeleted: .routineDeleted
        case .routineNoted: .routineNoted
        case .routineNotes: .routineNotesHeader
        // Calendar and notes
        case .eventAdded: .eventAdded
        case .eventEdited: .eventEdited
        case .eventMoved: .eventMoved
        case .eventCancelled: .eventCancelled
        case .eventDeleted: .eventDeleted
        case .eventShow: .eventShow
        case .eventList: .eventListHeader
        case .eventNoted: .eventNoted
        case .eventNotes: .eventNotesHeader
        case .agendaWeek: .agendaWeekHeader
        case .agendaDay: .agendaDayHeader
        case .calendar: .calendarEventsHeader
        case .calendarLink: .calendarLink
        case .calendarLinkRevoked: .calendarLinkRevoked
        case .noteDeleted: .noteDeleted
        case .noteEdited: .noteEdited
        // Errors common to every command
        case .errorUnknownCommand: .errorUnknownCommand
        case .errorUsage: .errorUsage
        case .errorBadValue: .errorBadValue
        case .errorBadDate: .errorBadDate
        case .errorTwoValues: .errorTwoValues
        case .errorNoSuchList: .errorNoSuchList
        case .errorNotLoggedIn: .errorNotLoggedIn
        case .errorFeedDisabled: .errorFeedDisabled
        case .errorRateLimited: .errorRateLimited
        case .errorStorage: .errorStorage
        case .errorUnavailable: .errorUnavailable
        case .errorInternal: .errorInternal
        case .errorBusy: .errorBusy
        case .errorServerFull: .errorServerFull
        case .errorTooManyConnections: .errorTooManyConnections
        case .errorLoginTimeout: .errorLoginTimeout
        case .errorIdleTimeout: .errorIdleTimeout
        case .errorInvisibleChar: .errorInvisibleChar
        case .errorNotFound: .errorNotFound
        case .errorAmbiguous: .errorAmbiguous
        case .errorForbidden: .errorForbidden
        case .errorTitleEmpty: .errorTitleEmpty
        case .errorTitleTooLong: .errorTitleTooLong
        // Account errors
        case .errorAlreadyLoggedIn: .errorAlreadyLoggedIn
        case .errorBadName: .errorBadName
        case .errorNameInvisible: .errorNameInvisible
        case .errorNameReserved: .errorNameReserved
        case .errorNameTaken: .errorNameTaken
        case .errorNameLookalike: .errorNameLookalike
        case .errorWeakPassword: .errorWeakPassword
        case .errorLongPassword: .errorLongPassword
        case .errorPasswordDictionary: .errorPasswordDictionary
        case .errorPasswordName: .errorPasswordName
        case .errorPasswordSimple: .errorPasswordSimple
        case .errorPasswordSame: .errorPasswordSame
        case .errorBadCredentials: .errorBadCredentials
        case .errorThrottled: .errorThrottled
        // Couple errors
        case .errorAlreadyInCouple: .errorAlreadyInCouple
        case .errorInviteInvalid: .errorInviteInvalid
        case .errorInviteExpired: .errorInviteExpired
        case .errorInviteUsed: .errorInviteUsed
        case .errorInviteOwn: .errorInviteOwn
        case .errorCoupleFull: .errorCoupleFull
        case .errorNotInCouple: .errorNotInCouple
        case .errorResetNotPartner: .errorResetNotPartner
        case .errorResetNoRequest: .errorResetNoRequest
        case .errorResetCodeInvalid: .errorResetCodeInvalid
        case .errorResetCodeExpired: .errorResetCodeExpired
        case .errorResumeInvalid: .errorResumeInvalid
        // List, task and time errors
        case .errorListExists: .errorListExists
        case .errorListNotEmpty: .errorListNotEmpty
        case .errorDefaultList: .errorDefaultList
        case .errorBadIcon: .errorBadIcon
        case .errorNothingToClear: .errorNothingToClear
        case .errorAlreadyDone: .errorAlreadyDone
        case .errorNotDone: .errorNotDone
        case .errorSameList: .errorSameList
        case .errorBadTimezone: .errorBadTimezone
        case .errorNoDueTime: .errorNoDueTime
        case .errorReminderPast: .errorReminderPast
        case .errorNagRange: .errorNagRange
        case .errorStepOfStep: .errorStepOfStep
        case .errorStepUnsupported: .errorStepUnsupported
        case .errorStepParentDone: .errorStepParentDone
        // Paging errors
        case .errorNoListing: .errorNoListing
        case .errorNoMorePages: .errorNoMorePages
        case .errorPageRange: .errorPageRange
        case .errorNoSuchRow: .errorNoSuchRow
        // Space limits
        case .errorLimitListTasks: .errorLimitListTasks
        case .errorLimitTasks: .errorLimitTasks
        case .errorLimitLists: .errorLimitLists
        case .errorLimitRoutines: .errorLimitRoutines
        case .errorLimitEvents: .errorLimitEvents
        case .errorLimitNotes: .errorLimitNotes
        case .errorLimitExceptions: .errorLimitExceptions
        case .errorLimitSteps: .errorLimitSteps
        case .errorLimitJoin: .errorLimitJoinTasks
        // Routine and calendar errors
        case .errorRoutineExists: .errorRoutineExists
        case .errorRoutineAlreadyMarked: .errorRoutineAlreadyMarked
        case .errorRoutineFuture: .errorRoutineFuture
        case .errorRoutinePaused: .errorRoutinePaused
        case .errorRoutineNotDue: .errorRoutineNotDue
        case .errorRoutineAlreadyPaused: .errorRoutineAlreadyPaused
        case .errorRoutineNotPaused: .errorRoutineNotPaused
        case .errorEventScope: .errorEventScope
        case .errorEventRemindRange: .errorEventRemindRange
        case .errorEventSpan: .errorEventEndBeforeStart
        case .errorTooManyOccurrences: .errorTooManyOccurrences
        case .errorBadRange: .errorBadRange
        }
    }
}
