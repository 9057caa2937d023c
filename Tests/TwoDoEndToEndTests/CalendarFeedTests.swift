// End to end: the calendar feed over HTTP (`--http-port`), fetched with curl and read back by a real
// iCalendar parser; a partner's change in the next fetch; 304s; new and revoked links; and the port's
// refusals of everything else, from a hostile client's side.

import Foundation
import Testing

private let icalendarAvailable: Bool = {
    guard let r = try? TestServer.runBinary(["python3", "-c", "import icalendar"], executable: "/usr/bin/env") else {
        return false
    }
    return r.status == 0
}()

private let curlAvailable: Bool = {
    (try? TestServer.runBinary(["curl", "--version"], executable: "/usr/bin/env"))?.status == 0
}()

@Suite(
    "calendar feed over HTTP", .serialized, .timeLimit(.minutes(2)),
    .enabled(if: curlAvailable, "curl is missing: apt-get install curl"))
struct CalendarFeedTests {
    struct Fetched {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// The feed's port, from the server's `feed listening` log line.
    static func feedPort(_ server: TestServer) throws -> UInt16 {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let range = server.log.range(of: "msg=\"feed listening\" host=127.0.0.1 port=") {
                if let port = UInt16(server.log[range.upperBound...].prefix(while: \.isNumber)) { return port }
            }
            usleep(20_000)
        }
        throw FeedTestError.noFeedPort(server.log)
    }

    /// `curl` the URL (with `arguments` before it); the status, headers (lowercased names) and body.
    static func fetch(_ url: String, _ arguments: [String] = []) throws -> Fetched {
        let dir = TestServer.makeDirectory()
        let r = try TestServer.runBinary(
            ["curl", "-s", "--max-time", "10", "-D", dir + "/headers", "-o", dir + "/body"] + arguments + [url],
            executable: "/usr/bin/env")
        #expect(r.status == 0, "curl: \(r.stderr)")
        let raw = (try? String(contentsOfFile: dir + "/headers", encoding: .utf8)) ?? ""
        var headers: [String: String] = [:]
        var status = 0
        for line in raw.split(separator: "\r\n") {
            if line.hasPrefix("HTTP/") {
                status = Int(line.split(separator: " ")[1]) ?? 0
            } else if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        let body = (try? String(contentsOfFile: dir + "/body", encoding: .utf8)) ?? ""
        return Fetched(status: status, headers: headers, body: body)
    }

    /// The SUMMARY of every VEVENT and VTODO as `icalendar` reads them, with each event's start, sorted.
    static func summaries(_ ics: String) throws -> [String] {
        let (status, output) = try CalendarICSTests.check(
            ics,
            with: """
                import sys, icalendar
                cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                rows = []
                for c in cal.walk():
                    if c.name in ('VEVENT', 'VTODO'):
                        start = c.get('DTSTART') or c.get('DUE')
                        rows.append('%s %s %s' % (c.name, c.get('SUMMARY'), start.dt.isoformat() if start else '-'))
                print('\\n'.join(sorted(rows)))
                """)
        #expect(status == 0, "\(output)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test(
        "a partner's change is in the next fetch, an unchanged calendar answers 304, a new link ends the old one",
        .enabled(if: icalendarAvailable, "python3's icalendar module is missing: pip install icalendar"))
    func feedFollowsChanges() throws {
        let server = try TestServer(extraArguments: ["--http-port", "0"])
        let port = try Self.feedPort(server)
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Berlin")
        try alice.ok([
            "event add dentist friday 10:00", "add pay rent tomorrow 9am", "routine add gym every monday 7pm",
        ])
        let link = try alice.ok("calendar link")
        #expect(link.code == "calendar.link")
        let url = try #require(link.data["url"] as? String)
        #expect(url.hasPrefix("http://127.0.0.1:\(port)/cal/") && url.hasSuffix(".ics"))
        #expect(link.data["webcal"] as? String == "webcal://" + url.dropFirst("http://".count))

        let first = try Self.fetch(url)
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "text/calendar; charset=utf-8")
        let tag = try #require(first.headers["etag"])
        #expect(
            try Self.summaries(first.body) == [
                "VEVENT dentist 2026-11-27T10:00:00+01:00", "VEVENT gym 2026-11-23T19:00:00+01:00",
                "VTODO pay rent 2026-11-23T09:00:00+01:00",
            ])
        // Unchanged: the phone's copy stands (DTSTAMP alone does not change the tag).
        #expect(try Self.fetch(url, ["-H", "If-None-Match: \(tag)"]).status == 304)
        #expect(try Self.fetch(url, ["-I"]).status == 200)

