// What a space holds, counted for the space limits.

/// The number of things a space holds, as the space limits count them.
public struct SpaceCounts: Sendable, Equatable {
    /// Tasks of the space, open and done.
    public var tasks: Int
    /// Lists of the space, the default one included.
    public var lists: Int
    /// Routines of the space.
    public var routines: Int
    /// Calendar events (series count once) of the space.
    public var events: Int

    /// Makes a count.
    public init(tasks: Int, lists: Int, routines: Int, events: Int) {
        self.tasks = tasks
        self.lists = lists
        self.routines = routines
        self.events = events
    }
}
