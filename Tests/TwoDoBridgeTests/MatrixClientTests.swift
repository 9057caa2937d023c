// The Matrix client's requests and its reading of answers, over recorded Synapse exchanges.

import Foundation
import Synchronization
import Testing

@testable import TwoDoBridge

/// A transport that answers from a script of recorded responses and remembers every request.
final class RecordedTransport: MatrixTransport {
    /// Picks the answer for a request; nil means "no answer yet" (the transport waits a little and asks again).
    typealias Script = @Sendable (MatrixRequest, Int) -> MatrixResponse?
    private let script: Script
    private let log = Mutex<[MatrixRequest]>([])

    init(_ script: @escaping Script) { self.script = script }

    /// A transport that answers each request in turn with one of `responses` (then 404s).
    convenience init(responses: [(Int, String)]) {
        self.init { _, index in
            index < responses.count
                ? MatrixResponse(status: responses[index].0, body: Data(responses[index].1.utf8))
                : MatrixResponse(status: 404, body: Data(#"{"errcode":"M_UNRECOGNIZED"}"#.utf8))
        }
    }

    var requests: [MatrixRequest] { log.withLock { $0 } }

    func perform(_ request: MatrixRequest) throws -> MatrixResponse {
        let index = log.withLock {
            $0.append(request)
            return $0.count - 1
        }
        for _ in 0..<20 {
            if let response = script(request, index) { return response }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw MatrixError.transport("timed out (recorded)")
    }
}

@Suite("MatrixClient")
struct MatrixClientTests {
    @Test("whoami reads the token's user")
    func whoami() throws {
        let transport = RecordedTransport(responses: [(200, MatrixFixtures.whoami)])
        #expect(try MatrixClient(transport: transport).whoami() == "@twodo:localhost")
        #expect(transport.requests.first?.path == "/_matrix/client/v3/account/whoami")
    }

    @Test("the first sync does not wait; later ones long-poll from the position, with the filter")
    func syncRequests() throws {
        let transport = RecordedTransport(responses: [
            (200, MatrixFixtures.initialSync), (200, MatrixFixtures.directInvite),
        ])
        let client = MatrixClient(transport: transport, syncTimeoutMilliseconds: 30_000)
        let first = try client.sync(since: nil)
        let second = try client.sync(since: first.nextBatch)
        #expect(second.invites.count == 1)
        let paths = transport.requests.map(\.path)
        #expect(
            paths[0].hasPrefix("/_matrix/client/v3/sync?filter=%7B%22presence%22") && paths[0].hasSuffix("&timeout=0"))
        #expect(paths[1].hasSuffix("&since=s1_2_0_1_1_1_1_6_0_1_1_1_1_1&timeout=30000"))
        #expect(transport.requests[1].timeout > 30)
    }

    @Test("a send is a PUT with the transaction id and the room escaped in the path, and JSON content")
    func send() throws {
        let transport = RecordedTransport(responses: [(200, MatrixFixtures.sent)])
        let id = try MatrixClient(transport: transport).send(
            "süt \"ekle\"", notice: true, to: MatrixFixtures.aliceRoom, transactionID: "twodo.1.7")
        #expect(id == "$TED7Vhs1xqH1V7rO6ZuM_4t_gRzEJG-5UGrEj2utEes")
        let request = try #require(transport.requests.first)
        #expect(request.method == "PUT")
        #expect(
            request.path
                == "/_matrix/client/v3/rooms/%21SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4/send/m.room.message/twodo.1.7"
        )
        let content = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])
        #expect(content == ["msgtype": "m.notice", "body": "süt \"ekle\""])
    }

    @Test("a month grid is sent with a monospaced HTML copy")
    func sendGrid() throws {
        let transport = RecordedTransport(responses: [(200, MatrixFixtures.sent)])
        try MatrixClient(transport: transport).send(
            "Mo  Tu  We\n 1   2   3", notice: false, to: "!r", transactionID: "t")
        let body = try #require(transport.requests.first?.body)
        let content = try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
        #expect(content["format"] == "org.matrix.custom.html")
        #expect(content["formatted_body"] == "<pre><code>Mo  Tu  We\n 1   2   3</code></pre>")
    }

    @Test(
        "error answers become typed errors with a retry policy",
        arguments: [
            (429, MatrixFixtures.limitExceeded, MatrixError.rateLimited(retryAfter: 307.923), 307.923 as Double?),
            (401, MatrixFixtures.unknownToken, .http(status: 401, errcode: "M_UNKNOWN_TOKEN"), 1),
            (403, #"{"errcode":"M_FORBIDDEN","error":"not in room"}"#, .http(status: 403, errcode: "M_FORBIDDEN"), nil),
            (502, "<html>Bad gateway</html>", .http(status: 502, errcode: ""), 1),
        ])
    func errors(status: Int, body: String, error: MatrixError, delay: Double?) throws {
        let transport = RecordedTransport(responses: [(status, body)])
        #expect(throws: error) { try MatrixClient(transport: transport).join(MatrixFixtures.aliceRoom) }
        var backoff = Backoff(initial: 1, maximum: 30)
        #expect(error.retryDelay(backoff: &backoff) == delay)
    }

    @Test("a rate-limited send is retried after retry_after_ms with the same transaction id, and sent once")
    func rateLimitedRetry() throws {
        let limited = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":150}"#
        let transport = RecordedTransport(responses: [(429, limited), (200, MatrixFixtures.sent)])
        let started = Date()
        MatrixBridge.deliver(
            .message(room: MatrixFixtures.aliceRoom, text: "hi", notice: false, transactionID: "twodo.9.1"),
            with: MatrixClient(transport: transport), unless: MatrixBridge.StopSwitch())
        #expect(Date().timeIntervalSince(started) >= 0.15)
        #expect(transport.requests.count == 2)
        #expect(Set(transport.requests.map(\.path)).count == 1)
    }

    @Test("a refused send is given up at once, not retried")
    func refusedSend() {
        let transport = RecordedTransport(responses: [(403, #"{"errcode":"M_FORBIDDEN"}"#)])
        MatrixBridge.deliver(
            .leave(room: "!gone"), with: MatrixClient(transport: transport), unless: MatrixBridge.StopSwitch())
        #expect(transport.requests.count == 1)
    }

    @Test(
        "room ids and tokens are escaped in paths",
        arguments: [
            ("!abc:example.org", "%21abc%3Aexample.org"), ("s72594_4483_1934", "s72594_4483_1934"),
            ("a/b c", "a%2Fb%20c"),
        ])
    func escaping(raw: String, escaped: String) {
        #expect(MatrixClient.escape(raw) == escaped)
    }
}
