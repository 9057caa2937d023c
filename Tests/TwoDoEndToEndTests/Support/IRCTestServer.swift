// Runs a real IRC server (ngircd, from Debian's package) on a free loopback port for the bridge tests.

import Foundation
import Glibc

/// An `ngircd` in the foreground with a minimal configuration in a temporary folder.
///
/// No PAM, ident, DNS or TLS; pid and help files in the folder. When started as root, ngircd drops to
/// `nobody`, so the folder is world-writable. ngircd's own flood penalties are off (`MaxPenaltyTime = 0`):
/// they delay a busy client's lines by whole seconds, which would make the latency checks measure
/// ngircd rather than the bridge (whose own pacing has unit tests).
final class IRCTestServer: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    static let binary = "/usr/sbin/ngircd"

    /// Whether ngircd is installed (`apt-get install ngircd`).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    let directory: String
    let port: UInt16
    /// The TLS port, when started with a certificate.
    let tlsPort: UInt16?
    private var process: Process?

    /// ngircd on a free port; with `tls` (certificate and key PEM paths) also on a TLS port.
    init(tls: (certificate: String, key: String)? = nil) throws {
        directory = NSTemporaryDirectory() + "twodo-irc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o777)
        port = try TestServer.freePort()
        tlsPort = tls == nil ? nil : try TestServer.freePort()
        try FileManager.default.createDirectory(atPath: directory + "/conf.d", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: directory + "/help", contents: Data())
        let config = """
            [Global]
            \tName = irc.twodo.test
            \tInfo = TwoDo bridge test server
            \tAdminInfo1 = TwoDo tests
            \tAdminInfo2 = loopback only
            \tAdminEMail = nobody@localhost
            \tListen = 127.0.0.1
            \tPorts = \(port)
            \tMotdPhrase = "TwoDo test"
            \tPidFile = \(directory)/ngircd.pid
            \tHelpFile = \(directory)/help
            [Limits]
            \tMaxNickLength = 30
            \tMaxConnectionsIP = 0
            \tPingTimeout = 120
            \tPongTimeout = 20
            \tMaxPenaltyTime = 0
            [Options]
            \tPAM = no
            \tIdent = no
            \tDNS = no
            \tIncludeDir = \(directory)/conf.d

            """
            + (tls.map {
                "[SSL]\n\tCertFile = \($0.certificate)\n\tKeyFile = \($0.key)\n\tPorts = \(tlsPort ?? 0)\n"
            } ?? "")
        try config.write(toFile: directory + "/ngircd.conf", atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts ngircd and waits until it accepts connections.
    func start() throws {
        precondition(process?.isRunning != true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = ["-n", "-f", directory + "/ngircd.conf"]
        let logPath = directory + "/ngircd.log"
        if !FileManager.default.fileExists(atPath: logPath) {
            FileManager.default.createFile(atPath: logPath, contents: Data())
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        p.standardOutput = log
        p.standardError = log
        try p.run()
        process = p
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? LineClient(port: port)) != nil { return }
            if !p.isRunning { break }
            usleep(20_000)
        }
        throw TestServerError.didNotStart(log: (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
    }

    /// Stops ngircd abruptly (SIGKILL), which drops every client connection.
    ///
    /// Not SIGTERM: a child started from a test thread inherits that thread's blocked SIGTERM, and ngircd,
    /// unlike twodo, does not unblock it, so it would ignore the request.
    func stop() {
        guard let p = process, p.isRunning else { return }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }

    /// A registered client connection called `nick`.
    func client(_ nick: String) throws -> IRCTestClient { try IRCTestClient(port: port, nick: nick) }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
