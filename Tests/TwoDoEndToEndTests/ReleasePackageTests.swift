// The release tarball (Deploy/build-release.sh) unpacked in a bare folder: the binary runs and serves.
//
// Enabled only with TWODO_RELEASE_TEST=1, because it needs a static release build (minutes):
//   Deploy/build-release.sh && TWODO_RELEASE_TEST=1 swift test --filter ReleasePackageTests
// TWODO_RELEASE_TARBALL picks the tarball; otherwise the newest in .build/dist is used.

import Foundation
import Glibc
import Testing

@Suite(
    "The release package", .serialized, .timeLimit(.minutes(2)),
    .enabled(
        if: ProcessInfo.processInfo.environment["TWODO_RELEASE_TEST"] == "1",
        "set TWODO_RELEASE_TEST=1 after running Deploy/build-release.sh to test the release tarball"))
struct ReleasePackageTests {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The tarball to test.
    func tarball() throws -> String {
        if let path = ProcessInfo.processInfo.environment["TWODO_RELEASE_TARBALL"] { return path }
        let dist = Self.repositoryRoot.appendingPathComponent(".build/dist")
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: dist, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        let newest = files.filter { $0.lastPathComponent.hasSuffix(".tar.gz") }.max {
            let a =
                (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            let b =
                (try? $1.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            return a < b
        }
        return try #require(newest?.path, "no tarball in \(dist.path): run Deploy/build-release.sh first")
    }

    /// Runs `executable` with a bare environment; returns status and output.
    func run(_ executable: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": directory]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        return CommandResult(
            status: p.terminationStatus,
            stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("the packed binary runs from a bare folder outside the build tree, serves, backs up and checks")
    func packedBinaryServes() throws {
        let folder = "/tmp/twodo-release-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(!folder.hasPrefix(Self.repositoryRoot.path))

        let unpacked = try run("/bin/tar", ["-xzf", try tarball(), "-C", folder], in: folder)
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        let top = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("twodo-") })
        let dir = folder + "/" + top
        for file in [
            "twodo", "README.md", "OPERATIONS.md", "twodo.service", "twodo-bridge-irc.service", "stunnel-twodo.conf",
            "haproxy.cfg",
        ] {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + file), "\(file) missing from the tarball")
        }
        let binary = dir + "/twodo"
        let ldd = try run("/usr/bin/ldd", [binary], in: dir)
        #expect(!ldd.stdout.contains("swift") && !ldd.stdout.contains("not found"), "\(ldd.stdout)")
        let version = try run(binary, ["--version"], in: dir)
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("twodo "))
        #expect(try run("/usr/bin/file", [binary], in: dir).stdout.contains("stripped"))

        // Serve from there, talk to it over TCP.
        let port = try TestServer.freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["serve", "--port", "\(port)", "--db", dir + "/twodo.sqlite"]
        server.currentDirectoryURL = URL(fileURLWithPath: dir)
        server.environment = ["PATH": "/usr/bin:/bin"]
        server.standardError = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        }
        var client: LineClient?
        let deadline = Date().addingTimeInterval(10)
        while client == nil && Date() < deadline {
            client = try? LineClient(port: port)
            if client == nil { usleep(20_000) }
        }
        let c = try #require(client)
        #expect(try c.readLine().contains("TwoDo"))
        _ = try c.command("json on")
        #expect(try c.json("register alice plover-nyvpr-27").ok == true)
        #expect(try c.json("add milk").code == "task.added")
        let listing = try c.json("show")
        #expect(listing.text.contains("milk"))

        // Online backup while serving, then check it.
        let backup = try run(binary, ["backup", dir + "/copy.sqlite", "--db", dir + "/twodo.sqlite"], in: dir)
        #expect(backup.status == 0, "\(backup.stderr)")
        let check = try run(binary, ["check", "--db", dir + "/copy.sqlite"], in: dir)
        #expect(check.status == 0 && check.stdout.contains("ok"), "\(check.stdout) \(check.stderr)")

        server.terminate()
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
    }
}
