// End to end: the IRC bridge over TLS to a real ngircd (verified against its certificate, or pinned), a
// certificate it must refuse, and SASL PLAIN against a scripted IRCv3 server over TLS.

import Foundation
import Glibc
import Testing

@Suite(
    "The IRC bridge over TLS and with SASL", .serialized, .timeLimit(.minutes(2)),
    .enabled(
        if: IRCTestServer.isAvailable && TLSTools.has("openssl") && TLSTools.has("python3"),
        "ngircd, openssl or python3 is missing: IRC TLS tests skipped"))
struct BridgeIRCSecurityTests {
    /// A certificate for 127.0.0.1 that ngircd (dropping to `nobody` when run as root) can read.
    static func certificate() throws -> (folder: String, certificate: String, key: String) {
        let folder = TestServer.makeDirectory()
        chmod(folder, 0o755)
        let paths = try TLSTools.certificate(in: folder)
        chmod(paths.key, 0o644)
        return (folder, paths.certificate, paths.key)
    }

    /// The SHA-256 fingerprint of a PEM certificate, as `openssl x509 -fingerprint` prints it.
    static func fingerprint(_ certificate: String) throws -> String {
        let r = try TestServer.runBinary(
            ["x509", "-noout", "-fingerprint", "-sha256", "-in", certificate], executable: "/usr/bin/openssl")
        return String(r.stdout.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("over TLS, verified against ngircd's certificate: partners register, pair and hear each other")
    func verifiedTLS() throws {
        let cert = try Self.certificate()
        let irc = try IRCTestServer(tls: (cert.certificate, cert.key))
        let twodo = try TestServer()
        let bridge = try BridgeProcess(
            ircPort: try #require(irc.tlsPort), twodoPort: twodo.port, directory: irc.directory,
            extraArguments: ["--tls", "--tls-ca", cert.certificate])
        let alice = try irc.client("alice")
        let bob = try irc.client("bob")
        #expect(try alice.ask("twodo", "register alice plover-nyvpr-27").contains("alice"))
        #expect(try bob.ask("twodo", "register bob plover-obo-27").contains("bob"))
        let reply = try alice.ask("twodo", "couple create", expecting: "-")
        let code = String(
            try #require(reply.firstMatch(of: #/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/#)).output)
        #expect(try bob.ask("twodo", "couple join \(code)").contains("alice"))
        _ = try alice.message(from: "twodo", notice: true, containing: "bob")
        Thread.sleep(forTimeInterval: 1.1)
        try alice.say("twodo", "add milk")
        #expect(try bob.message(from: "twodo", notice: true, containing: "milk", timeout: 3).text.contains("alice"))
        #expect(bridge.log.contains("msg=bridge.irc_connected"))
    }

    @Test("a pinned fingerprint connects; a wrong pin or an unknown authority is refused, never plain text")
    func pinnedAndRefused() throws {
        let cert = try Self.certificate()
        let irc = try IRCTestServer(tls: (cert.certificate, cert.key))
        let twodo = try TestServer()
        let port = try #require(irc.tlsPort)
        let pinned = try BridgeProcess(
            ircPort: port, twodoPort: twodo.port, nick: "pinned", channel: nil, directory: irc.directory,
            extraArguments: ["--tls", "--tls-fingerprint", try Self.fingerprint(cert.certificate)])
        #expect(pinned.log.contains("msg=bridge.irc_registered"))
        let wrong = try BridgeProcess(
            ircPort: port, twodoPort: twodo.port, nick: "wrongpin", channel: nil, directory: irc.directory,
            extraArguments: ["--tls", "--tls-fingerprint", String(repeating: "ab", count: 32)],
            waitForRegistration: false)
        try wrong.waitForLog("is not the pinned", count: 1, timeout: 10)
        // The system's authorities do not know a self-signed certificate.
        let unknown = try BridgeProcess(
            ircPort: port, twodoPort: twodo.port, nick: "noca", channel: nil, directory: irc.directory,
            extraArguments: ["--tls"], waitForRegistration: false)
        try unknown.waitForLog("msg=bridge.irc_connect_failed", count: 1, timeout: 10)
        #expect(unknown.log.contains("self-signed") || unknown.log.contains("self signed"), "\(unknown.log)")
        #expect(!wrong.log.contains("irc_registered") && !unknown.log.contains("irc_registered"))
        // TLS to the plain port: the handshake fails, and the bridge does not talk plain text instead.
        let plain = try BridgeProcess(
            ircPort: irc.port, twodoPort: twodo.port, nick: "plainport", channel: nil, directory: irc.directory,
            extraArguments: ["--tls", "--tls-ca", cert.certificate], waitForRegistration: false)
        // ngircd waits for a line that never comes: the handshake's 10 s receive timeout ends it.
        try plain.waitForLog("msg=bridge.irc_connect_failed", count: 1, timeout: 20)
        #expect(!plain.log.contains("irc_registered"))
    }

    /// An IRCv3 server over TLS that speaks just enough for registration with SASL PLAIN: it prints the
    /// decoded credentials it received and accepts only `account`/`password`.
    static let saslServer = #"""
        import socket, ssl, sys, base64
        port, cert, key, account, password = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); context.load_cert_chain(cert, key)
        listener = socket.socket(); listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(('127.0.0.1', port)); listener.listen(5)
        print('ready', flush=True)
        while True:
            raw, _ = listener.accept()
            try:
                conn = context.wrap_socket(raw, server_side=True)
                f = conn.makefile('rwb')
                def send(line): f.write((line + '\r\n').encode()); f.flush()
                for line in f:
                    line = line.decode().rstrip('\r\n'); print('<', line, flush=True)
                    words = line.split(' ')
                    if line.startswith('CAP LS'): send(':irc.test CAP * LS :multi-prefix sasl=PLAIN,EXTERNAL')
                    elif line.startswith('CAP REQ'): send(':irc.test CAP * ACK :sasl')
                    elif line == 'AUTHENTICATE PLAIN': send('AUTHENTICATE +')
                    elif words[0] == 'AUTHENTICATE':
                        got = base64.b64decode(words[1]).split(b'\0')
                        print('credentials', got, flush=True)
                        if got[1:] == [account.encode(), password.encode()]:
                            send(':irc.test 900 twodo twodo!twodo@x ' + account + ' :You are now logged in')
                            send(':irc.test 903 twodo :SASL authentication successful')
                        else: send(':irc.test 904 twodo :SASL authentication failed')
                    elif line == 'CAP END': send(':irc.test 001 twodo :Welcome'); send(':irc.test 376 twodo :End of MOTD')
                    elif words[0] == 'PING': send(':irc.test PONG irc.test :' + words[-1])
            except Exception as e:
                print('closed', e, flush=True)
        """#

    @Test("SASL PLAIN over TLS: the account and password from the environment, refused ones drop the connection")
    func saslPlain() throws {
        let cert = try Self.certificate()
        let port = try TestServer.freePort()
        try Self.saslServer.write(toFile: cert.folder + "/sasl.py", atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [cert.folder + "/sasl.py", "\(port)", cert.certificate, cert.key, "twodobot", "s3cret-pw"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        defer { Glibc.kill(server.processIdentifier, SIGKILL) }
        let transcript = Transcript(output.fileHandleForReading)
        #expect(transcript.wait(for: "ready", timeout: 10))
        let twodo = try TestServer()
        let good = try BridgeProcess(
            ircPort: port, twodoPort: twodo.port, channel: nil, directory: cert.folder,
            extraArguments: ["--tls", "--tls-ca", cert.certificate, "--sasl-account", "twodobot"],
            environment: ["TWODO_IRC_SASL_PASSWORD": "s3cret-pw"])
        #expect(good.log.contains("msg=bridge.sasl_ok"))
        #expect(
            transcript.wait(for: #"credentials [b'', b'twodobot', b's3cret-pw']"#, timeout: 5), "\(transcript.text)")
        // SASL comes before the welcome: CAP LS first, CAP END only after 903.
        let lines = transcript.text.split(separator: "\n").filter { $0.hasPrefix("< ") }
        #expect(lines.first == "< CAP LS 302")
        good.process.terminate()
        let bad = try BridgeProcess(
            ircPort: port, twodoPort: twodo.port, nick: "twodo", channel: nil, directory: cert.folder,
            extraArguments: ["--tls", "--tls-ca", cert.certificate, "--sasl-account", "twodobot"],
            environment: ["TWODO_IRC_SASL_PASSWORD": "wrong"], waitForRegistration: false)
        try bad.waitForLog("SASL login failed (904)", count: 1, timeout: 10)
        #expect(!bad.log.contains("irc_registered"))
        #expect(!bad.log.contains("wrong"), "the password reached the log")
    }

    @Test(
        "SASL PLAIN against InspIRCd and Atheme over TLS: the bot logs in to its NickServ account; a wrong password never registers",
        .enabled(if: SASLNetwork.isAvailable, "inspircd or atheme-services is missing: the real SASL test is skipped"))
    func saslAgainstAtheme() throws {
        let network = try SASLNetwork()
        try network.register("twodobot", password: "s3cret-pw")
        let twodo = try TestServer()
        let bridge = try BridgeProcess(
            ircPort: network.tlsPort, twodoPort: twodo.port, nick: "twodobot", channel: nil,
            directory: network.directory,
            extraArguments: ["--tls", "--tls-ca", network.certificate, "--sasl-account", "twodobot"],
            environment: ["TWODO_IRC_SASL_PASSWORD": "s3cret-pw"])
        #expect(bridge.log.contains("msg=bridge.sasl_ok account=twodobot"), "\(bridge.log)")
        bridge.process.terminate()
        let refused = try BridgeProcess(
            ircPort: network.tlsPort, twodoPort: twodo.port, nick: "intruder", channel: nil,
            directory: network.directory,
            extraArguments: ["--tls", "--tls-ca", network.certificate, "--sasl-account", "twodobot"],
            environment: ["TWODO_IRC_SASL_PASSWORD": "not-the-password"], waitForRegistration: false)
        try refused.waitForLog("SASL login failed (904)", count: 1, timeout: 15)
        #expect(!refused.log.contains("irc_registered"))
    }

    @Test("SASL PLAIN without TLS, or without its password, is refused before anything connects")
    func saslNeedsTLS() throws {
        let noTLS = try TestServer.runBinary(["bridge", "irc", "--irc", "127.0.0.1:1", "--sasl-account", "bot"])
        #expect(noTLS.status == 64)
        #expect(noTLS.stderr.contains("--sasl-account needs --tls"))
        let noPassword = try TestServer.runBinary([
            "bridge", "irc", "--irc", "127.0.0.1:1", "--tls", "--sasl-account", "bot",
        ])
        #expect(noPassword.status == 64)
        #expect(noPassword.stderr.contains("TWODO_IRC_SASL_PASSWORD"))
        let flag = try TestServer.runBinary(["bridge", "irc", "--irc", "127.0.0.1:1", "--sasl-password", "x"])
        #expect(flag.status == 64)
    }
}
