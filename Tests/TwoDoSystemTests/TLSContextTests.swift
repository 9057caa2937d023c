// TLS contexts and sessions: PEM files that load or do not (and why), and a handshake's non-blocking steps.

import Foundation
import Glibc
import Testing
import TwoDoSystem

@Suite("TLSContext and TLSSession", .serialized)
struct TLSContextTests {
    /// A fresh folder holding a self-signed P-256 certificate `cert.pem` (CN=`name`) and its key `key.pem`,
    /// made by the openssl command line tool.
    static func certificate(named name: String = "localhost") throws -> String {
        let folder = try Posix.makeTemporaryFolder(prefix: NSTemporaryDirectory() + "twodo-tls-")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
            "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem", "-subj", "/CN=\(name)",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw SystemError(call: "openssl req", errno: EINVAL) }
        return folder
    }

    @Test("a certificate and its key load; the subject and expiry are readable for the log")
    func loads() throws {
        let folder = try Self.certificate(named: "todo.example.org")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let context = try TLSContext(certificateChain: folder + "/cert.pem", privateKey: folder + "/key.pem")
        #expect(context.subject == "/CN=todo.example.org")
        #expect(context.notAfter.hasSuffix("Z") && context.notAfter.count == 20)
    }

    @Test("a missing file, a key of another certificate and a file that is no PEM fail, naming the file")
    func refusesBadFiles() throws {
        let first = try Self.certificate()
        let second = try Self.certificate()
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let missing = #expect(throws: TLSError.self) {
            _ = try TLSContext(certificateChain: first + "/nope.pem", privateKey: first + "/key.pem")
        }
        #expect(missing?.operation == "certificate \(first)/nope.pem")
        let mismatch = #expect(throws: TLSError.self) {
            _ = try TLSContext(certificateChain: first + "/cert.pem", privateKey: second + "/key.pem")
        }
        #expect(
            mismatch?.description.contains("does not match") == true || mismatch?.operation.hasPrefix("key") == true)
        try "not a certificate\n".write(toFile: first + "/junk.pem", atomically: true, encoding: .utf8)
        #expect(throws: TLSError.self) {
            _ = try TLSContext(certificateChain: first + "/junk.pem", privateKey: first + "/key.pem")
        }
    }

    @Test("a handshake with nothing sent waits for input; plain text instead of a ClientHello fails it")
    func handshakeSteps() throws {
        let folder = try Self.certificate()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let context = try TLSContext(certificateChain: folder + "/cert.pem", privateKey: folder + "/key.pem")
        let (server, client) = try Posix.socketPair()
        defer {
            Posix.close(server)
            Posix.close(client)
        }
        let session = try context.makeSession(fd: server)
        #expect(session.handshake() == .wants(.readable))
        #expect(!session.isEstablished)
        _ = try Array("ping\n".utf8).withUnsafeBytes { try Posix.write(client, $0) }
        guard case .failed(let error) = session.handshake() else {
            Issue.record("plain text was taken for a handshake")
            return
        }
        #expect(error.description.hasPrefix("tls handshake: "))
        #expect(!session.isEstablished)
    }
}
