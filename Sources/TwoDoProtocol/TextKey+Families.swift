// Catalog keys chosen at run time from a family (`usage.<verb>`, `weekstart.<day>` ...), typed in one place.

extension TextKey {
    /// Every key by its raw value. `TextKey(rawValue:)` compares the string against each of the 400-odd
    /// cases in turn; a family lookup runs per command (`help routine`, a usage error), so it uses this.
    static let byRawValue: [String: TextKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The key whose raw value is `raw`, found by hashing (see `byRawValue`).
    public static func named(_ raw: String) -> TextKey? { byRawValue[raw] }

    /// A verb's usage line (`usage.add`), when the catalogs have one.
    public static func usage(of verb: String) -> TextKey? { named("usage." + verb) }
    /// A verb's name as people say it (`verb.add`), when the catalogs have one.
    public static func verbName(_ verb: String) -> TextKey? { named("verb." + verb) }
    /// What is wrong with a date or time the parser refused (`date_problem.no_such_day`).
    public static func dateProblem(_ problem: String) -> TextKey? { named("date_problem." + problem) }
    /// A weekday a week starts on (`weekstart.monday`).
    public static func weekStart(_ day: String) -> TextKey? { named("weekstart." + day) }
    /// Why joining a couple would overflow a limit (`error.limit_join_tasks`).
    public static func limitJoin(_ what: String) -> TextKey? { named("error.limit_join_" + what) }
    /// A routine's mark on a day (`routine.state.done`).
    public static func routineState(_ state: String) -> TextKey? { named("routine.state." + state) }
    /// A partner's streak of a routine, counted in `unit`s (`event.routine.streak_days`).
    public static func routineStreakEvent(_ unit: String) -> TextKey? {
        named("event.routine.streak_" + unit)
    }
    /// The notes of a routine or an event (`kind` is `routine` or `event`): the header, and the empty page.
    public static func notesHeader(of kind: String) -> TextKey? { named(kind + ".notes_header") }
    public static func notesEmpty(of kind: String) -> TextKey? { named(kind + ".notes_empty") }
}

extension ReplyCode {
    /// The listing of a routine's or an event's notes (`kind` is `routine` or `event`).
    public static func notes(of kind: String) -> ReplyCode? {
        switch kind {
        case "routine": .routineNotes
        case "event": .eventNotes
        default: nil
        }
    }
}
