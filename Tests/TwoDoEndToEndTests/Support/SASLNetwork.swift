// A real IRC network with services for the SASL tests: InspIRCd 3 (TLS by gnutls) linked to Atheme 7, on free
// loopback ports in a temporary folder, from Debian's packages.

import Foundation
import Glibc

/// InspIRCd with `m_sasl` and a TLS port, linked to Atheme's services (NickServ, SaslServ); `register` makes a
/// services account the way a person would, by messaging NickServ.
final class SASLNetwork: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    static let inspircd = "/usr/sbin/inspircd"
    static let atheme = "/usr/bin/atheme-services"
    static let athemeExample = "/usr/share/doc/atheme-services/examples/atheme.conf.example"

    /// Whether InspIRCd and Atheme are installed (`apt-get install inspircd atheme-services`).
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: inspircd) && FileManager.default.isExecutableFile(atPath: atheme)
            && (FileManager.default.fileExists(atPath: athemeExample)
                || FileManager.default.fileExists(atPath: athemeExample + ".gz"))
    }

    let directory: String
    let port: UInt16
    let tlsPort: UInt16
    let certificate: String
    private var processes: [Process] = []

    init() throws {
        directory = TestServer.makeDirectory()
        chmod(directory, 0o755)
        port = try TestServer.freePort()
        tlsPort = try TestServer.freePort()
        let linkPort = try TestServer.freePort()
        let paths = try TLSTools.certificate(in: directory)
        chmod(paths.key, 0o644)
        certificate = paths.certificate
        let d = directory
        let ircd = """
            <server name="irc.test" description="TwoDo test" network="TwoDoTest" id="1TD">
            <admin name="test" nick="test" email="test@localhost">
            <bind address="127.0.0.1" port="\(port)" type="clients">
            <bind address="127.0.0.1" port="\(tlsPort)" type="clients" ssl="Clients">
            <bind address="127.0.0.1" port="\(linkPort)" type="servers">
            <connect name="main" allow="*" maxchans="20" timeout="20" pingfreq="120" hardsendq="1M" softsendq="8192" recvq="8K" threshold="1000" commandrate="100000" fakelag="off" localmax="1000" globalmax="1000" useident="no" limit="5000" modes="">
            <link name="services.test" ipaddr="127.0.0.1" port="\(linkPort)" allowmask="127.0.0.0/8" sendpass="linkpw" recvpass="linkpw">
            <uline server="services.test" silent="yes">
            <module name="spanningtree">
            <module name="sasl">
            <module name="services_account">
            <module name="cap">
            <module name="ssl_gnutls">
            <sslprofile name="Clients" provider="gnutls" certfile="\(paths.certificate)" keyfile="\(paths.key)" hash="sha256" requestclientcert="no">
            <sasl target="services.test" requiressl="no">
            <pid file="\(d)/inspircd.pid">
            <log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="\(d)/ircd.log">
            <files motd="\(d)/motd.txt">
            <options prefixquit="Quit: " allowhalfop="no">
            <performance netbuffersize="10240" somaxconn="128" softlimit="1024" quietbursts="yes">
            <dns timeout="1">

            """
        try ircd.write(toFile: d + "/inspircd.conf", atomically: true, encoding: .utf8)
        try "TwoDo test\n".write(toFile: d + "/motd.txt", atomically: true, encoding: .utf8)
        var services: String
        if FileManager.default.fileExists(atPath: Self.athemeExample) {
            services = try String(contentsOfFile: Self.athemeExample, encoding: .utf8)
        } else {
            services = try TestServer.runBinary(["-dc", Self.athemeExample + ".gz"], executable: "/bin/gzip").stdout
        }
        services = services.replacingOccurrences(
            of: "#loadmodule \"modules/protocol/charybdis\";", with: "loadmodule \"modules/protocol/inspircd\";")
        services = services.replacingOccurrences(of: "name = \"services.int\";", with: "name = \"services.test\";")
        for head in ["uplink \"irc.example.net\" {", "uplink \"irc6.example.net\" {"] {
            if let start = services.range(of: head),
                let end = services.range(of: "\n};", range: start.upperBound..<services.endIndex)
            {
                services.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        services += """

            uplink "irc.test" {
            \thost = "127.0.0.1";
            \tsend_password = "linkpw";
            \treceive_password = "linkpw";
            \tport = \(linkPort);
            };

            """
        try services.write(toFile: d + "/atheme.conf", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: d + "/data", withIntermediateDirectories: true)
        try start(Self.inspircd, ["--runasroot", "--nofork", "--config=\(d)/inspircd.conf"], log: "ircd.out")
        try waitFor(port: port)
        try start(
            Self.atheme,
            ["-n", "-c", d + "/atheme.conf", "-D", d + "/data", "-l", d + "/atheme.log", "-p", d + "/atheme.pid"],
            log: "atheme.out")
        // Linked once Atheme has finished its burst with InspIRCd.
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if ((try? String(contentsOfFile: d + "/atheme.log", encoding: .utf8)) ?? "").contains("finished synching") {
                return
            }
            usleep(50_000)
        }
        stop()
        throw TestServerError.unexpected("Atheme never linked to InspIRCd: \(log)")
    }

    /// InspIRCd's and Atheme's logs.
    var log: String {
        ["ircd.out", "ircd.log", "atheme.out", "atheme.log"].map {
            (try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
    }

    private func start(_ binary: String, _ arguments: [String], log: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        FileManager.default.createFile(atPath: directory + "/" + log, contents: Data())
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/" + log))
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        processes.append(p)
    }

    private func waitFor(port: UInt16) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? LineClient(port: port)) != nil { return }
            usleep(50_000)
        }
        throw TestServerError.unexpected("InspIRCd did not listen: \(log)")
    }

    /// Registers a services account `name` with `password` through NickServ, as a person on IRC would.
    func register(_ name: String, password: String) throws {
        let script = """
            import socket, sys, time
            s = socket.create_connection(('127.0.0.1', \(port))); s.settimeout(1)
            def send(l): s.sendall((l + '\\r\\n').encode())
            send('NICK \(name)'); send('USER a 0 * :a')
            buf = ''; end = time.time() + 10
            while time.time() < end and ' 376 ' not in buf and ' 422 ' not in buf:
                try: buf += s.recv(65536).decode(errors='replace')
                except socket.timeout: pass
            send('PRIVMSG NickServ :REGISTER \(password) \(name)@example.org')
            end = time.time() + 10
            while time.time() < end and 'is now registered' not in buf:
                try: buf += s.recv(65536).decode(errors='replace')
                except socket.timeout: pass
            send('QUIT :done')
            print('registered' if 'is now registered' in buf else buf)
            """
        try script.write(toFile: directory + "/register.py", atomically: true, encoding: .utf8)
        let r = try TestServer.runBinary(["python3", directory + "/register.py"], executable: "/usr/bin/env")
        guard r.stdout.contains("registered") else {
            throw TestServerError.unexpected("NickServ did not register \(name): \(r.stdout)\(r.stderr)")
        }
    }

    /// Ends both daemons: SIGTERM, then SIGKILL for one still there after two seconds.
    func stop() {
        for p in processes where p.isRunning { Glibc.kill(p.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(2)
        while processes.contains(where: \.isRunning) && Date() < deadline { usleep(20_000) }
        for p in processes where p.isRunning { Glibc.kill(p.processIdentifier, SIGKILL) }
        processes = []
    }

    deinit { stop() }
}
