// The running Matrix bridge, its three threads together: recorded homeserver answers, a scripted TwoDo server.

import Foundation
import Synchronization
import Testing

@testable import TwoDoBridge

@Suite("MatrixBridge", .serialized, .timeLimit(.minutes(1)))
struct MatrixBridgeTests {
    /// Polls `condition` every 20 ms for up to `timeout` seconds.
    func eventually(_ timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// The bodies of the messages the bridge posted, with their msgtype and transaction id.
    func posts(_ transport: RecordedTransport) -> [(msgtype: String, body: String, transaction: String)] {
        transport.requests.compactMap { request in
            guard request.method == "PUT", let body = request.body,
                let content = try? JSONSerialization.jsonObject(with: body) as? [String: String]
            else { return nil }
            return (content["msgtype"] ?? "", content["body"] ?? "", String(request.path.split(separator: "/").last!))
        }
    }

    @Test("invite, join, commands to TwoDo, reply as m.text and event as m.notice, position saved")
    func roundTrip() throws {
        let twodo = try ScriptedServer()
        let statePath = NSTemporaryDirectory() + "/twodo-matrix-bridge-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: statePath) }
        try MatrixState(since: "s1_2_0_1_1_1_1_6_0_1_1_1_1_1").save(to: statePath)
        let syncs = Mutex(0)
        let transport = RecordedTransport { request, _ in
            let ok = { (json: String) in MatrixResponse(status: 200, body: Data(json.utf8)) }
            if request.path.hasSuffix("/whoami") { return ok(MatrixFixtures.whoami) }
            if request.path.hasSuffix("/join") { return ok(MatrixFixtures.joinedRoom) }
            if request.method == "PUT" { return ok(MatrixFixtures.sent) }
            guard request.path.contains("/sync?") else { return MatrixResponse(status: 404, body: Data()) }
            switch syncs.withLock({ n -> Int in
                n += 1
                return n
            }) {
            case 1: return ok(MatrixFixtures.directInvite)
            case 2: return ok(MatrixFixtures.messages)
            default:
                Thread.sleep(forTimeInterval: 0.1)  // a quiet long-poll
                return ok(#"{"next_batch":"s12_3_0_1_1_1_1_6_0_1_1_1_1_1"}"#)
            }
        }
        var config = MatrixConfig(
            homeserver: URL(string: "http://127.0.0.1:1")!, user: "@twodo:localhost", token: "unused",
            twodo: Endpoint(host: "127.0.0.1", port: twodo.port), statePath: statePath)
        config.syncTimeoutMilliseconds = 100
        let stop = MatrixBridge.StopSwitch()
        let finished = DispatchSemaphore(value: 0)
        let bridge = try MatrixBridge(config: config, transport: transport, stop: stop)
        nonisolated(unsafe) let running = bridge  // handed over to the thread, never touched here again
        Thread {
            _ = running.run()
            finished.signal()
        }.start()

        twodo.accept()
        twodo.send("Welcome to TwoDo.")
        #expect(
            twodo.lines(count: 4, timeout: 3) == [
                "@id=bridge.json json on", "register alice secret-alice", "süt ekle", "show",
            ])
        twodo.send(
            #"{"type":"reply","id":"bridge.json","ok":true,"code":"json.on","text":"JSON mode on."}"#,
            #"{"type":"reply","ok":true,"code":"auth.registered","text":"Welcome, alice!","data":{"name":"alice","lang":"en"}}"#,
            #"{"type":"event","event":"task.added","actor":"bob","text":"bob added \"süt\" to Inbox.","data":{}}"#)
        #expect(eventually { posts(transport).count >= 3 })
        let sent = posts(transport)
        #expect(sent.map(\.msgtype) == ["m.notice", "m.text", "m.notice"])
        #expect(sent.first?.body.contains("kaydol") == true)  // the greeting after the join
        #expect(sent.dropFirst().map(\.body) == ["Welcome, alice!", "bob added \"süt\" to Inbox."])
        #expect(Set(sent.map(\.transaction)).count == 3)
        let joinIndex = try #require(transport.requests.firstIndex { $0.path.hasSuffix("/join") })
        let firstPut = try #require(transport.requests.firstIndex { $0.method == "PUT" })
        #expect(joinIndex < firstPut)

        stop.raise()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        let state = try MatrixState.load(from: statePath)
        #expect(state.since?.hasPrefix("s") == true && state.since != "s1_2_0_1_1_1_1_6_0_1_1_1_1_1")
        #expect(state.directRooms == [MatrixFixtures.aliceRoom: "@alice:localhost"])
    }

    @Test("a command in a busy room's gap reaches TwoDo, before the limited timeline's, after a restart too")
    func limitedTimeline() throws {
        let twodo = try ScriptedServer()
        let statePath = NSTemporaryDirectory() + "/twodo-matrix-bridge-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: statePath) }
        try MatrixState(since: MatrixFixtures.beforeGap, directRooms: [MatrixFixtures.aliceRoom: "@alice:localhost"])
            .save(to: statePath)
        let syncs = Mutex(0)
        let page = MatrixFixtures.historyPage(
            [
                MatrixFixtures.message("$b1", from: "@twodo:localhost", "Added milk."),
                MatrixFixtures.message("$g1", from: "@alice:localhost", "add tea"),
            ], start: MatrixFixtures.gapStart, end: nil)
        let transport = RecordedTransport { request, _ in
            let ok = { (json: String) in MatrixResponse(status: 200, body: Data(json.utf8)) }
            if request.path.hasSuffix("/whoami") { return ok(MatrixFixtures.whoami) }
            if request.path.contains("/messages?") { return ok(page) }
            if request.method == "PUT" { return ok(MatrixFixtures.sent) }
            guard request.path.contains("/sync?") else { return MatrixResponse(status: 404, body: Data()) }
            if syncs.withLock({ n -> Int in
                n += 1
                return n
            }) == 1 {
                return ok(MatrixFixtures.limitedSync)
            }
            Thread.sleep(forTimeInterval: 0.1)  // a quiet long-poll
            return ok(#"{"next_batch":"s70_3_0_1_1_1_1_6_0_1_1_1_1_1"}"#)
        }
        var config = MatrixConfig(
            homeserver: URL(string: "http://127.0.0.1:1")!, user: "@twodo:localhost", token: "unused",
            twodo: Endpoint(host: "127.0.0.1", port: twodo.port), statePath: statePath)
        config.syncTimeoutMilliseconds = 100
        let stop = MatrixBridge.StopSwitch()
        let finished = DispatchSemaphore(value: 0)
        let bridge = try MatrixBridge(config: config, transport: transport, stop: stop)
        nonisolated(unsafe) let running = bridge  // handed over to the thread, never touched here again
        Thread {
            _ = running.run()
            finished.signal()
        }.start()

        twodo.accept()
        twodo.send("Welcome to TwoDo.")
        #expect(twodo.lines(count: 3, timeout: 3) == ["@id=bridge.json json on", "add tea", "show"])
        let history = transport.requests.filter { $0.path.contains("/messages?") }
        #expect(history.count == 1 && history.first?.path.hasSuffix("&to=\(MatrixFixtures.beforeGap)") == true)
        stop.raise()
        #expect(finished.wait(timeout: .now() + 5) == .success)
    }

    @Test("a token that belongs to someone else stops the bridge with a failure")
    func wrongToken() throws {
        let statePath = NSTemporaryDirectory() + "/twodo-matrix-bridge-\(UUID().uuidString).json"
        let transport = RecordedTransport(responses: [(200, MatrixFixtures.whoami)])
        let config = MatrixConfig(
            homeserver: URL(string: "http://127.0.0.1:1")!, user: "@other:localhost", token: "unused",
            twodo: Endpoint(host: "127.0.0.1", port: 1), statePath: statePath)
        #expect(try MatrixBridge(config: config, transport: transport).run() == false)
    }
}
