// twodo-bench: load scenarios against a real twodo server over TCP, printing a table of figures per scenario.

import Foundation
import TwoDoArguments
import TwoDoSystem

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(ArgumentError.exitStatus)
}
if options.scenario == "help" {
    print(BenchOptions.usage, terminator: "")
    exit(0)
}

if options.scenario == "peer" { Pinning.pinBenchToCoreZero() }
StopSignals.ignoreBrokenPipe()
let fileLimit = Posix.raiseFileLimit()

let scenarios: [(String, (BenchOptions) throws -> [Table])] = [
    ("throughput", ThroughputScenario.run), ("latency", LatencyScenario.run), ("idle", IdleScenario.run),
    ("bigspace", BigSpaceScenario.run), ("loginstorm", LoginStormScenario.run), ("calendar", CalendarScenario.run),
    ("parser", ParserScenario.run), ("reminders", RemindersScenario.run), ("hostile", HostileScenario.run),
    ("peer", PeerScenario.run), ("floor", FloorScenario.run),
]
// `all` leaves out `peer`, which needs redis-server and pins cores, and `floor`, which wants pinning too.
let chosen =
    options.scenario == "all"
    ? scenarios.filter { $0.0 != "peer" && $0.0 != "floor" } : scenarios.filter { $0.0 == options.scenario }

print(Environment.describe(options: options, fileLimit: fileLimit))
var failed = 0
for (name, run) in chosen {
    Progress.note("\(name)...")
    let started = Date()
    do {
        for table in try run(options) { print(table.rendered(markdown: options.markdown)) }
        Progress.note("\(name): done in \(Format.number(Date().timeIntervalSince(started))) s")
    } catch {
        failed += 1
        print("== \(name): FAILED: \(error)\n")
    }
    fflush(nil)
}
exit(failed == 0 ? 0 : 1)
