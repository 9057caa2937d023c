// The commands TwoDo understands, as values: what the parser produces and the server executes.

import TwoDoCore

/// How a user points at a task.
public enum TaskRef: Sendable, Equatable {
    /// A number from the connection's last listing (`#3` or `3`).
    case number(Int)
    /// A stable task id (`id:42`), as given in JSON `data`; for bots and bridges.
    case id(Int64)
    /// Words that should match exactly one task title (folded, Turkish-aware).
    case words(String)
    /// No reference: the task of the last reminder shown on this connection (`done`, `snooze 10m`).
    case context
}

/// The optional parts of a task that a line may carry besides its title, already resolved
/// against the user's clock and time zone.
public struct TaskDetails: Sendable, Equatable {
    public var due: DueDate?
    public var priority: Priority?
    public var recurrence: Recurrence?
    public var assignee: AssigneeRef?
    public var reminders: [ReminderSpec]
    public var nagMinutes: Int?
    /// The text after ` -- ` on an `add` line (`add fix sink tomorrow -- the washer is worn`), as typed.
    public var description: String?
    /// Whom the reminders are for when the line named someone (`remind me …`, `bana … hatırlat`); nil: the
    /// assignee, or everyone.
    public var reminderFor: AssigneeRef?

    public init(
        due: DueDate? = nil, priority: Priority? = nil, recurrence: Recurrence? = nil, assignee: AssigneeRef? = nil,
        reminders: [ReminderSpec] = [], nagMinutes: Int? = nil, description: String? = nil,
        reminderFor: AssigneeRef? = nil
    ) {
        self.reminderFor = reminderFor
        self.due = due
        self.priority = priority
        self.recurrence = recurrence
        self.assignee = assignee
        self.reminders = reminders
        self.nagMinutes = nagMinutes
        self.description = description
    }
}

/// When a reminder should fire.
public enum ReminderSpec: Sendable, Equatable {
    /// This many minutes before the task's due time.
    case before(minutes: Int)
    /// At a local date and time in the user's zone.
    case at(DueDate)
}

/// How far to push a task with `snooze`.
public enum SnoozeSpec: Sendable, Equatable {
    case duration(seconds: Int64)
    case until(DueDate)
}

/// The time-based views of open tasks.
public enum TaskView: Sendable, Equatable {
    case overdue, today, tomorrow, upcoming, agenda
    /// Tasks assigned to the asking user.
    case mine
    /// Tasks assigned to a member (`bob's`, `bob'unkiler`).
    case assigned(String)
}

/// Who a task is assigned to.
public enum AssigneeRef: Sendable, Equatable {
    case me
    case nobody
    case member(String)
}

/// A topic of the `couple` command.
public enum CoupleAction: Sendable, Equatable {
    case show
    case create(name: String?)
    case join(code: String)
    case rename(String)
    /// `couple leave` asks first; `couple leave confirm` leaves.
    case leave(confirmed: Bool)
}

/// A `list ...` subcommand.
public enum ListAction: Sendable, Equatable {
    case add(String)
    case rename(String, to: String)
    case delete(String, confirmed: Bool)
    /// `list clear <list>` / `liste temizle <liste>`: deletes the list's done tasks.
    case clear(String)
    /// `list icon <list> <emoji>` / `liste simge <liste> <emoji>`: the emoji as typed (checked by the
    /// handler); nil removes the icon (`list icon <list>`, `… none`, `… yok`).
    case icon(String, emoji: String?)
}

/// A `clock ...` subcommand (test clock only).
public enum ClockAction: Sendable, Equatable {
    /// Advance by this many seconds.
    case advance(seconds: Int64)
    /// Jump to this instant (Unix seconds).
    case set(unixSeconds: Int64)
}

/// One parsed command line.
public enum Command: Sendable, Equatable {
    case help(topic: String?)
    case register(name: String, password: String)
    case login(name: String, password: String)
    /// `resume <token>` / `oturumu sürdür <token>`: logs in with a resume token that `login` handed out.
    case resume(token: String)
    case logout
    case passwd(old: String, new: String)
    case quit
    case ping

    case couple(CoupleAction)
    case who
    /// `name [<display name> | none]` / `ad [<görünen ad> | yok]`: nil shows it, "" clears it.
    case displayName(String?)
    /// `me` / `ben`: the user's name, language, zone, couple and partner, and how many sessions are open.
    case me

    case lists
    case list(ListAction)
    case show(list: String?)

    case add(title: String, list: String?, details: TaskDetails)
    /// An `add` whose words named a list that does not exist: the name as typed and the add without it.
    indirect case addToUnknownList(list: String, add: Command)
    case done(TaskRef)
    case undone(TaskRef)
    case edit(TaskRef, title: String)
    case delete(TaskRef)
    case move(TaskRef, list: String)
    case assign(TaskRef, to: AssigneeRef)
    case note(TaskRef, text: String)
    /// `note <words> <text>` without a colon: the words as typed, split by the handler at the longest
    /// leading words that name exactly one item (the parser cannot see the tasks).
    case noteUnsplit(String)
    case notes(TaskRef)
    case due(TaskRef, DueDate?)
    case priority(TaskRef, Priority)
    case repeating(TaskRef, Recurrence?)
    case remind(TaskRef, ReminderSpec)
    case nag(TaskRef, minutes: Int)
    case unnag(TaskRef)
    case snooze(TaskRef, SnoozeSpec?)
    case view(TaskView)

