// A tiny raw-IRC client for the bridge tests: registers, answers PING, reads lines with timeouts.

import Foundation

/// One IRC line as the test sees it (parsed independently of the bridge's own parser).
struct IRCLine: CustomStringConvertible {
    var raw: String
    var prefix: String
    var command: String
    var params: [String]

    init(_ raw: String) {
        self.raw = raw
        var rest = Substring(raw)
        prefix = ""
        if rest.hasPrefix(":") {
            let space = rest.firstIndex(of: " ") ?? rest.endIndex
            prefix = String(rest.dropFirst()[..<space])
            rest = rest[space...].drop { $0 == " " }
        }
        let end = rest.firstIndex(of: " ") ?? rest.endIndex
        command = String(rest[..<end]).uppercased()
        rest = rest[end...]
        params = []
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            if rest.hasPrefix(":") {
                params.append(String(rest.dropFirst()))
                break
            }
            let e = rest.firstIndex(of: " ") ?? rest.endIndex
            params.append(String(rest[..<e]))
            rest = rest[e...]
        }
    }

    /// The sender's nick.
    var nick: String { String(prefix.prefix { $0 != "!" }) }
    /// The message text (last parameter).
    var text: String { params.last ?? "" }
    /// The first parameter (the target of PRIVMSG/NOTICE).
    var target: String { params.first ?? "" }
    var description: String { raw }
}

/// A registered IRC connection.
final class IRCTestClient: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    let connection: LineClient
    private(set) var nick: String
    /// Every line received, for failure messages.
    private(set) var seen: [String] = []

    init(port: UInt16, nick: String) throws {
        connection = try LineClient(port: port)
        self.nick = nick
        try send("NICK \(nick)")
        try send("USER \(nick) 0 * :TwoDo test user \(nick)")
        _ = try waitFor(timeout: 10) { $0.command == "001" }
    }

    func send(_ line: String) throws { try connection.send(bytes: Array((line + "\r\n").utf8)) }

    /// A private message (or channel message) to `target`.
    func say(_ target: String, _ text: String) throws { try send("PRIVMSG \(target) :\(text)") }

    /// The next line that is not a PING (PINGs are answered).
    func next(timeout: Double) throws -> IRCLine {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let raw = try connection.readLine(timeout: max(0.01, deadline.timeIntervalSinceNow))
            seen.append(raw)
            let line = IRCLine(raw)
            if line.command == "PING" {
                try send("PONG :\(line.text)")
                continue
            }
            return line
        }
    }

    /// Reads until a line satisfies `predicate` (earlier lines are skipped); throws on timeout with what was seen.
    func waitFor(timeout: Double = 5, _ predicate: (IRCLine) -> Bool) throws -> IRCLine {
        let deadline = Date().addingTimeInterval(timeout)
        let start = seen.count
        do {
            while true {
                let line = try next(timeout: max(0.01, deadline.timeIntervalSinceNow))
                if predicate(line) { return line }
            }
        } catch {
            throw TestServerError.unexpected(
                "\(nick): nothing matched within \(timeout) s; saw \(seen[start...].joined(separator: " | "))")
        }
    }

    /// Waits for a PRIVMSG (`notice: false`) or NOTICE from `from` addressed to this nick (or to `to`) containing `text`.
    func message(
        from: String, notice: Bool, containing text: String = "", to: String? = nil, timeout: Double = 5
    ) throws -> IRCLine {
        try waitFor(timeout: timeout) {
            $0.command == (notice ? "NOTICE" : "PRIVMSG") && $0.nick.lowercased() == from.lowercased()
                && $0.target.lowercased() == (to ?? nick).lowercased() && (text.isEmpty || $0.text.contains(text))
        }
    }

    /// Sends `text` privately to `bot` and returns the first line of its PRIVMSG reply containing `expecting`.
    @discardableResult
    func ask(_ bot: String, _ text: String, expecting: String = "", timeout: Double = 5) throws -> String {
        try say(bot, text)
        return try message(from: bot, notice: false, containing: expecting, timeout: timeout).text
    }

    /// Joins `channel` and waits until `member` (the bot) is in it too.
    func join(_ channel: String, waitingFor member: String) throws {
        try send("JOIN \(channel)")
        let names = try waitFor { $0.command == "353" }
        if names.text.split(separator: " ").contains(where: {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "@+%~&")) == member
        }) {
            return
        }
        _ = try waitFor(timeout: 10) { $0.command == "JOIN" && $0.nick == member }
    }

    /// Changes nick and waits for the server to confirm it.
    func changeNick(to new: String) throws {
        try send("NICK \(new)")
        _ = try waitFor { $0.command == "NICK" && $0.text == new }
        nick = new
    }

    /// True when nothing matching `predicate` arrives within `seconds`.
    func receivesNothing(for seconds: Double, _ predicate: (IRCLine) -> Bool) -> Bool {
        (try? waitFor(timeout: seconds, predicate)) == nil
    }
}
