// The engine-neutral contract for users, spaces, couple invites and joining or leaving a couple.

import TwoDoCore

/// Users, their spaces and the couple: what an engine must store and how it must answer.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - User names are unique by `UserName.key` and by `UserName.skeleton`: `createUser` answers nil for a
///   taken or look-alike name instead of throwing. A new user gets a personal space with one default list
///   named `Store.defaultListName(lang)`.
/// - Ids grow with creation: `members(of:)` lists the oldest account first.
/// - `merge` and `leave` are one unit inside the caller's transaction: every list, task, routine and event
///   of the left space moves (list names de-duplicated with " (2)"), nothing is dropped.
/// - Invites: creating one voids the space's earlier unused ones; `invite(_:now:)` reports expiry by `now`.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol AccountStore: TransactionalStore {
    /// Creates a space with its default list.
    func createSpace(name: String?, lang: Language, now: Int64) throws -> SpaceID
    /// The name of a space (nil for an unnamed personal space).
    func spaceName(_ space: SpaceID) throws -> String?
    /// Renames a space.
    func renameSpace(_ space: SpaceID, to name: String?) throws
    /// What a space holds, for the space limits.
    func counts(of space: SpaceID) throws -> SpaceCounts
    /// Creates a user with a personal space; nil when the name (or a look-alike) is taken.
    func createUser(name: String, passwordHash: String, lang: Language, now: Int64) throws -> User?
    /// The name of the member whose name looks like `name`, if any.
    func lookalike(of name: String) throws -> String?
    /// The user with this name (any case, any spelling with the same NFKC form) and the stored hash.
    func user(named name: String) throws -> (user: User, passwordHash: String)?
    /// The user with this id.
    func user(_ id: UserID) throws -> User?
    /// The stored password hash of a user.
    func passwordHash(of id: UserID) throws -> String?
    /// Replaces a user's password hash.
    func setPasswordHash(_ hash: String, for id: UserID) throws
    /// Sets a user's reply language.
    func setLanguage(_ lang: Language, for id: UserID) throws
    /// Sets a user's IANA time zone.
    func setTimeZone(_ tz: String, for id: UserID) throws
    /// Sets (nil: clears) the name partners see.
    func setDisplayName(_ name: String?, for id: UserID) throws
    /// The members of a space, oldest account first.
    func members(of space: SpaceID) throws -> [User]
    /// The user's first day of the week in the month grid, if set.
    func weekStart(of user: UserID) throws -> String?
    /// Sets the user's first day of the week.
    func setWeekStart(_ value: String?, for user: UserID) throws
    /// Creates an invite code for `space`, voiding its earlier unused ones; true when a still-valid one was voided.
    @discardableResult
    func createInvite(code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64) throws -> Bool
    /// Looks an invite code up.
    func invite(_ code: InviteCode, now: Int64) throws -> InviteState
    /// Marks an invite used.
    func useInvite(_ code: InviteCode, by user: UserID, now: Int64) throws
    /// Moves `user` and everything in their old space into `target`; returns the number of tasks moved.
    func merge(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int
    /// Moves `user` out of their shared space into a new, empty personal space.
    func leave(user: UserID, lang: Language, now: Int64) throws -> (space: SpaceID, copiedTasks: Int)
}
