// Reads `export` replies into plain values, and small accessors for JSON replies, for the resilience checks.

import Foundation

/// One task as `export` shows it.
struct ExportedTask: Equatable {
    var id: Int
    var title: String
    var list: String
    var status: String
    var createdBy: String?
    var completedBy: String?
    var completedAt: String?
}

/// A space's content as `export` shows it: its members, lists and tasks.
struct ExportSnapshot {
    var members: [String]
    var lists: [String]
    var tasks: [ExportedTask]

    /// Parses an `export` reply; throws when it is not a successful export.
    init(reply: [String: Any]) throws {
        guard reply.isOK, reply.code == "export", let data = reply["data"] as? [String: Any] else {
            throw TestServerError.unexpected("not an export reply: \(reply)")
        }
        let couple = data["couple"] as? [String: Any] ?? [:]
        members = (couple["members"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        lists = []
        tasks = []
        for list in data["lists"] as? [[String: Any]] ?? [] {
            lists.append(list["name"] as? String ?? "")
            for task in list["tasks"] as? [[String: Any]] ?? [] {
                tasks.append(
                    ExportedTask(
                        id: task["id"] as? Int ?? -1, title: task["title"] as? String ?? "",
                        list: task["list"] as? String ?? "",
                        status: task["status"] as? String ?? "", createdBy: task["created_by"] as? String,
                        completedBy: task["completed_by"] as? String, completedAt: task["completed_at"] as? String))
            }
        }
    }

    /// How many times each title occurs.
    var titleCounts: [String: Int] { tasks.reduce(into: [:]) { $0[$1.title, default: 0] += 1 } }
}

extension Dictionary where Key == String, Value == Any {
    /// Whether the reply says ok:true (`code`, `ok` and `data` are in LineClient.swift).
    var isOK: Bool { self["ok"] as? Bool == true }
}

/// Latency samples in seconds, with the percentiles the reports quote.
struct LatencySamples {
    private(set) var values: [Double] = []

    /// Records one latency.
    mutating func add(_ seconds: Double) { values.append(seconds) }

    /// The `q` quantile (0...1) in milliseconds, nearest-rank; 0 when empty.
    func milliseconds(_ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[rank] * 1000
    }

    /// How many latencies were recorded.
    var count: Int { values.count }

    /// "p50 1.2 ms, p99 8.0 ms, max 12.3 ms (n = 800)".
    var summary: String {
        String(
            format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms (n = %d)", milliseconds(0.5), milliseconds(0.99),
            milliseconds(1), count)
    }
}
