// Typed integer ids for every stored entity, so a task id can never be passed where a list id belongs.

/// The id of a registered user.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "user#\(rawValue)" }
}

/// The id of a space: a user's personal space, or the space a couple shares.
public struct SpaceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "space#\(rawValue)" }
}

/// The id of a task list.
public struct ListID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "list#\(rawValue)" }
}

/// The id of a task.
public struct TaskID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "task#\(rawValue)" }
}
