// The twodo executable: parses the command line and runs the server, a backup or a check.

import Foundation
import TwoDoArguments
import TwoDoBridge
import TwoDoServer
import TwoDoStore

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let action: Action
do {
    action = try CLI.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    fail(error.description, status: ArgumentError.exitStatus)
}

switch action {
case .help(let text):
    print(text, terminator: "")
case .version:
    print(CLI.versionLine)
case .serve(let config):
    do {
        let server = try Server(config: config)
        server.installSignalHandlers()
        try server.run()
    } catch {
        fail("twodo: \(error)", status: 1)
    }
case .backup(let db, let destination):
    do {
        try Backup.copy(from: db, to: destination)
        print("Backed up \(db) to \(destination)")
    } catch {
        fail("twodo backup: \(error)", status: 1)
    }
case .bridge(let config):
    IRCBridge.installSignalHandlers()
    IRCBridge(config: config).run()
case .matrixBridge(let config):
    MatrixBridge.installSignalHandlers()
    do {
        if !(try MatrixBridge(config: config).run()) { exit(1) }
    } catch {
        fail("twodo bridge matrix: \(error)", status: 1)
    }
case .resetPassword(let db, let name):
    do {
        let issued = try AdminReset.issue(databasePath: db, name: name, now: Int64(Date().timeIntervalSince1970))
        let until = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(issued.expiresAt)))
        print("One-time reset code for \(issued.name): \(issued.code) (valid until \(until), once)")
        print("They type: reset \(issued.name) \(issued.code) <new password>")
    } catch {
        fail("twodo admin reset-password: \(error)", status: 1)
    }
case .migrate(let from, let to):
    do {
        let reports = try Migrate.run(from: from, to: to)
        for report in reports {
            print("\(report.table): \(report.rows) rows, checksum \(report.checksum)")
        }
        print("Copied and verified \(reports.map(\.rows).reduce(0, +)) rows of \(reports.count) tables from \(from).")
    } catch {
        fail("twodo migrate: \(error)", status: 1)
    }
case .check(let db):
    do {
        let problems = try Backup.check(path: db)
        if problems.isEmpty {
            print("\(db): ok")
        } else {
            fail("\(db): integrity check failed:\n" + problems.joined(separator: "\n"), status: 1)
        }
    } catch {
        fail("twodo check: \(error)", status: 1)
    }
}
