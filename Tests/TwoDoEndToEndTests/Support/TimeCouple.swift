// A paired couple in two zones and two languages for the time tests, with helpers to drain lines and read export.

import Foundation

/// alice (English, Europe/Berlin) and bob (Turkish, America/New_York), each with a JSON and a human-mode session.
struct TimeCouple {
    let server: TestServer
    /// alice's JSON session.
    let alice: LineClient
    /// bob's JSON session.
    let bob: LineClient
    /// alice's human-mode session.
    let aliceText: LineClient
    /// bob's human-mode session.
    let bobText: LineClient

    /// Registers and pairs the two on `server`, sets their zones and languages, and drains every session.
    init(
        server: TestServer, aliceTZ: String = "Europe/Berlin", bobTZ: String = "America/New_York",
        bobLang: String = "tr"
    ) throws {
        self.server = server
        (alice, bob) = try server.couple()
        try alice.ok("tz \(aliceTZ)")
        try bob.ok(["tz \(bobTZ)", "lang \(bobLang)"])
        aliceText = try server.login("alice", json: false)
        bobText = try server.login("bob", json: false)
        try settle()
    }

    /// Reads what is waiting on every session, so the next read starts clean.
    func settle() throws {
        _ = try alice.drainEvents()
        _ = try bob.drainEvents()
        _ = try aliceText.drainLines()
        _ = try bobText.drainLines()
    }

    /// Closes both of bob's sessions and waits until the server has let them go, so bob is offline.
    func bobLeaves() throws {
        for c in [bob, bobText] {
            c.shutdownWrite()
            guard c.isClosedByServer(within: 5) else { throw TestServerError.unexpected("bob's session stayed open") }
        }
    }

    /// Moves the test clock (`clock advance <duration>` from alice's JSON session); returns the events she got.
    @discardableResult
    func advance(_ duration: String) throws -> [JSONObject] {
        try alice.ok("clock advance \(duration)")
        return try alice.drainEvents()
    }
}

extension LineClient {
    /// JSON mode: the events that arrived before a `ping` round trip (the pong is consumed).
    func drainEvents(timeout: Double = 5) throws -> [JSONObject] {
        try send("ping")
        var events: [JSONObject] = []
        while true {
            let object = try readJSON(timeout: timeout)
            if object["type"] as? String == "reply" && object.code == "pong" { return events }
            if object["type"] as? String == "event" { events.append(object) }
        }
    }

    /// Human mode: the lines that arrived before a `ping` round trip (the pong is consumed).
    func drainLines(timeout: Double = 5) throws -> [String] {
        try lines("", timeout: timeout)
    }

    /// JSON mode: `export`'s tasks by title; when titles repeat (a repeating task's occurrences) the open one wins.
    func exportedTasks() throws -> [String: JSONObject] {
        let data = try ok("export").data
        var tasks: [String: JSONObject] = [:]
        for list in data["lists"] as? [JSONObject] ?? [] {
            for task in list["tasks"] as? [JSONObject] ?? [] {
                let title = task["title"] as? String ?? ""
                if tasks[title]?["status"] as? String == "open" && task["status"] as? String != "open" { continue }
                tasks[title] = task
            }
        }
        return tasks
    }

    /// JSON mode: the pending reminder instants `export` lists for the task titled `title`.
    func pendingReminders(of title: String) throws -> [String] {
        try exportedTasks()[title]?["reminders"] as? [String] ?? []
    }

    /// JSON mode: the texts of the inbox, newest first, each prefixed with `*` when unread.
    func inboxTexts() throws -> [String] {
        let items = try ok("inbox").data["notifications"] as? [JSONObject] ?? []
        return items.map { ($0["unread"] as? Bool == true ? "*" : "") + ($0["text"] as? String ?? "") }
    }
}