    case say(String)
    case inbox
    /// Mark the notification numbered `row` by the last inbox page read (every unread one when nil).
    case inboxRead(row: Int?)
    case inboxClear
    /// `inbox delete <n>` / `bildirimler sil <n>`: deletes the n-th notification as `inbox` numbered it.
    case inboxDelete(number: Int)
    /// `inbox <n>` / `inbox open <n>` / `bildirimler <n>` / `bildirimler aç <n>`: marks notification n read and
    /// shows the task, event or routine it is about (as `info` does).
    case inboxOpen(number: Int)
    /// `mute [reminders|partner|chat]` / `sustur …`: stops live pushes of a kind (kept in the inbox); nil
    /// lists what is muted.
    case mute(MuteKind?)
    /// `unmute reminders|partner|chat` / `sesi aç …`: pushes that kind live again.
    case unmute(MuteKind)

    case lang(Language?)
    case tz(String?)
    case json(Bool)
    case export
    /// `export ics` / `dışa aktar ics`: the calendar as RFC 5545 iCalendar text (events, routines, dated tasks).
    case exportICS
    case clock(ClockAction)
    case stats

    /// `routine ...` / `rutin ...`.
    case routine(RoutineAction)
    /// `routines` / `rutinler`: today's due routines first, each with its streak and 14-day strip.
    case routines
    /// `event ...` / `etkinlik ...`.
    case event(EventAction)
    /// `events [from <date>] [to <date>]` / `etkinlikler`: nil bounds mean today and 30 days on.
    case events(from: LocalDate?, to: LocalDate?)
    /// `agenda week` / `ajanda hafta`: the next 7 days of events, due tasks and due routines, by day.
    case agendaWeek
    /// `agenda <day>` / `ajanda <gün>`: one day's events, due tasks and due routines.
    case agendaDay(LocalDate)
    /// `calendar [month] [year]` / `takvim`: nil means the current month / year.
    case calendar(month: Int?, year: Int?)
    /// `calendar link` / `takvim bağlantısı`: a new secret feed URL (the old one stops working);
    /// `calendar link revoke` / `takvim bağlantısı iptal`: no URL any more.
    case calendarLink(revoke: Bool)
    /// `weekstart [monday|sunday]` / `hafta başı [pazartesi|pazar]`: nil shows the setting.
    case weekStart(WeekStart?)
    /// `note routine <name>: <text>`, `note event <ref>: <text>` (tasks use `note`).
    case itemNote(NoteTarget, text: String)
    /// `notes routine <name>`, `notes event <ref>`.
    case itemNotes(NoteTarget)
    /// `note delete <ref> <n>` / `not sil <ref> <n>`: deletes the n-th note (as `notes` numbers them).
    case noteDelete(NoteTarget, number: Int)
    /// `note edit <ref> <n> <text>` / `not düzenle <ref> <n> <metin>`: rewrites the n-th note (as `notes` numbers
    /// them); the note is then the editor's, written now.
    case noteEdit(NoteTarget, number: Int, text: String)
    /// `more` / `devamı`: the next page of the last paged listing of this connection.
    case more
    /// `search <words>` / `ara <kelimeler>`: tasks (by title or note), routines and events whose text has
    /// every word; the words as typed (`#list` and `done` filters included), read by the search handler.
    case search(String)
    /// A step under a task (one level deep): `add <title> under <ref>`, `add step <title> to <ref>`,
    /// `<ref> altına <başlık> ekle`, `adım ekle <ref>: <başlık>`. `plain` is the same line read as an ordinary
    /// `add`, for the forms whose keyword may be part of a title (`add look under the sofa`): the server takes
    /// it when the words after `under`/`altına` name no task. The explicit forms (`add step`, `adım ekle`) have
    /// none: there, a parent that is not found is an error.
    indirect case addStep(title: String, parent: TaskRef, plain: Command?)
    /// `steps <ref>` / `adımlar <ref>`: a task's steps, numbered for `done 2`.
    case steps(TaskRef)
    /// `describe <ref>: <text>` / `açıkla <ref>: <metin>` (also `describe routine|event <ref>: …`): sets the
    /// description of a task, routine or event; `text` nil (nothing after the colon) clears it.
    case describe(NoteTarget, text: String?)
    /// `info <ref>` / `detay <ref>` (also `info routine|event <ref>`): one task, routine or event whole.
    case info(NoteTarget)
    /// A listing command with `page N` / `sayfa N` after it (`show groceries page 3`); `page` is 1-based
    /// (a number too large for `Int` is `Int.max`, which the server answers as past the last page).
    indirect case paged(Command, page: Int)
    /// `undo` / `geri al` (alone): takes back the user's newest change; again for the one before.
    case undo
    /// `account delete` / `hesap sil`: explains what deleting the account does (nil password); with
    /// `confirm <password>` / `onayla <şifre>`, deletes it.
    case accountDelete(password: String?)
    /// `forgot <name>` / `şifremi unuttum <ad>`: asks the partner of `name` to approve a password reset.
    case forgot(name: String)
    /// `approve reset <name>` / `sıfırlamayı onayla <ad>`: gives the partner a one-time reset code.
    case approveReset(name: String)
    /// `reset <name> <code> <new password>` / `sıfırla …`: sets a new password with a one-time code.
    case reset(name: String, code: String, password: String)
    /// The 1-3-5 day plan: `plan`, `plan add`, `start`, `defer`, `unplan`, `backlog`.
    case plan(PlanAction)

