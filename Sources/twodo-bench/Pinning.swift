// Core pinning for `peer`: the bench on core 0, each server under `taskset -c 1`, when there are two cores.

import Foundation
import TwoDoSystem

/// Which core the bench and the servers run on, so neither steals the other's core.
enum Pinning {
    /// The `taskset` binary, when installed.
    static let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Set in the environment of the bench re-executed under `taskset`, so it does not do it twice.
    private static let marker = "TWODO_BENCH_PINNED"

    /// Whether servers are pinned: two or more cores and `taskset` installed.
    static var isActive: Bool { ProcessInfo.processInfo.activeProcessorCount >= 2 && taskset != nil }

    /// The core servers run on.
    static let serverCore = 1

    /// Runs this bench again as a child under `taskset -c 0` (once) and exits with its status; returns only
    /// when pinning is off or this process is that child.
    static func pinBenchToCoreZero() {
        guard isActive, let taskset, ProcessInfo.processInfo.environment[marker] == nil else { return }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: taskset)
        child.arguments = ["-c", "0", ServerProcess.selfExecutable()] + CommandLine.arguments.dropFirst()
        child.environment = ProcessInfo.processInfo.environment.merging([marker: "1"]) { $1 }
        do {
            try child.run()
        } catch {
            Progress.note("could not run under taskset (\(error)); running unpinned")
            return
        }
        child.waitUntilExit()
        exit(child.terminationStatus)
    }

    /// The arguments that start `binary args` pinned to the server core (or unpinned).
    static func serverCommand(_ binary: String, _ arguments: [String]) -> (String, [String]) {
        guard isActive, let taskset else { return (binary, arguments) }
        return (taskset, ["-c", String(serverCore), binary] + arguments)
    }

    /// `Cpus_allowed_list` of a process ("0", "1", "0-1"), from /proc/<pid>/status.
    static func allowedCores(pid: Int32) -> String {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return "?" }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        }
        return "?"
    }

    /// A header line: where the bench runs and where servers go.
    static func describe() -> String {
        let bench = allowedCores(pid: Posix.processID)
        guard isActive else {
            return
                "pinning: none (\(taskset == nil ? "taskset not installed" : "fewer than 2 cores")); bench on cores \(bench)"
        }
        return "pinning: bench on core(s) \(bench) (taskset -c 0), each server under `taskset -c \(serverCore)`"
    }

    /// The load average from /proc/loadavg ("0.52 0.61 0.40").
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
