// The server's own TLS port (issue 29): python's ssl, openssl s_client, ncat and socat as clients; broken,
// stalled, old and many clients; the certificate reloaded on SIGHUP; the CLI's TLS flags.

import Foundation
import Glibc
import Testing

@Suite(
    "Native TLS", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: TLSTools.has("openssl") && TLSTools.has("python3"), "skipped: needs the openssl tool and python3"))
struct TLSTests {
    @Test("two partners on python's ssl register, pair and see each other's live events on a TLS-only server")
    func partnersOverPythonSSL() throws {
        let (server, certificate) = try TLSTools.server()
        #expect(server.tlsPort == server.port, "no plain port without --port")
        let script = """
            port, ca = int(sys.argv[1]), sys.argv[2]
            alice, bob = Client(port, ca), Client(port, ca)
            print("greeting", alice.greeting.startswith("Welcome to TwoDo"))
            print("version", alice.sock.version())
            for client, name, password in ((alice, "alice", sys.argv[3]), (bob, "bob", sys.argv[4])):
                client.command("json on")
                assert client.json(f"register {name} {password}")["ok"]
            code = alice.json("couple create")["data"]["code"]
            assert bob.json(f"couple join {code}")["ok"]
            print("joined", alice.event()["event"])
            print("added", alice.json("add buy milk")["ok"])
            event = bob.event()
            print("event", event["event"], "buy milk" in event["text"])
            """
        let result = try TLSTools.python(
            script, ["\(server.port)", certificate, TestServer.password("alice"), TestServer.password("bob")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("greeting True"))
        #expect(result.stdout.contains("version TLSv1.3"))
        #expect(result.stdout.contains("joined couple.joined"))
        #expect(result.stdout.contains("event task.added True"))
        #expect(waitFor(in: server, "msg=tls "))
    }

    @Test("openssl s_client -quiet speaks the line protocol, verified against the certificate")
    func opensslClient() throws {
        let (server, certificate) = try TLSTools.server()
        let client = try PipeClient(
            "openssl",
            [
                "s_client", "-quiet", "-connect", "127.0.0.1:\(server.port)", "-CAfile", certificate,
                "-verify_return_error",
            ])
        #expect(try client.readLine().hasPrefix("Welcome to TwoDo"))
        #expect(try client.command("ping") == "pong")
        #expect(try client.command("register carol \(TestServer.password("carol"))").contains("carol"))
    }

    @Test(
        "ncat --ssl and socat OPENSSL: connect and are answered",
        .enabled(if: TLSTools.has("ncat") && TLSTools.has("socat"), "skipped: apt-get install ncat socat"))
    func ncatAndSocat() throws {
        let (server, certificate) = try TLSTools.server()
        let ncat = try PipeClient(
            "ncat", ["--ssl", "--ssl-verify", "--ssl-trustfile", certificate, "localhost", "\(server.port)"])
        #expect(try ncat.readLine().hasPrefix("Welcome to TwoDo"))
        #expect(try ncat.command("ping") == "pong")
        let socat = try PipeClient("socat", ["-", "OPENSSL:127.0.0.1:\(server.port),cafile=\(certificate)"])
        #expect(try socat.readLine().hasPrefix("Welcome to TwoDo"))
        #expect(try socat.command("ping") == "pong")
    }

    @Test("plain text sent to the TLS port is closed at once; TLS and plain clients are served meanwhile")
    func badHandshake() throws {
        let (server, certificate) = try TLSTools.server(plainPort: true)
        let tlsPort = try #require(server.tlsPort)
        let garbage = try LineClient(port: tlsPort)
        try garbage.send("ping")
        #expect(garbage.isClosedByServer(within: 3))
        let result = try TLSTools.python(
            "print(Client(int(sys.argv[1]), sys.argv[2]).command('ping'))", ["\(tlsPort)", certificate])
        #expect(result.stdout == "pong\n", "\(result.stderr)")
        #expect(try server.connect().command("ping") == "pong")
        #expect(waitFor(in: server, "tls handshake: wrong version number"))
    }

    @Test("clients that stall mid-handshake are closed after the deadline; others are served while they wait")
    func stalledHandshakes() throws {
        let (server, certificate) = try TLSTools.server(
            extraArguments: ["--tls-handshake-timeout", "3"], plainPort: true)
        let tlsPort = try #require(server.tlsPort)
        let started = Date()
        let silent = try LineClient(port: tlsPort)
        let half = try LineClient(port: tlsPort)
        // A handshake record header announcing 512 bytes, then a third of them.
        try half.send(
            bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]
                + [UInt8](repeating: 7, count: 160))
        let result = try TLSTools.python(
            "print(Client(int(sys.argv[1]), sys.argv[2]).command('ping'))", ["\(tlsPort)", certificate])
        #expect(result.stdout == "pong\n", "\(result.stderr)")
        #expect(try server.connect().command("ping") == "pong")
        // Seconds, not milliseconds, of margin: the whole suite runs beside this test.
        #expect(Date().timeIntervalSince(started) < 3, "served before the stalled clients' deadline")
        #expect(silent.isClosedByServer(within: 6))
        #expect(half.isClosedByServer(within: 6))
        #expect(Date().timeIntervalSince(started) >= 3, "not before their deadline")
        #expect(waitFor(in: server, "tls handshake timeout"))
    }

