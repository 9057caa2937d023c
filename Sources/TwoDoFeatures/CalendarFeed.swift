// `calendar link`: a secret URL a phone's calendar subscribes to, and the iCalendar text served at it.

import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// The calendar feed: `calendar link` gives the user a new secret URL (ending the old one), `calendar link
/// revoke` ends it. The store keeps only the secret's digest, so a copy of the database opens no calendar.
/// What the URL serves is `export ics` for that user, read when it is fetched: events, routines and dated
/// tasks of the user's current space, in the user's zone.
struct CalendarFeed: Feature {
    let handlers: Handlers

    /// Random bytes in a secret (64 hex digits in the URL): 256 bits, past any guessing.
    static let secretBytes = 32
    /// The most a feed's tasks may add to its body; events and routines are capped per space already.
    static let maxBytes = 4 << 20

    func link(revoke: Bool, user: User, on c: CommandContext) throws -> Reply {
        guard let base = handlers.feedBase else { return .failure(.errorFeedDisabled, t(c, .errorFeedDisabled)) }
        if revoke {
            let had = try store.deleteCalendarLink(of: user.id)
            return .success(
                .calendarLinkRevoked, [t(c, had ? .calendarLinkRevoked : .calendarLinkNone)],
                data: .object([("had", .bool(had))]))
        }
        let secret = CalendarFeed.newSecret()
        guard let digest = accounts.digest(secret) else { throw CalendarFeedError.noDigest }
        try store.setCalendarLink(digest: digest, for: user.id, now: clock.now)
        let url = base + "/cal/" + secret + ".ics"
        let webcal = "webcal://" + url.drop { $0 != ":" }.dropFirst(3)
        let text = t(c, .calendarLink, ["url": url, "webcal": webcal])
        return .success(
            .calendarLink, text.split(separator: "\n").map(String.init),
            data: .object([("url", .string(url)), ("webcal", .string(webcal))]))
    }

    /// A new secret: `secretBytes` from the system's random source (getrandom), as lowercase hex.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<secretBytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }

    /// Whether `text` has a secret's shape (what the feed checks before it looks anything up).
    static func isSecret(_ text: Substring) -> Bool {
        text.utf8.count == secretBytes * 2 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The feed's body for the user whose link has `digest`: the iCalendar text, or nil when no link has it.
    func body(digest: String) throws -> [UInt8]? {
        guard let id = try store.calendarLinkUser(digest: digest), let user = try store.user(id) else { return nil }
        let stream = ICSExportStream(
            handlers: handlers, user: user, json: false, tag: nil, header: nil, maxBytes: CalendarFeed.maxBytes)
        var out: [UInt8] = []
        while try !stream.write(into: &out, budget: 1 << 16) {}
        return out
    }
}

/// The digest function is missing (the server always sets one): the link is not made.
enum CalendarFeedError: Error {
    case noDigest
}

extension Handlers {
    /// The calendar feed body for the link with this digest (nil: no such link), read from this handlers'
    /// store: the feed's own connection, on the feed's thread.
    public func calendarFeed(digest: String) throws -> [UInt8]? {
        try CalendarFeed(handlers: self).body(digest: digest)
    }
}
