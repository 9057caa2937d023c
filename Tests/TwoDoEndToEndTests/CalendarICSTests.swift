// End to end: `export ics` read back by a real iCalendar parser (PyPI's `icalendar`), every field checked;
// the human form's folded lines; and a big space's export streamed whole.

import Foundation
import Testing

/// Whether `python3 -c 'import icalendar'` works (`.ci/run` installs it; without it these tests are skipped).
private let icalendarAvailable: Bool = {
    guard let r = try? TestServer.runBinary(["python3", "-c", "import icalendar"], executable: "/usr/bin/env") else {
        return false
    }
    return r.status == 0
}()

@Suite("export ics over TCP", .serialized, .timeLimit(.minutes(2)))
struct CalendarICSTests {
    /// Runs `script` with `python3` on `ics` written to a file; returns the exit status and output.
    static func check(_ ics: String, with script: String) throws -> (Int32, String) {
        let dir = TestServer.makeDirectory()
        let icsPath = dir + "/export.ics"
        let scriptPath = dir + "/check.py"
        try ics.write(toFile: icsPath, atomically: true, encoding: .utf8)
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let r = try TestServer.runBinary(["python3", scriptPath, icsPath], executable: "/usr/bin/env")
        return (r.status, r.stdout + r.stderr)
    }

