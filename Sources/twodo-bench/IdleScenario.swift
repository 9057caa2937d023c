// Scenario 3: thousands of idle logged-in connections; what each costs in server memory (RSS).

import Foundation
import TwoDoSystem

/// `idle --connections 1000,10000`.
enum IdleScenario {
    /// Target: at most 20 KB of RSS per idle logged-in connection.
    static let targetKB = 20.0

    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        let counts = options.connections ?? [1000, 10000]
        var table = Table(
            title: "idle: RSS per idle connection (JSON mode; users log in from several connections each)",
            columns: [
                "connections", "users", "RSS before KB", "+open KB", "+logged in KB", "KB/conn open",
                "KB/conn logged in",
                "login time s", "target ≤ 20 KB",
            ])
        let limit = Posix.raiseFileLimit()
        for n in counts {
            guard n + 64 < limit else {
                throw BenchError.usage("--connections \(n) needs more descriptors than the limit \(limit) allows")
            }
            let row = try BenchServer.with(options) { server in try measure(connections: n, server: server) }
            table.rows.append(row)
        }
        table.notes.append(
            "RSS is VmRSS of the server process: before = after registering the users (their connections closed); "
                + "+open = N connections greeted and in JSON mode; +logged in = each then logged in")
        if options.target != nil && options.pid == nil { table.notes.append("no --pid given: RSS not measured") }
        return [table]
    }

    private static func measure(connections n: Int, server: BenchServer) throws -> [String] {
        let loop = try server.makeLoop()
        let setup = Setup(loop: loop)
        let userCount = min(100, n)
        let names = (0..<userCount).map { setup.name("u", $0) }
        for c in try setup.register(names) { loop.close(c) }
        try loop.run(for: 0.5)
        let before = server.residentKB()

        var conns = [ClientConnection?](repeating: nil, count: n)
        var lost = 0
        try setup.runJobs("opening \(n) connections", count: n, concurrency: 256) { i, done in
            setup.openJSON { c in
                c.onClose = { _ in lost += 1 }
                conns[i] = c
                done()
            }
        }
        try loop.run(for: 1)
        let opened = server.residentKB()

        let loginStart = Date()
        try setup.runJobs("logging \(n) connections in as \(userCount) users", count: n) { i, done in
            guard let c = conns[i] else { return done() }
            setup.expectOK(c, "login \(names[i % userCount]) \(Setup.password)") { _ in done() }
        }
        let loginSeconds = Date().timeIntervalSince(loginStart)
        try loop.run(for: 1)
        let loggedIn = server.residentKB()
        for case let c? in conns { loop.close(c) }

        func perConnection(_ kb: Int?) -> String {
            guard let kb, let before else { return "–" }
            return Format.number(Double(kb - before) / Double(n))
        }
        let met = loggedIn.flatMap { kb in before.map { Double(kb - $0) / Double(n) <= targetKB } }
        var row = [
            Format.count(n), Format.count(userCount), before.map { Format.count($0) } ?? "–",
            opened.flatMap { o in before.map { Format.count(o - $0) } } ?? "–",
            loggedIn.flatMap { l in before.map { Format.count(l - $0) } } ?? "–",
            perConnection(opened), perConnection(loggedIn), Format.number(loginSeconds), met.map(Format.verdict) ?? "–",
        ]
        if lost > 0 { row[0] += " (\(lost) lost)" }
        return row
    }
}
