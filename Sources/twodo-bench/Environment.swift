// The header printed before the tables: date, build, machine, server, so figures can be compared later.

import Foundation

/// Facts about this run that belong next to its figures.
enum Environment {
    /// "debug" or "release": figures only mean something from a release build.
    static var build: String {
        #if DEBUG
            return "debug (use `swift build -c release` for figures)"
        #else
            return "release"
        #endif
    }

    /// A few header lines describing the run.
    static func describe(options: BenchOptions, fileLimit: Int) -> String {
        let date = Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let server: String
        if let target = options.target {
            server = "running server at \(target.host):\(target.port)"
        } else {
            server =
                "fresh `twodo serve` per scenario (\(options.binary ?? ServerProcess.defaultBinary())), database in \(options.databaseFolder)"
                + (options.noFsync ? ", --no-fsync (NOT durable)" : ", durable (synchronous=FULL)")
        }
        var lines = [
            "twodo-bench \(date)  build: \(build)",
            "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), Linux \(kernel), open-file limit \(fileLimit)",
            "load average: \(Pinning.loadAverage()) (1, 5, 15 min)",
            "server: \(server)",
        ]
        if options.scenario == "peer" {
            let binary = options.binary ?? ServerProcess.defaultBinary()
            let kind = binary.contains("/release/") ? "release" : binary.contains("/debug/") ? "debug" : "unknown"
            lines.append("twodo build: \(kind) (\(binary))")
            lines.append(
                "redis: "
                    + ((try? RedisProcess.binary(options.redisBinary)).map {
                        "\($0) \(RedisProcess.version($0)), appendonly yes, appendfsync always, save \"\""
                    } ?? RedisProcess.missing))
            lines.append(Pinning.describe())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
