// The README's walkthrough runs verbatim: each transcript there is what two partners' screens show when they
// type its lines, in order, into `nc` on a fresh database.

import Foundation
import Testing

@Suite("The README walkthrough runs verbatim")
struct ReadmeWalkthroughTests {
    /// One line a partner types, and the README block their screen is shown in from then on; `others` moves the
    /// other partner's screen to a block of its own too (one ending in `-unshown` is not in the README).
    struct Step {
        var who: String
        var line: String
        var block: String
        var others: String? = nil
    }

    /// The walkthrough: who types what, in this order, on one server started at Monday 23 Nov 2026 09:00 UTC.
    /// A line `clock …` is typed on a third connection (the test clock): the README marks the jump with a line
    /// starting with `…`.
    static let steps: [Step] = [
        Step(who: "alice", line: "register alice Tulip-Harbor-91", block: "alice"),
        Step(who: "bob", line: "kaydol bob Maple-Canyon-27", block: "bob"),
        Step(who: "alice", line: "couple create", block: "alice"),
        Step(who: "bob", line: "çift katıl {code}", block: "bob"),
        Step(who: "alice", line: "list add Market", block: "alice"),
        Step(who: "bob", line: "markete süt ekle", block: "bob"),
        Step(who: "alice", line: "add bread to market", block: "alice"),
        Step(who: "bob", line: "göster market", block: "bob"),
        Step(who: "alice", line: "done milk", block: "alice"),
        Step(who: "alice", line: "done süt", block: "alice"),
        Step(who: "bob", line: "söyle ekmeği de ben alırım", block: "bob"),
        // Dates, reminders, routines and a calendar.
        Step(who: "alice", line: "tz Europe/Istanbul", block: "alice-dates"),
        Step(who: "bob", line: "tz Europe/Berlin", block: "bob-dates"),
        Step(who: "alice", line: "list add Bills", block: "alice-dates"),
        Step(who: "alice", line: "add pay rent to bills every month on the 1st !high", block: "alice-dates"),
        Step(who: "alice", line: "remind bob to call mom tomorrow at 6pm", block: "alice-dates"),
        Step(who: "bob", line: "yarın 18:00 annemi ara ekle", block: "bob-dates"),
        Step(who: "bob", line: "ajanda", block: "bob-dates"),
        Step(
            who: "alice", line: "event add dinner with Sam friday 7pm-9pm at Luigi's remind 1h before",
            block: "alice-dates"),
        Step(who: "bob", line: "her pazartesi, çarşamba ve cuma saat 7'de spor rutini ekle", block: "bob-dates"),
        Step(who: "clock", line: "clock set 2026-11-24T15:00:00Z", block: "bob-dates"),
        Step(who: "bob", line: "bitti", block: "bob-dates"),
        // A list that does not exist is asked about.
        Step(who: "alice", line: "add drill bits to Tools", block: "alice-lists", others: "bob-lists-unshown"),
        Step(who: "alice", line: "yes", block: "alice-lists"),
    ]

    /// The README's blocks by name: the fenced block right after a `<!-- walkthrough: name -->` line.
    static func readmeBlocks() throws -> [String: [String]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String: [String]] = [:]
        var name: String?
        var inside = false
        for line in text.components(separatedBy: "\n") {
            if let current = name, inside {
                if line.hasPrefix("```") {
                    inside = false
                    name = nil
                } else {
                    blocks[current, default: []].append(line)
                }
            } else if line.hasPrefix("<!-- walkthrough: ") {
                name = String(line.dropFirst(18).prefix { $0 != " " })
            } else if name != nil && line.hasPrefix("```") {
                inside = true
            }
        }
        return blocks
    }

    /// Every line the client has waiting, until it has been quiet a moment.
    func drain(_ client: LineClient) -> [String] {
        var lines: [String] = []
        while let line = try? client.readLine(timeout: 0.3) { lines.append(line) }
        return lines
    }

    @Test("each transcript is what the partners' screens show, line for line")
    func verbatim() throws {
        let server = try TestServer(testClock: "2026-11-23T09:00:00Z")
        var clients: [String: LineClient] = [:]
        var screens: [String: [String]] = [:]
        var blockOf: [String: String] = [:]
        var code = ""
        for step in Self.steps {
            if clients[step.who] == nil {
                let client = try LineClient(port: server.port)
                clients[step.who] = client
                let greeting = drain(client)
                if step.who != "clock" { screens[step.block, default: []] += ["$ nc localhost 7878"] + greeting }
            }
            if step.who != "clock" { blockOf[step.who] = step.block }
            if let others = step.others {
                for who in clients.keys where who != step.who && who != "clock" { blockOf[who] = others }
            }
            let line = step.line.replacingOccurrences(of: "{code}", with: code.lowercased())
            try clients[step.who]!.send(line)
            if step.who == "clock" {
                _ = drain(clients["clock"]!)
                screens[step.block, default: []].append("…")
            } else {
                screens[step.block, default: []].append(line)
            }
            for (who, client) in clients.sorted(by: { $0.key < $1.key }) where who != "clock" {
                let got = drain(client)
                screens[blockOf[who]!, default: []] += got
                for text in got where text.hasPrefix("Your invite code is ") {
                    code = String(text.dropFirst(20).prefix { $0 != "." })
                }
            }
        }
        let readme = try Self.readmeBlocks()
        for (name, screen) in screens.sorted(by: { $0.key < $1.key }) where !name.hasSuffix("-unshown") {
            // The invite code is drawn at random: the README's stands for whatever this run drew.
            let shown = (readme[name] ?? []).map { Self.withoutCode($0) }.map(Self.withoutComment)
            let ran = screen.map { Self.withoutCode($0) }.map {
                $0.hasPrefix("…") ? "…" : $0
            }
            let readmeShown = shown.map { $0.hasPrefix("…") ? "…" : $0 }
            #expect(
                readmeShown == ran,
                "README block \(name) differs from the run; the run's screen:\n\(screen.joined(separator: "\n"))")
        }
    }

    /// The commands of the README's "More for every day" table, English column then Turkish column.
    static func tableCommands() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = text.range(of: "## More for every day") else { return [] }
        var english: [String] = []
        var turkish: [String] = []
        for line in text[start.upperBound...].components(separatedBy: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { continue }
            func commands(_ cell: String) -> [String] {
                cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            }
            english += commands(cells[1])
            turkish += commands(cells[2])
        }
        return english + turkish
    }

    @Test("every command in the README's table runs, in English and in Turkish")
    func tableRuns() throws {
        let commands = try Self.tableCommands()
        #expect(commands.count >= 20)
        let server = try TestServer(testClock: "2026-11-23T09:00:00Z")
        let alice = try server.user("alice")
        try alice.ok("list add Market")
        for command in commands {
            let reply = try alice.json(command)
            let code = reply.code ?? ""
            #expect(reply.ok == true, "\(command): \(code) \(reply.text)")
            #expect(!code.hasPrefix("list.unknown") && !code.hasPrefix("suggest"), "\(command): \(reply.text)")
        }
    }

    /// A line with every invite code (`ABCD-EFGH-JKLM-NPQR`, any case) replaced by a placeholder.
    static func withoutCode(_ line: String) -> String {
        line.replacingOccurrences(
            of: "[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}", with: "CODE", options: .regularExpression
        )
    }

    /// The `$ nc` line without the comment the README puts after it.
    static func withoutComment(_ line: String) -> String {
        line.hasPrefix("$ nc ") ? "$ nc localhost 7878" : line
    }
}