    /// Whether this command is a listing that answers in pages (and so may take `page N`).
    public var isPagedListing: Bool {
        switch self {
        case .show, .view, .inbox, .events, .routines, .lists, .notes, .itemNotes, .calendar, .search, .steps,
            .plan(.backlog):
            true
        default: false
        }
    }

    /// Whether executing this command may change stored state (so it needs the commit before its reply).
    public var isWrite: Bool {
        switch self {
        case .help, .login, .resume, .logout, .quit, .ping, .who, .me, .displayName(nil), .lists, .show, .notes, .json,
            .export,
            .clock, .stats,
            .couple(.show), .lang(nil), .tz(nil), .inbox, .view, .mute(nil),
            .routines, .routine(.stats), .event(.show), .events, .agendaWeek, .agendaDay, .calendar, .exportICS,
            .weekStart(nil), .itemNotes, .more, .paged, .search, .steps, .info, .accountDelete(nil), .plan(.board),
            .plan(.backlog), .addToUnknownList:
            return false
        default:
            return true
        }
    }

    /// Whether `undo` can take this command back: a write to the space's content (tasks and what hangs on
    /// them, lists, routines, events), not to the account, its settings, the couple or the inbox.
    public var isUndoable: Bool {
        guard isWrite else { return false }
        switch self {
        case .register, .login, .resume, .logout, .passwd, .quit, .couple, .say, .inboxRead, .inboxClear, .lang, .tz,
            .json, .clock, .weekStart, .undo, .displayName, .accountDelete, .forgot, .approveReset, .reset,
            .calendarLink,
            .inboxDelete, .inboxOpen, .mute,
            .unmute:
            return false
        default:
            return true
        }
    }

    /// The canonical English verb, for logs, `help` and statistics. Never includes arguments.
    public var verb: String {
        switch self {
        case .help: "help"
        case .register: "register"
        case .login: "login"
        case .resume: "resume"
        case .logout: "logout"
        case .passwd: "passwd"
        case .quit: "quit"
        case .ping: "ping"
        case .couple: "couple"
        case .who: "who"
        case .me: "me"
        case .displayName: "name"
        case .lists: "lists"
        case .list: "list"
        case .show: "show"
        case .add, .addToUnknownList: "add"
        case .done: "done"
        case .undone: "undone"
        case .edit: "edit"
        case .delete: "delete"
        case .move: "move"
        case .assign: "assign"
        case .note, .noteUnsplit: "note"
        case .notes: "notes"
        case .due: "due"
        case .priority: "priority"
        case .repeating: "repeat"
        case .remind: "remind"
        case .nag: "nag"
        case .unnag: "unnag"
        case .snooze: "snooze"
        case .view(let v):
            switch v {
            case .overdue: "overdue"
            case .today: "today"
            case .tomorrow: "tomorrow"
            case .upcoming: "upcoming"
            case .agenda: "agenda"
            case .mine, .assigned: "mine"
            }
        case .say: "say"
        case .inbox, .inboxRead, .inboxClear, .inboxDelete, .inboxOpen: "inbox"
        case .mute, .unmute: "mute"
        case .lang: "lang"
        case .tz: "tz"
        case .json: "json"
        case .export, .exportICS: "export"
        case .clock: "clock"
        case .stats: "stats"
        case .routine: "routine"
        case .routines: "routines"
        case .event: "event"
        case .events: "events"
        case .agendaWeek: "agenda week"
        case .agendaDay: "agenda"
        case .calendar: "calendar"
        case .calendarLink: "calendar link"
        case .weekStart: "weekstart"
        case .itemNote, .noteDelete, .noteEdit: "note"
        case .itemNotes: "notes"
        case .more: "more"
        case .search: "search"
        case .addStep: "add"
        case .steps: "steps"
        case .undo: "undo"
        case .describe: "describe"
        case .info: "info"
        case .accountDelete: "account"
        case .forgot: "forgot"
        case .approveReset: "approve reset"
        case .reset: "reset"
        case .plan(let action): action.verb
        case .paged(let listing, _): listing.verb
        }
    }
}
