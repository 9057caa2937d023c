// The admin `stats` command: the loop's own counters (connections, sessions, commits, drops).

import Foundation
import TwoDoCore
import TwoDoFeatures
import TwoDoSystem
import TwoDoProtocol
import TwoDoText

extension Server {
    func statistics(user: User, on c: Connection) -> Reply {
        guard config.admins.contains(where: { UserName.key($0) == UserName.key(user.name) }) else {
            return .failure(.errorForbidden, t(c, .errorForbidden))
        }
        let uptime = Monotonic.now() - stats.started
        let rate = uptime > 0 ? Double(stats.commands) / uptime : 0
        let values: [(String, JSONValue)] = [
            ("connections", .int(Int64(connections.count))),
            ("sessions", .int(Int64(sessions.values.reduce(0) { $0 + $1.count }))),
            ("users_online", .int(Int64(sessions.count))), ("commands", .int(Int64(stats.commands))),
            ("commands_per_second", .int(Int64(rate.rounded()))), ("commits", .int(Int64(stats.commits))),
            ("commit_failures", .int(Int64(stats.commitFailures))),
            ("commit_p50_us", .int(Int64(stats.commitMilliseconds(quantile: 0.5) * 1000))),
            ("commit_p99_us", .int(Int64(stats.commitMilliseconds(quantile: 0.99) * 1000))),
            ("output_drops", .int(Int64(stats.outputDrops))), ("busy_refusals", .int(Int64(stats.busyRefusals))),
            ("refused", .int(Int64(stats.refused))), ("tls_failures", .int(Int64(stats.tlsFailures))),
            ("accepted", .int(Int64(stats.accepted))), ("uptime_seconds", .int(Int64(uptime))),
        ]
        let text = t(
            c, .statsLine,
            [
                "connections": "\(connections.count)", "sessions": "\(sessions.values.reduce(0) { $0 + $1.count })",
                "commands": "\(stats.commands)", "rate": "\(Int(rate))",
                "commit_p50": String(format: "%.2f", stats.commitMilliseconds(quantile: 0.5)),
                "commit_p99": String(format: "%.2f", stats.commitMilliseconds(quantile: 0.99)),
                "drops": "\(stats.outputDrops)", "uptime": "\(Int(uptime))",
            ])
        return .success(.stats, [text], data: .object(values))
    }
}