    @Test(
        "events with recurrence, exceptions, reminders and descriptions, routines and dated tasks, in zones",
        .enabled(if: icalendarAvailable, "python3's icalendar module is missing: pip install icalendar"))
    func everyField() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Berlin")
        try bob.ok("lang tr")
        try bob.ok("tz Europe/Istanbul")
        try alice.ok([
            "event add dinner with Sam friday 7pm-9pm at Luigi's, Main St; 2nd floor remind 1h before",
            #"describe event dinner with Sam: bring wine, cheese; and a \ backslash"#,
            "event add yoga every monday 6pm remind 15 minutes before",
            "event move yoga this Nov 24 8pm",
            "event delete yoga this Nov 30",
            "event add trip Dec 10 - Dec 12 remind 1d before",
            "event add conference Dec 14 9am - Dec 16 5pm",
            "event add pay day Jan 31 every month",
            "event add standup Dec 1 9:30am every 2 weeks on tuesday until Dec 31 for bob",
            "routine add gym every mon, wed and fri at 7am",
            // Paused the day it was added: nothing of it is on the calendar (it used to repeat forever).
            "routine add stretch every day at 8am",
            "routine pause stretch",
            "add buy milk tomorrow 5pm",
            "priority buy milk high",
            "add pay bills friday",
            "add call mom tomorrow",
            "done call mom",
            "add no date at all",
        ])
        try bob.ok("etkinlik ekle konser 5 Aralık 20:00")
        let reply = try alice.ok("export ics")
        #expect(reply.code == "export.ics")
        let ics = try #require(reply.data["ics"] as? String)
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        let (status, output) = try Self.check(ics, with: Self.script)
        #expect(status == 0, "\(output)")
        #expect(output.contains("all fields ok"), "\(output)")
    }

    /// Checks every component of the export above with `icalendar` (and `dateutil` for the rules).
    static let script = #"""
        import sys, datetime as dt
        from zoneinfo import ZoneInfo
        import icalendar
        from dateutil.rrule import rrulestr
        raw = open(sys.argv[1], 'rb').read()
        for line in raw.split(b'\r\n'):
            assert len(line) <= 75, line
        # RFC 5545: a component's properties come before its subcomponents (no RRULE after a VALARM).
        inside = []
        for line in raw.decode().replace('\r\n ', '').split('\r\n'):
            if line.startswith('BEGIN:'):
                inside.append([line[6:], False])
            elif line.startswith('END:'):
                inside.pop()
                if inside:
                    inside[-1][1] = True
            elif line and inside:
                assert not inside[-1][1], ('property after a subcomponent in', inside[-1][0], line)
        cal = icalendar.Calendar.from_ical(raw)
        assert str(cal['VERSION']) == '2.0'
        assert 'TwoDo' in str(cal['PRODID'])
        assert str(cal['X-WR-TIMEZONE']) == 'Europe/Berlin'
        zones = {str(z['TZID']): z for z in cal.walk('VTIMEZONE')}
        assert set(zones) == {'Europe/Berlin', 'Europe/Istanbul'}, zones.keys()
        kinds = {c.name for c in zones['Europe/Berlin'].subcomponents}
        assert kinds == {'STANDARD', 'DAYLIGHT'}, kinds
        for c in zones['Europe/Berlin'].subcomponents:
            if c.name == 'DAYLIGHT':
                assert c['TZOFFSETTO'].td == dt.timedelta(hours=2)
        # Each observance says what the system says (nothing hard-coded): 2026-03-29 01:00 UTC.
        starts = [c['DTSTART'].dt for c in zones['Europe/Berlin'].subcomponents if c.name == 'DAYLIGHT']
        assert dt.datetime(2026, 3, 29, 2, 0) in starts, starts
        berlin, istanbul = ZoneInfo('Europe/Berlin'), ZoneInfo('Europe/Istanbul')
        def local(v, zone):
            assert isinstance(v, dt.datetime) and v.tzinfo is not None, v
            return v.astimezone(zone).replace(tzinfo=None)
        events = {}
        for e in cal.walk('VEVENT'):
            assert str(e['UID']).endswith('@twodo')
            assert 'DTSTAMP' in e
            key = (str(e['SUMMARY']), 'RECURRENCE-ID' in e)
            assert key not in events, key
            events[key] = e
        dinner = events[('dinner with Sam', False)]
        assert str(dinner['LOCATION']) == "Luigi's, Main St; 2nd floor", dinner['LOCATION']
        assert str(dinner['DESCRIPTION']) == 'bring wine, cheese; and a \\ backslash', dinner['DESCRIPTION']
        assert local(dinner['DTSTART'].dt, berlin) == dt.datetime(2026, 11, 27, 19, 0)
        assert local(dinner['DTEND'].dt, berlin) == dt.datetime(2026, 11, 27, 21, 0)
        assert str(dinner['DTSTART'].params['TZID']) == 'Europe/Berlin'
        assert 'RRULE' not in dinner
        [alarm] = dinner.walk('VALARM')
        assert alarm['TRIGGER'].dt == dt.timedelta(hours=-1) and str(alarm['ACTION']) == 'DISPLAY'
        yoga = events[('yoga', False)]
        rule = yoga['RRULE']
        assert rule['FREQ'] == ['WEEKLY'] and rule['BYDAY'] == ['MO'], rule
        assert local(yoga['DTSTART'].dt, berlin) == dt.datetime(2026, 11, 23, 18, 0)
        exdates = [local(d.dt, berlin) for x in ([yoga['EXDATE']] if not isinstance(yoga['EXDATE'], list) else yoga['EXDATE']) for d in x.dts]
        assert exdates == [dt.datetime(2026, 11, 30, 18, 0)], exdates
        [alarm] = yoga.walk('VALARM')
        assert alarm['TRIGGER'].dt == dt.timedelta(minutes=-15)
        moved = events[('yoga', True)]
        assert moved['UID'] == yoga['UID']
        assert local(moved['RECURRENCE-ID'].dt, berlin) == dt.datetime(2026, 11, 23, 18, 0)
        assert local(moved['DTSTART'].dt, berlin) == dt.datetime(2026, 11, 24, 20, 0)
        trip = events[('trip', False)]
        assert trip['DTSTART'].dt == dt.date(2026, 12, 10) and trip['DTEND'].dt == dt.date(2026, 12, 13)
        [alarm] = trip.walk('VALARM')
        assert alarm['TRIGGER'].dt == dt.timedelta(hours=-15), alarm['TRIGGER'].dt  # 09:00 the day before
        conf = events[('conference', False)]
        assert local(conf['DTSTART'].dt, berlin) == dt.datetime(2026, 12, 14, 9, 0)
        assert local(conf['DTEND'].dt, berlin) == dt.datetime(2026, 12, 16, 17, 0)
        pay = events[('pay day', False)]
        assert pay['DTSTART'].dt == dt.date(2027, 1, 31)
        rule = pay['RRULE']
        assert rule['FREQ'] == ['MONTHLY'] and rule['BYMONTHDAY'] == [28, 29, 30, 31] and rule['BYSETPOS'] == [-1]
        days = list(rrulestr(rule.to_ical().decode(), dtstart=dt.datetime(2027, 1, 31)))[:3]
        assert [d.date() for d in days] == [dt.date(2027, 1, 31), dt.date(2027, 2, 28), dt.date(2027, 3, 31)], days
        standup = events[('standup', False)]
        rule = standup['RRULE']
        assert rule['FREQ'] == ['WEEKLY'] and rule['INTERVAL'] == [2] and rule['BYDAY'] == ['TU'], rule
        assert rule['WKST'] == ['MO']
        until = rule['UNTIL'][0]
        assert until.tzinfo is not None and local(until, berlin) == dt.datetime(2026, 12, 31, 9, 30), until
        assert str(standup['X-TWODO-FOR']) == 'bob'
        start = standup['DTSTART'].dt
        days = list(rrulestr(rule.to_ical().decode(), dtstart=start))
        assert [local(d, berlin).date() for d in days] == [dt.date(2026, 12, 1), dt.date(2026, 12, 15), dt.date(2026, 12, 29)], days
        konser = events[('konser', False)]
        assert str(konser['DTSTART'].params['TZID']) == 'Europe/Istanbul'
        assert local(konser['DTSTART'].dt, istanbul) == dt.datetime(2026, 12, 5, 20, 0)
        gym = events[('gym', False)]
        assert str(gym['UID']).startswith('routine-')
        assert gym['RRULE']['FREQ'] == ['WEEKLY'] and gym['RRULE']['BYDAY'] == ['MO', 'WE', 'FR'], gym['RRULE']
        assert local(gym['DTSTART'].dt, berlin) == dt.datetime(2026, 11, 23, 7, 0), gym['DTSTART'].dt
        assert ('stretch', False) not in events, 'a routine paused from its first day is written'
        assert len(events) == 9, sorted(events)
        todos = {str(t['SUMMARY']): t for t in cal.walk('VTODO')}
        assert set(todos) == {'buy milk', 'pay bills', 'call mom'}, todos.keys()
        milk = todos['buy milk']
        assert local(milk['DUE'].dt, berlin) == dt.datetime(2026, 11, 23, 17, 0)
        assert str(milk['STATUS']) == 'NEEDS-ACTION' and int(milk['PRIORITY']) == 1
        assert str(todos['pay bills']['DUE'].to_ical().decode()) == '20261127'
        assert str(todos['call mom']['STATUS']) == 'COMPLETED' and 'COMPLETED' in todos['call mom']
        assert str(milk['UID']).startswith('task-') and 'Inbox' in str(milk['CATEGORIES'].to_ical())
        print('all fields ok')
        """#

    @Test("human mode: the header, then folded CRLF lines ending with END:VCALENDAR; Turkish header")
    func humanLines() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("event add " + String(repeating: "long title ", count: 15) + "friday 8pm")
        _ = try bob.event()
        let ah = try server.login("alice", json: false)
        let lines = try ah.lines("export ics")
        #expect(lines.first?.hasPrefix("Your calendar as iCalendar") == true, "\(lines.prefix(2))")
        #expect(lines[1] == "BEGIN:VCALENDAR")
        #expect(lines.last == "END:VCALENDAR")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 || $0 == lines[0] })
        #expect(lines.contains { $0.hasPrefix(" ") }, "a long SUMMARY is folded")
        let bh = try server.login("bob", json: false)
        #expect(try bh.lines("dışa aktar ics").first?.hasPrefix("Takviminiz iCalendar") == true)
        #expect(try ah.lines("export calendar").first?.contains("export") == true)
    }

    @Test("a big space's export ics streams whole past the output cap, and the connection stays usable")
    func bigSpace() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0"])
        let alice = try server.user("alice")
        var sent = 0
        while sent < 4000 {
            var bytes: [UInt8] = []
            for i in sent..<(sent + 250) {
                bytes += Array("add task \(i) \(String(repeating: "y", count: 180)) tomorrow 5pm\n".utf8)
            }
            try alice.send(bytes: bytes)
            for _ in 0..<250 { #expect(try alice.readJSON(timeout: 20).ok == true) }
            sent += 250
        }
        try alice.send("export ics")
        let line = try alice.readLine(timeout: 30)
        #expect(line.utf8.count > 1 << 20, "bigger than the 1 MiB output cap")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject)
        let ics = try #require(object.data["ics"] as? String)
        #expect(ics.components(separatedBy: "BEGIN:VTODO").count == 4001)
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(try alice.json("ping").code == "pong")
    }
}
