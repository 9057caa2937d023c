// Catalog keys chosen at run time from a family (`usage.<verb>`, `weekstart.<day>` ...), typed in one place.

extension TextKey {
    /// A verb's usage line (`usage.add`), when the catalogs have one.
    public static func usage(of verb: String) -> TextKey? { TextKey(rawValue: "usage." + verb) }
    /// A verb's name as people say it (`verb.add`), when the catalogs have one.
    public static func verbName(_ verb: String) -> TextKey? { TextKey(rawValue: "verb." + verb) }
    /// What is wrong with a date or time the parser refused (`date_problem.no_such_day`).
    public static func dateProblem(_ problem: String) -> TextKey? { TextKey(rawValue: "date_problem." + problem) }
    /// A weekday a week starts on (`weekstart.monday`).
    public static func weekStart(_ day: String) -> TextKey? { TextKey(rawValue: "weekstart." + day) }
    /// Why joining a couple would overflow a limit (`error.limit_join_tasks`).
    public static func limitJoin(_ what: String) -> TextKey? { TextKey(rawValue: "error.limit_join_" + what) }
    /// A routine's mark on a day (`routine.state.done`).
    public static func routineState(_ state: String) -> TextKey? { TextKey(rawValue: "routine.state." + state) }
    /// A partner's streak of a routine, counted in `unit`s (`event.routine.streak_days`).
    public static func routineStreakEvent(_ unit: String) -> TextKey? {
        TextKey(rawValue: "event.routine.streak_" + unit)
    }
    /// The notes of a routine or an event (`kind` is `routine` or `event`): the header, and the empty page.
    public static func notesHeader(of kind: String) -> TextKey? { TextKey(rawValue: kind + ".notes_header") }
    public static func notesEmpty(of kind: String) -> TextKey? { TextKey(rawValue: kind + ".notes_empty") }
}

extension ReplyCode {
    /// The listing of a routine's or an event's notes (`kind` is `routine` or `event`).
    public static func notes(of kind: String) -> ReplyCode? { ReplyCode(rawValue: kind + ".notes") }
}
