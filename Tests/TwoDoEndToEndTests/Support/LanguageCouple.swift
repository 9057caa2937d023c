// A couple in two languages and zones for the command-language tests, and readers of `export` state.

import Foundation

/// alice (English replies, Europe/Istanbul) and bob (Turkish replies, America/New_York), paired, with the
/// lists Bills, Market and Alışveriş Listesi; the test clock is Sunday 2026-11-22 09:00 UTC.
struct LanguageCouple {
    let server: TestServer
    let alice: LineClient
    let bob: LineClient

    /// Starts a server and sets the couple up; drains the events the setup sent.
    init() throws {
        server = try TestServer()
        (alice, bob) = try server.couple()
        try alice.ok(["tz Europe/Istanbul", "list add Bills", "list add Market", "list add Alışveriş Listesi"])
        try bob.ok(["lang tr", "tz America/New_York"])
    }

    /// The connection of `name` (`alice` or `bob`).
    func client(_ name: String) -> LineClient { name == "bob" ? bob : alice }

    /// Every task of the space as `reader` exports it (times in the reader's zone).
    func tasks(as reader: String) throws -> [JSONObject] {
        let export = try client(reader).ok("export").data
        let lists = export["lists"] as? [JSONObject] ?? []
        return lists.flatMap { $0["tasks"] as? [JSONObject] ?? [] }
    }

    /// The one task titled `title` as `reader` exports it.
    func task(_ title: String, as reader: String) throws -> JSONObject? {
        try tasks(as: reader).first { $0["title"] as? String == title }
    }

    /// The `key` array of `export` (`routines`, `events`) as `reader` sees it.
    func exported(_ key: String, as reader: String) throws -> [JSONObject] {
        try client(reader).ok("export").data[key] as? [JSONObject] ?? []
    }
}

/// Reads ISO 8601 instants with an offset, as the server writes them.
enum LanguageTime {
    /// The instant of `text` (`2026-11-23T18:00:00+03:00`), or nil.
    static func instant(_ text: String?) -> Date? {
        guard let text else { return nil }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: false))
    }
}

/// The recurrence of an exported task, reduced to the fields a phrase sets, for comparison.
struct RuleSummary: Equatable, CustomStringConvertible, Sendable {
    var freq: String
    var interval = 1
    var weekdays: [Int] = []
    var monthDay: Int?
    var fromCompletion = false
    var until: String?

    /// The summary of an exported `recurrence` object, or nil for null.
    init?(_ object: Any?) {
        guard let r = object as? JSONObject, let freq = r["freq"] as? String else { return nil }
        self.freq = freq
        interval = r["interval"] as? Int ?? 1
        weekdays = r["weekdays"] as? [Int] ?? []
        monthDay = r["month_day"] as? Int
        fromCompletion = r["from_completion"] as? Bool ?? false
        until = r["until"] as? String
    }

    /// A rule with these fields.
    init(
        _ freq: String, every interval: Int = 1, on weekdays: [Int] = [], day monthDay: Int? = nil,
        fromCompletion: Bool = false, until: String? = nil
    ) {
        self.freq = freq
        self.interval = interval
        self.weekdays = weekdays
        self.monthDay = monthDay
        self.fromCompletion = fromCompletion
        self.until = until
    }

    var description: String {
        "\(freq)/\(interval) \(weekdays) day:\(monthDay.map(String.init) ?? "-")\(fromCompletion ? " !" : "")"
            + (until.map { " until \($0)" } ?? "")
    }
}
