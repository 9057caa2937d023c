// CPU time of the server, the bench and everything else during a measurement window, from /proc.

import Foundation
import TwoDoSystem

/// A snapshot of CPU time counters; the difference of two says who kept the cores busy.
///
/// The bench runs on the same small machine as the server, so a figure means little without knowing
/// whether the server was saturated, the bench was, or other processes took the cores.
struct CPUUsage {
    /// Busy time of all cores (user, nice, system, irq, softirq, steal), in clock ticks.
    var machineBusy: Int
    /// User plus system time of the server process (all threads), in clock ticks; nil when unknown.
    var server: Int?
    /// User plus system time of this bench process, in clock ticks.
    var bench: Int
    /// When the snapshot was taken (monotonic nanoseconds).
    var at: UInt64

    /// Takes a snapshot; `serverPID` nil leaves the server's share unknown.
    static func now(serverPID: Int32?) -> CPUUsage {
        CPUUsage(
            machineBusy: machineBusyTicks(), server: serverPID.flatMap(processTicks),
            bench: processTicks(Posix.processID) ?? 0, at: Monotonic.nanoseconds())
    }

    /// The server's CPU seconds between `start` and this snapshot, when its process is known.
    func serverSeconds(since start: CPUUsage) -> Double? {
        guard let server, let before = start.server else { return nil }
        return Double(server - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// "server 97%, bench 14%, other 3% of one core" between `start` and this snapshot.
    func summary(since start: CPUUsage) -> String {
        let seconds = Double(at - start.at) / 1e9
        guard seconds > 0 else { return "–" }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        func percent(_ ticks: Int) -> Int { Int((Double(ticks) / hz / seconds * 100).rounded()) }
        let busy = machineBusy - start.machineBusy
        let benchTicks = bench - start.bench
        var parts: [String] = []
        var other = busy - benchTicks
        if let server, let before = start.server {
            parts.append("server \(percent(server - before))%")
            other -= server - before
        }
        parts.append("bench \(percent(benchTicks))%")
        parts.append("other processes and kernel \(percent(max(0, other)))%")
        return "CPU (100% = one core): " + parts.joined(separator: ", ")
    }

    private static func machineBusyTicks() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return 0 }
        // cpu  user nice system idle iowait irq softirq steal guest guest_nice
        let fields = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard fields.count >= 8 else { return 0 }
        return fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
    }

    private static func processTicks(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, utime field 14, stime field 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
