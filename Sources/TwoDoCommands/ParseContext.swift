// What the parser needs to know about the user's world: list names, member names, test clock.

import TwoDoCore

/// What the parser needs to know about the user's world.
///
/// Known names let the parser split `add milk to groceries` into a title and a list only when
/// "groceries" really is a list, and recognize Turkish case endings on list and member names.
public struct ParseContext: Sendable {
    /// The list names in the user's space (e.g. `["Inbox", "Groceries", "Market"]`).
    public var listNames: [String] {
        didSet { lists = NameMatcher(listNames, knownSpelling: true) }
    }
    /// The couple's member names (e.g. `["alice", "bob"]`).
    public var memberNames: [String] {
        didSet { members = NameMatcher(memberNames) }
    }
    /// The name of the user the line is from, when known: with `memberNames` it says who the partner is
    /// (`partnerimin planı`, `my partner's tasks`). The server sets it per command; the cached names stay shared.
    public var userName: String? = nil
    /// Whether `clock ...` is understood; when false it is an unknown command.
    public var testClock: Bool
    /// The current instant (Unix seconds) that relative dates (`tomorrow`, `in 2 hours`) count from.
    ///
    /// The server passes its clock (the test clock when one is set); the parser never reads a clock.
    public var now: Int64
    /// The user's IANA time zone (`Europe/Istanbul`); every date and time in a line is local to it, and
    /// resolved `DueDate`s carry it. An unknown identifier computes like UTC.
    public var timeZone: String
    /// The language "did you mean" suggests verbs from: true Turkish, false English, nil either (an English
    /// user typing `buy bread` is not offered the Turkish `bul`).
    public var suggestsTurkish: Bool? = nil

    /// Matches phrases against `listNames` (a match is the list's own name); kept in step with it.
    private(set) var lists: NameMatcher
    /// Matches words against `memberNames`; kept in step with it.
    private(set) var members: NameMatcher

    /// The partner's name: the one member besides `userName`, or nil when the user is alone, unknown, or not
    /// one of two.
    var partnerName: String? {
        guard let userName else { return nil }
        let own = UserName.key(userName)
        let others = memberNames.filter { UserName.key($0) != own }
        return others.count == 1 && others.count + 1 == memberNames.count ? others[0] : nil
    }

    /// Makes a context; the name matchers are built once here, not on every parse.
    public init(
        listNames: [String] = [], memberNames: [String] = [], testClock: Bool = false, now: Int64 = 0,
        timeZone: String = "UTC"
    ) {
        self.listNames = listNames
        self.memberNames = memberNames
        self.testClock = testClock
        self.now = now
        self.timeZone = timeZone
        self.lists = NameMatcher(listNames, knownSpelling: true)
        self.members = NameMatcher(memberNames)
    }
}
