// Filling a `limited` sync timeline's gap from the room's history, over Synapse-shaped answers.

import Foundation
import Synchronization
import Testing

@testable import TwoDoBridge

@Suite("MatrixGapFiller", .timeLimit(.minutes(1)))
struct MatrixGapFillerTests {
    typealias F = MatrixFixtures

    /// A transport that answers `/messages` from `pages`, keyed by the `from` token (404 for anything else).
    func transport(pages: [String: String]) -> RecordedTransport {
        RecordedTransport { request, _ in
            guard request.path.contains("/messages?"),
                let from = URLComponents(string: request.path)?.queryItems?.first(where: { $0.name == "from" })?.value,
                let page = pages[from]
            else { return MatrixResponse(status: 404, body: Data(#"{"errcode":"M_UNRECOGNIZED"}"#.utf8)) }
            return MatrixResponse(status: 200, body: Data(page.utf8))
        }
    }

    func batch(_ json: String) throws -> MatrixSyncBatch {
        try #require(MatrixSyncBatch(json: Data(json.utf8)))
    }

    /// A filler that has handled the sync before the gap (`F.messages`), as the sync thread would have.
    func filler(_ transport: RecordedTransport) throws -> MatrixGapFiller {
        var filler = MatrixGapFiller(client: MatrixClient(transport: transport))
        filler.remember(try batch(F.messages))
        return filler
    }

    /// The text of every message of alice's room in `batch`, in the order the core will see them.
    func bodies(_ batch: MatrixSyncBatch) -> [String] {
        (batch.rooms[F.aliceRoom] ?? []).map {
            switch $0 {
            case .message(_, _, let body): return body
            case .membership(let user, let membership): return "\(user) \(membership)"
            case .encrypted(let sender): return "encrypted \(sender)"
            }
        }
    }

    @Test("a limited timeline and its prev_batch are read from a recorded sync")
    func decodesLimited() throws {
        let timeline = try #require(try batch(F.joined).timelines[F.aliceRoom])
        #expect(timeline.limited && timeline.previousBatch == "s8_2_0_1_1_1_1_6_0_1_1_1_1_1")
        #expect(timeline.events.map(\.id).first == "$rHh2hfc_xlbXxzVZno7LrR55geSEPp0vN2XmdiWnb_g")
        #expect(try batch(F.messages).timelines[F.aliceRoom]?.limited == false)
    }

    @Test("a gap filled from one page: back to the last handled event, oldest first, before the timeline")
    func onePage() throws {
        let page = F.historyPage(
            [
                F.message("$g2", from: "@alice:localhost", "done milk"),
                F.message("$g1", from: "@alice:localhost", "add tea"),
                F.message("$BgJaeT6QNWsQNbujWvuN2118vzfcGtIFkTqoq-GBUEI", from: "@twodo:localhost", "Bot says hi"),
            ], start: F.gapStart, end: "t4-12_3_0_1_1_1_1_6_0_1_1_1_1_1")
        let transport = transport(pages: [F.gapStart: page])
        var filler = try filler(transport)
        var limited = try batch(F.limitedSync)
        let outcomes = try filler.fill(&limited, since: F.beforeGap)

        #expect(outcomes == [.init(room: F.aliceRoom, recovered: 2, complete: true)])
        #expect(bodies(limited) == ["@alice:localhost join", "add tea", "done milk", "show"])
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1 && request.method == "GET")
        #expect(
            request.path
                == "/_matrix/client/v3/rooms/%21SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4/messages"
                + "?from=s61_3_0_1_1_1_1_6_0_1_1_1_1_1&dir=b&limit=100"
                + "&filter=%7B%22types%22%3A%5B%22m.room.message%22%2C%22m.room.member%22"
                + "%2C%22m.room.encrypted%22%5D%7D"
                + "&to=s12_3_0_1_1_1_1_6_0_1_1_1_1_1")
    }

    @Test("a gap filled from two pages, paging on with end; each event once, the state event where it happened")
    func twoPages() throws {
        let pages = [
            F.gapStart: F.historyPage(
                [
                    F.message("$t1-show", from: "@alice:localhost", "show"),  // the timeline's own: dropped
                    F.message("$g4", from: "@alice:localhost", "add 4"),
                    F.message("$g3", from: "@alice:localhost", "add 3"),
                ], start: F.gapStart, end: "t9-30_3_0_1_1_1_1_6_0_1_1_1_1_1"),
            "t9-30_3_0_1_1_1_1_6_0_1_1_1_1_1": F.historyPage(
                [
                    F.message("$g2", from: "@alice:localhost", "add 2"), F.aliceRenamed,
                    F.message("$g1", from: "@alice:localhost", "add 1"),
                ], start: "t9-30_3_0_1_1_1_1_6_0_1_1_1_1_1", end: nil),
        ]
        let transport = transport(pages: pages)
        var filler = try filler(transport)
        var limited = try batch(F.limitedSync)
        let outcomes = try filler.fill(&limited, since: F.beforeGap)

        #expect(outcomes == [.init(room: F.aliceRoom, recovered: 6, complete: true)])
        #expect(bodies(limited) == ["add 1", "@alice:localhost join", "add 2", "add 3", "add 4", "show"])
        let ids = try #require(limited.timelines[F.aliceRoom]).events.compactMap(\.id)
        #expect(ids == ["$g1", "$m1-alice-renamed", "$g2", "$g3", "$g4", "$t1-show"])
        #expect(limited.timelines[F.aliceRoom]?.state.isEmpty == true)
        let froms = transport.requests.map {
            URLComponents(string: $0.path)?.queryItems?.first { $0.name == "from" }?.value
        }
        #expect(froms == [F.gapStart, "t9-30_3_0_1_1_1_1_6_0_1_1_1_1_1"])
    }

    @Test("the bot's own messages in a gap are not commands; the user's are run before the timeline's")
    func botMessagesIgnored() throws {
        let page = F.historyPage(
            [
                F.message("$b3", from: "@twodo:localhost", "Added tea.", msgtype: "m.notice"),
                F.message("$b2", from: "@twodo:localhost", "Your list: milk"),
                F.message("$g1", from: "@alice:localhost", "add tea"),
                F.message("$b1", from: "@twodo:localhost", "bob added milk", msgtype: "m.notice"),
            ], start: F.gapStart, end: nil)
        var filler = try filler(transport(pages: [F.gapStart: page]))
        var limited = try batch(F.limitedSync)
        _ = try filler.fill(&limited, since: F.beforeGap)

        var core = MatrixCore(bot: "@twodo:localhost", directRooms: [F.aliceRoom: "@alice:localhost"])
        let actions = core.handle(limited, now: 1)
        #expect(actions.filter { if case .open = $0 { true } else { false } }.count == 1)
        #expect(core.session(forUser: "@alice:localhost")?.pending == ["add tea", "show"])
    }

    @Test("paging stops after the page cap, keeps what it recovered, and reports the gap as incomplete")
    func cap() throws {
        let full = Mutex(0)
        let transport = RecordedTransport { request, _ in
            guard request.path.contains("/messages?") else { return nil }
            let n = full.withLock { n -> Int in
                n += 1
                return n
            }
            let events = (0..<100).map { i in F.message("$p\(n)-\(99 - i)", from: "@alice:localhost", "line \(n)") }
            return MatrixResponse(status: 200, body: Data(F.historyPage(events, start: "t\(n)", end: "t\(n + 1)").utf8))
        }
        var filler = try filler(transport)
        var limited = try batch(F.limitedSync)
        let outcomes = try filler.fill(&limited, since: F.beforeGap)

        #expect(filler.maxPages == 5 && transport.requests.count == 5)
        #expect(outcomes == [.init(room: F.aliceRoom, recovered: 500, complete: false)])
        let ids = try #require(limited.timelines[F.aliceRoom]).events.compactMap(\.id)
        #expect(ids.count == 501 && ids.first == "$p5-0" && ids[499] == "$p1-99" && ids.last == "$t1-show")
    }

    @Test("no history is fetched for a timeline that is not limited")
    func notLimited() throws {
        let transport = transport(pages: [:])
        var filler = try filler(transport)
        var complete = try batch(F.thirdMemberAndLeave)
        let before = complete
        #expect(try filler.fill(&complete, since: F.beforeGap).isEmpty)
        #expect(complete == before && transport.requests.isEmpty)
    }

    @Test(
        "a failed history fetch is retried with the whole sync, unless the homeserver refused it for good",
        arguments: [(502, true), (429, true), (403, false)])
    func failures(status: Int, throwsError: Bool) throws {
        let transport = RecordedTransport { _, _ in
            MatrixResponse(status: status, body: Data(#"{"errcode":"M_SOMETHING","retry_after_ms":10}"#.utf8))
        }
        var filler = try filler(transport)
        var limited = try batch(F.limitedSync)
        if throwsError {
            #expect(throws: MatrixError.self) { try filler.fill(&limited, since: F.beforeGap) }
        } else {
            #expect(try filler.fill(&limited, since: F.beforeGap).isEmpty)
            #expect(bodies(limited) == ["@alice:localhost join", "show"])
        }
    }
}