        // Bob adds an event in Istanbul time: alice's next fetch has it, in its own zone.
        try bob.ok(["tz Europe/Istanbul", "event add concert saturday 8pm"])
        let second = try Self.fetch(url, ["-H", "If-None-Match: \(tag)"])
        #expect(second.status == 200)
        #expect(second.headers["etag"] != tag)
        #expect(try Self.summaries(second.body).contains("VEVENT concert 2026-11-28T20:00:00+03:00"))

        // A new link ends the old one; revoking ends the new one; bob's link is his own, in Turkish.
        let renewed = try #require(try alice.ok("calendar link").data["url"] as? String)
        #expect(renewed != url)
        #expect(try Self.fetch(url).status == 404)
        #expect(try Self.fetch(renewed).status == 200)
        let revoked = try alice.ok("calendar link revoke")
        #expect(revoked.code == "calendar.link_revoked")
        #expect(revoked.data["had"] as? Bool == true)
        #expect(try Self.fetch(renewed).status == 404)
        #expect(try alice.ok("calendar link revoke").data["had"] as? Bool == false)
        try bob.ok("lang tr")
        let turkish = try bob.ok("takvim bağlantısı")
        #expect(turkish.code == "calendar.link")
        #expect(turkish.text.contains("Takvim bağlantın"))
        #expect(try Self.fetch(try #require(turkish.data["url"] as? String)).status == 200)
        #expect(try bob.json("takvim bağlantısı iptal").code == "calendar.link_revoked")
    }

    @Test("the port serves nothing else: other paths and methods, guessed secrets, an overlong head, stalled clients")
    func hostileClients() throws {
        let server = try TestServer(extraArguments: ["--http-port", "0"])
        let port = try Self.feedPort(server)
        let alice = try server.user("alice")
        let url = try #require(try alice.ok("calendar link").data["url"] as? String)
        let base = "http://127.0.0.1:\(port)"
        for path in [
            "/", "/cal/", "/cal", "/cal/../../etc/passwd", "/cal/%2e%2e/x.ics", "/index.html",
            "/cal/" + String(repeating: "a", count: 64) + ".ics", "/cal/" + String(repeating: "A", count: 64) + ".ics",
            String(url.dropFirst(base.count).dropLast(4)), String(url.dropFirst(base.count)) + "/x",
        ] {
            #expect(try Self.fetch(base + path, ["--path-as-is"]).status == 404, "\(path)")
        }
        #expect(try Self.fetch(url, ["-X", "POST"]).status == 405)
        #expect(try Self.fetch(url, ["-X", "DELETE"]).headers["allow"] == "GET, HEAD")
        #expect(try Self.fetch(url, ["-H", "X-Big: " + String(repeating: "x", count: 9000)]).status == 431)
        // Clients that connect and send nothing, or half a head, are closed by the deadline; meanwhile (and
        // after) the feed still answers, and the line server never noticed.
        let script = """
            import socket, sys, time, urllib.request
            port = int(sys.argv[1]); url = sys.argv[2]
            stalled = []
            for i in range(6):
                s = socket.create_connection(('127.0.0.1', port)); stalled.append(s)
                if i % 2: s.sendall(b'GET /cal/')
            assert urllib.request.urlopen(url, timeout=5).status == 200
            start = time.time()
            for s in stalled:
                s.settimeout(10)
                assert s.recv(100) == b'', 'stalled client got data'
            waited = time.time() - start
            assert waited < 8, waited
            assert urllib.request.urlopen(url, timeout=5).status == 200
            print('ok', round(waited, 1))
            """
        let dir = TestServer.makeDirectory()
        try script.write(toFile: dir + "/stall.py", atomically: true, encoding: .utf8)
        let r = try TestServer.runBinary(["python3", dir + "/stall.py", "\(port)", url], executable: "/usr/bin/env")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(try alice.json("ping").code == "pong")
    }

    @Test(
        "with --http-tls the feed is https with the server's certificate, verified by curl against it",
        .enabled(if: TLSTools.has("openssl"), "openssl is missing"))
    func feedOverTLS() throws {
        let folder = TestServer.makeDirectory()
        let paths = try TLSTools.certificate(in: folder)
        let server = try TestServer(
            databasePath: folder + "/twodo.sqlite",
            extraArguments: [
                "--tls-port", "0", "--tls-cert", paths.certificate, "--tls-key", paths.key, "--http-port", "0",
                "--http-tls",
            ], plainPort: true)
        let port = try Self.feedPort(server)
        let alice = try server.user("alice")
        try alice.ok("event add dentist friday 10:00")
        let url = try #require(try alice.ok("calendar link").data["url"] as? String)
        #expect(url.hasPrefix("https://127.0.0.1:\(port)/cal/"))
        let fetched = try Self.fetch(url, ["--cacert", paths.certificate])
        #expect(fetched.status == 200)
        #expect(fetched.body.contains("SUMMARY:dentist"))
        // Plain HTTP to the TLS port is no request: the connection ends, nothing is served.
        let plain = try TestServer.runBinary(
            ["curl", "-s", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/"],
            executable: "/usr/bin/env")
        #expect(plain.stdout == "000")
        #expect(try Self.fetch(url, ["--cacert", paths.certificate]).status == 200)
        let refused = try TestServer.runBinary(
            ["serve", "--db", folder + "/other.sqlite", "--port", "0", "--http-port", "0", "--http-tls"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--http-tls needs"))
    }

    @Test("without --http-port, calendar link says the operator has not turned feeds on, in both languages")
    func feedsOff() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let off = try alice.json("calendar link")
        #expect(off.code == "error.feed_disabled")
        #expect(off.text.contains("--http-port"))
        try alice.ok("lang tr")
        #expect(try alice.json("takvim bağlantısı").text.contains("takvim bağlantıları açık değil"))
    }
}

enum FeedTestError: Error {
    case noFeedPort(String)
}

@Suite("inbox <n> opens what a notification is about", .serialized, .timeLimit(.minutes(2)))
struct InboxOpenTests {
    @Test("bob, back online, opens alice's event and task from his inbox by number, in English and Turkish")
    func opensItems() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        #expect(try bob.json("quit").code == "bye")
        try alice.ok(["add buy milk tomorrow 9am", "event add dentist friday 10:00", "say hi"])
        let back = try server.login("bob")
        let inbox = try back.ok("inbox").data["notifications"] as? [[String: Any]] ?? []
        #expect(inbox.count == 3)
        // Newest first: the chat line, the event, the task.
        let event = try back.json("inbox 2")
        #expect(event.code == "event.info")
        #expect(event.text.contains("dentist"))
        let task = try back.json("inbox open 3")
        #expect(task.code == "task.info")
        #expect(task.text.contains("buy milk"))
        let chat = try back.json("inbox 1")
        #expect(chat.code == "error.not_found")
        #expect(try back.json("inbox 9").code == "error.not_found")
        // Opened rows are read.
        let after = try back.ok("inbox").data["notifications"] as? [[String: Any]] ?? []
        #expect(after.compactMap { $0["unread"] as? Bool } == [false, false, false])
        try back.ok("lang tr")
        #expect(try back.json("bildirimler aç 2").code == "event.info")
        // Deleted since: the row stays, the item is gone.
        try alice.ok("event delete dentist")
        #expect(try back.json("bildirimler 2").code == "error.not_found")
        #expect(try back.json("bildirimler 3").code == "task.info")
    }
}
