// The verbs of the command language, independent of the language they were typed in.

/// A command verb, as recognized at the start of a line (or, for some Turkish verbs, at the end).
enum Verb: Sendable, CaseIterable {
    /// Session and account verbs, each producing the `Command` case of the same name.
    case help, register, login, logout, passwd, quit, ping
    /// `couple ...` / `çift ...`.
    case couple
    /// `invite` / `davet`: a shortcut for `couple create`.
    case invite
    /// `join <code>` / `katıl <kod>` / `çifte katıl <kod>`: a shortcut for `couple join`.
    case join
    /// `çiftten ayrıl`: a shortcut for `couple leave`.
    case leaveCouple
    /// `who`, `lists`, `list ...` and `show [list]`.
    case who, lists, list, show
    /// Task verbs, each producing the `Command` case of the same name.
    case add, done, undone, edit, delete, move, assign, note, notes
    /// Scheduling verbs: `due`, `priority`, `repeat` (`recur`), `remind`, `nag`, `unnag`, `snooze`.
    case due, priority, recur, remind, nag, unnag, snooze
    /// The time views: `overdue`, `today`, `tomorrow`, `upcoming`, `agenda`, `mine`.
    case overdue, today, tomorrow, upcoming, agenda, mine
    /// `say <message>` and `inbox [read]`.
    case say, inbox
    /// `okundu`: a shortcut for `inbox read`.
    case inboxRead
    /// Settings and tools: `lang`, `tz`, `json`, `export`, `clock` (test clock only), `stats`.
    case lang, tz, json, export, clock, stats
    /// `more` / `devamı`: the next page of the last listing.
    case more
    /// `search <words>` / `ara <kelimeler>` (also `find`, `bul`).
    case search
    /// `me` / `ben`: who the user is (name, language, zone, couple, open sessions).
    case me
    /// `name <display name>` / `ad <görünen ad>`.
    case displayName
    /// `steps <ref>` / `adımlar <ref>` (also `subtasks`, `alt görevler`, and `<ref> adımları`).
    case steps
    /// `add step <title> to <ref>` / `adım ekle <ref>: <title>` (also `add subtask`): a step of a task.
    case addStep
    /// `undo` (tr `geri al` with nothing after it): takes back the user's newest change.
    case undo
    /// `describe <ref>: <text>` / `açıkla <ref>: <metin>`.
    case describe
    /// `info <ref>` / `detay <ref>`.
    case info
    /// `account delete [confirm <password>]` / `hesap sil [onayla <şifre>]`.
    case account
    /// `forgot <name>` / `şifremi unuttum <ad>`; `approve reset <name>` / `sıfırlamayı onayla <ad>`;
    /// `reset <name> <code> <new password>` / `sıfırla <ad> <kod> <yeni şifre>`.
    case forgot, approveReset, reset
    /// The day plan: `plan` (tr `plan`, `planla`), `start` (`başla`), `defer` (`sonraya bırak`),
    /// `unplan` (`plandan çıkar`), `backlog` (`bekleyenler`).
    case plan, start, deferTask, unplan, backlog
    /// `resume <token>` / `oturumu sürdür <token>`: log in with a resume token.
    case resume
    /// `mute [kind]` / `sustur [tür]` and `unmute <kind>` / `sesi aç <tür>`.
    case mute, unmute

    /// The canonical English verb named in usage errors (the help topic).
    var canonical: String {
        switch self {
        case .help: "help"
        case .register: "register"
        case .login: "login"
        case .logout: "logout"
        case .passwd: "passwd"
        case .quit: "quit"
        case .ping: "ping"
        case .couple, .invite, .join, .leaveCouple: "couple"
        case .who: "who"
        case .lists: "lists"
        case .list: "list"
        case .show: "show"
        case .add: "add"
        case .done: "done"
        case .undone: "undone"
        case .edit: "edit"
        case .delete: "delete"
        case .move: "move"
        case .assign: "assign"
        case .note: "note"
        case .notes: "notes"
        case .due: "due"
        case .priority: "priority"
        case .recur: "repeat"
        case .remind: "remind"
        case .nag: "nag"
        case .unnag: "unnag"
        case .snooze: "snooze"
        case .overdue: "overdue"
        case .today: "today"
        case .tomorrow: "tomorrow"
        case .upcoming: "upcoming"
        case .agenda: "agenda"
        case .mine: "mine"
        case .say: "say"
        case .inbox, .inboxRead: "inbox"
        case .lang: "lang"
        case .tz: "tz"
        case .json: "json"
        case .export: "export"
        case .clock: "clock"
        case .stats: "stats"
        case .more: "more"
        case .search: "search"
        case .me: "me"
        case .displayName: "name"
        case .steps, .addStep: "steps"
        case .undo: "undo"
        case .describe: "describe"
        case .info: "info"
        case .account: "account"
        case .forgot: "forgot"
        case .approveReset: "approve reset"
        case .reset: "reset"
        case .plan: "plan"
        case .start: "start"
        case .deferTask: "defer"
        case .unplan: "unplan"
        case .backlog: "backlog"
        case .resume: "resume"
        case .mute, .unmute: "mute"
        }
    }

    /// A usage error naming this verb's help topic.
    var usage: ParseError { .usage(verb: canonical) }
}
