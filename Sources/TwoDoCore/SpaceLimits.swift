// How much one space may hold: the limits that keep what the server does for one couple bounded.

/// The most a space may hold; each refusal is a localized `error.limit_*` reply.
public struct SpaceLimits: Sendable, Equatable {
    /// Open tasks in one list (`error.limit_list_tasks`).
    public var openTasksPerList = 10_000
    /// Tasks in one space, open and done (`error.limit_tasks`).
    public var tasksPerSpace = 100_000
    /// Lists in one space, the default list included (`error.limit_lists`).
    public var listsPerSpace = 200
    /// Routines in one space (`error.limit_routines`).
    public var routinesPerSpace = 500
    /// Calendar events in one space; a repeating series counts once (`error.limit_events`).
    public var eventsPerSpace = 5_000
    /// Notes on one task, routine or event (`error.limit_notes`).
    public var notesPerItem = 500
    /// Changed or cancelled occurrences of one repeating event (`error.limit_exceptions`): every listing that
    /// reaches the series reads them all, so they bound its cost. 500 is a daily series changed every day for
    /// more than a year, or a weekly one for nearly ten.
    public var exceptionsPerSeries = 500
    /// Steps under one task (`error.limit_steps`); steps count toward `tasksPerSpace` too, not toward a list's
    /// open tasks.
    public var stepsPerTask = 100
    /// Event occurrences one listing (`events`, `calendar`, `agenda week`) may expand; a window holding more
    /// is refused with `error.too_many_occurrences` (a shorter window works).
    public var occurrencesPerListing = 20_000

    /// The defaults documented in docs/OPERATIONS.md.
    public init() {}
}