    @Test("fifty TLS clients handshake at once and are each answered")
    func manyAtOnce() throws {
        let (server, certificate) = try TLSTools.server()
        let script = """
            port, ca, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
            barrier = threading.Barrier(count)
            answers = []
            clients = []
            def run():
                barrier.wait()
                client = Client(port, ca)
                clients.append(client)
                answers.append(client.command("ping"))
            threads = [threading.Thread(target=run) for _ in range(count)]
            for thread in threads: thread.start()
            for thread in threads: thread.join()
            print("pongs", answers.count("pong"))
            """
        let result = try TLSTools.python(script, ["\(server.port)", certificate, "50"])
        #expect(result.stdout.contains("pongs 50"), "\(result.stdout) \(result.stderr)")
    }

    @Test("input left inside OpenSSL by a full read buffer is read without waiting for epoll")
    func burstPastTheReadBuffer() throws {
        let (server, certificate) = try TLSTools.server(extraArguments: ["--rate-limit", "0"])
        // One 5-byte record, then 13,107 pings (65,535 bytes) in 16 KiB records: a 64 KiB read ends inside the
        // last record, whose tail stays in OpenSSL with the socket empty, so epoll never reports it.
        let script = """
            client = Client(int(sys.argv[1]), sys.argv[2])
            for round in range(6):
                client.sock.sendall(b"ping\\n")
                client.sock.sendall(b"ping\\n" * 13107)
                pongs = 0
                while pongs < 13108:
                    if client.line() == "pong":
                        pongs += 1
                print("round", round, pongs)
            """
        let result = try TLSTools.python(script, ["\(server.port)", certificate], timeout: 60)
        #expect(result.stdout.contains("round 5 13108"), "\(result.stdout) \(result.stderr)")
    }

    @Test("a client that offers only TLS 1.1 is refused with a protocol-version alert")
    func refusesTLS11() throws {
        let (server, _) = try TLSTools.server()
        let result = try TestServer.runBinary(
            ["s_client", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0", "-connect", "127.0.0.1:\(server.port)"],
            timeout: 10, executable: "/usr/bin/openssl")
        #expect(result.status != 0)
        #expect(result.stdout.contains("Cipher is (NONE)") || result.stderr.contains("alert"))
        #expect(waitFor(in: server, "tls handshake: unsupported protocol"))
    }

    @Test("TLS and plain clients of one address share --max-per-address; a TLS client past it is closed")
    func sharedLimits() throws {
        let (server, certificate) = try TLSTools.server(extraArguments: ["--max-per-address", "2"], plainPort: true)
        let script = """
            port, ca, plain = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
            held = [Client(port, ca), Client(port, ca)]
            try:
                Client(port, ca)
                print("third admitted")
            except (OSError, EOFError, ssl.SSLError):
                print("third refused")
            print("plain", socket.create_connection(("127.0.0.1", plain), timeout=5).recv(200).decode().strip())
            """
        let result = try TLSTools.python(script, ["\(try #require(server.tlsPort))", certificate, "\(server.port)"])
        #expect(result.stdout.contains("third refused"), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("plain Too many connections"), "\(result.stdout)")
    }

    @Test("SIGHUP: new connections get the renewed certificate, open ones keep going, a bad file keeps the old one")
    func reloadOnSIGHUP() throws {
        let folder = TestServer.makeDirectory()
        let paths = try TLSTools.certificate(in: folder, name: "first")
        let server = try TestServer(
            databasePath: folder + "/twodo.sqlite",
            extraArguments: ["--tls-port", "0", "--tls-cert", paths.certificate, "--tls-key", paths.key],
            plainPort: false)
        let open = try PipeClient("openssl", ["s_client", "-quiet", "-connect", "127.0.0.1:\(server.port)"])
        #expect(try open.readLine().hasPrefix("Welcome to TwoDo"))
        #expect(try subject(port: server.port) == "subject=CN = first")

        try TLSTools.certificate(in: folder, name: "second")
        Glibc.kill(server.process.processIdentifier, SIGHUP)
        #expect(waitFor(in: server, "msg=\"tls reloaded\""))
        #expect(try subject(port: server.port) == "subject=CN = second")
        #expect(try open.command("ping") == "pong", "the connection opened before the reload keeps working")

        try "not a certificate\n".write(toFile: paths.certificate, atomically: true, encoding: .utf8)
        Glibc.kill(server.process.processIdentifier, SIGHUP)
        #expect(waitFor(in: server, "tls reload failed"))
        #expect(try subject(port: server.port) == "subject=CN = second")
        #expect(server.process.isRunning)
    }

    @Test("the CLI: --tls-port without files is a usage error; a certificate that does not load fails the start")
    func commandLine() throws {
        let folder = TestServer.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let usage = try TestServer.runBinary(["serve", "--db", folder + "/x.sqlite", "--tls-port", "0"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--tls-port needs --tls-cert <pem> and --tls-key <pem>"))
        let stray = try TestServer.runBinary(["serve", "--db", folder + "/x.sqlite", "--tls-cert", "c.pem"])
        #expect(stray.status == 64)
        let missing = try TestServer.runBinary([
            "serve", "--db", folder + "/x.sqlite", "--port", "0", "--tls-port", "0", "--tls-cert", folder + "/none.pem",
            "--tls-key", folder + "/none-key.pem",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("tls certificate \(folder)/none.pem"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.sqlite"), "nothing written before the TLS check")
    }

    /// The subject line `openssl s_client` prints for the certificate the server at `port` presents.
    private func subject(port: UInt16) throws -> String {
        let client = try PipeClient("openssl", ["s_client", "-connect", "127.0.0.1:\(port)"])
        while true {
            let line = try client.readLine()
            if line.hasPrefix("subject=") { return line }
        }
    }

    /// Whether `text` shows up in the server's log within 5 s (the log reaches its file from a background reader).
    private func waitFor(in server: TestServer, _ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if server.log.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }
}
