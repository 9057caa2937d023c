// One loop turn without sockets or a store: which commands run, in what order, and what waits for the next turn.

import Testing
import TwoDoCore
import TwoDoProtocol
@testable import TwoDoFeatures
@testable import TwoDoServer

@Suite("A turn's order, shares and back-pressure")
struct TurnSchedulerTests {
    /// A connection as the turn sees it: queued lines and what it owes its peer.
    final class Client: TurnClient {
        let id: UInt64
        var throttleKey: String
        var input: [FramedItem] = []
        var inputBytes = 0
        var pendingOutput = 0
        var json = false
        var waitsForHash = false
        var isStreaming = false
        var isClosed = false

        init(_ id: UInt64, address: String, lines: [String]) {
            self.id = id
            throttleKey = address
            input = lines.map { .line($0) }
            inputBytes = input.reduce(0) { $0 + $1.byteCount }
        }
    }

    /// A fake clock that every command moves on by `step` seconds.
    final class Clock {
        var now = 0.0
        var step: Double
        init(step: Double) { self.step = step }
    }

    static let budgets = TurnBudgets(
        commands: 256, addressSeconds: 0.002, output: 64 * 1024, outputLimit: 256 * 1024, freshSeconds: 0.025,
        leftoverSeconds: 0.004)

    /// Runs one turn over `clients`; each command answers one line naming its connection and its text, and
    /// takes `clock.step` seconds.
    func turn(
        _ queues: inout TurnQueues, _ clients: [Client], clock: Clock = Clock(step: 0), budgets: TurnBudgets = budgets,
        reply: (String) -> Reply = { .success(.pong, [$0]) }, close: Set<String> = []
    ) -> [(UInt64, String)] {
        let byID = Dictionary(uniqueKeysWithValues: clients.map { ($0.id, $0) })
        let outcomes = TurnScheduler.run(
            &queues, budgets: budgets, now: { clock.now }, client: { byID[$0] },
            execute: { item, c in
                guard case .line(let text) = item else { return nil }
                clock.now += clock.step
                var o = Outcome(connection: c.id, reply: reply(text))
                o.close = close.contains(text)
                return o
            },
            served: { _ in })
        return outcomes.map { o in (o.connection, o.lines?.first ?? "") }
    }

    @Test("unserved first, then fresh arrivals, then leftovers; each connection's commands in the order sent")
    func order() {
        let a = Client(1, address: "a", lines: ["a1", "a2"])
        let b = Client(2, address: "b", lines: ["b1"])
        let c = Client(3, address: "c", lines: ["c1", "c2"])
        var queues = TurnQueues(unserved: [3], ready: [1, 3], deferred: [2, 1])
        let ran = turn(&queues, [a, b, c])
        #expect(ran.map(\.1) == ["c1", "c2", "a1", "a2", "b1"])
        #expect(queues.isEmpty)
        #expect(a.input.isEmpty && b.input.isEmpty && c.input.isEmpty)
        #expect(a.inputBytes == 0 && c.inputBytes == 0)
    }

    @Test("64 connections from one address share one slice; another address's command runs in the same turn")
    func oneAddressOneShare() {
        let flood = (1...64).map { Client(UInt64($0), address: "flood", lines: Array(repeating: "f", count: 100)) }
        let bystander = Client(100, address: "bystander", lines: ["hello"])
        var queues = TurnQueues(ready: flood.map(\.id) + [bystander.id])
        let ran = turn(&queues, flood + [bystander])
        #expect(ran.filter { $0.0 <= 64 }.count == 256)  // the address's commands, not 64 × 256
        #expect(ran.contains { $0.0 == 100 && $0.1 == "hello" })
        // The flood's connections wait in the leftovers for the next turn, none lost.
        #expect(Set(queues.deferred) == Set(flood.map(\.id)))
        #expect(flood.reduce(0) { $0 + $1.input.count } == 64 * 100 - 256)
        // The next turn serves the leftovers again, another share.
        let second = turn(&queues, flood + [bystander])
        #expect(second.count == 256)
    }

    @Test("an address's time share ends its slice after the command that passed it")
    func timeShare() {
        let slow = Client(1, address: "slow", lines: Array(repeating: "s", count: 50))
        let other = Client(2, address: "other", lines: ["o"])
        var queues = TurnQueues(ready: [1, 2])
        let ran = turn(&queues, [slow, other], clock: Clock(step: 0.001))
        #expect(ran.filter { $0.0 == 1 }.count == 2)  // 2 ms share at 1 ms a command
        #expect(ran.last?.1 == "o")
        #expect(queues.deferred == [1])
        #expect(slow.input.count == 48)
    }

    @Test("past the turn's time budget the fresh connections left wait first in line for the next turn")
    func freshBudget() {
        let clients = (1...40).map { Client(UInt64($0), address: "addr\($0)", lines: ["x"]) }
        var queues = TurnQueues(ready: clients.map(\.id), deferred: [])
        let ran = turn(&queues, clients, clock: Clock(step: 0.002))
        // 13 commands of 2 ms pass the 25 ms budget; the rest is unserved, in order, and runs first next turn.
        #expect(ran.count == 13)
        #expect(queues.unserved == Array(14...40).map(UInt64.init))
        let next = turn(&queues, clients)
        #expect(next.map(\.0) == Array(14...40).map(UInt64.init))
    }

    @Test("a client that does not read runs nothing more once it owes its cap; its commands wait, unread")
    func backPressure() {
        let stuck = Client(1, address: "stuck", lines: ["s1", "s2"])
        stuck.pendingOutput = 300 * 1024
        let fine = Client(2, address: "fine", lines: ["f1"])
        var queues = TurnQueues(ready: [1, 2])
        let ran = turn(&queues, [stuck, fine])
        #expect(ran.map(\.1) == ["f1"])
        #expect(stuck.input.count == 2)
        #expect(queues.isEmpty)  // it is served again when its peer reads (the loop marks it ready then)
    }

    @Test("replies count as they are made: a burst of large replies stops at the turn's output budget")
    func outputBudget() {
        let big = String(repeating: "x", count: 10_000)
        let reader = Client(1, address: "reader", lines: Array(repeating: "big", count: 20))
        var queues = TurnQueues(ready: [1])
        let ran = turn(&queues, [reader], reply: { _ in .success(.pong, [big]) })
        // 64 KiB of budget: seven 10 kB replies pass it, the rest wait in the leftovers.
        #expect(ran.count == 7)
        #expect(queues.deferred == [1])
        #expect(reader.input.count == 13)
    }

    @Test("a client that leaves mid-turn: nothing after its quit runs, and its queue is dropped")
    func leavesMidTurn() {
        let leaver = Client(1, address: "l", lines: ["l1", "quit", "l3", "l4"])
        let closed = Client(2, address: "c", lines: ["c1"])
        closed.isClosed = true
        let waiting = Client(3, address: "w", lines: ["w1"])
        waiting.waitsForHash = true
        let streaming = Client(4, address: "s", lines: ["s1"])
        streaming.isStreaming = true
        var queues = TurnQueues(ready: [1, 2, 3, 4])
        let ran = turn(&queues, [leaver, closed, waiting, streaming], close: ["quit"])
        #expect(ran.map(\.1) == ["l1", "quit"])
        #expect(leaver.input.isEmpty && leaver.inputBytes == 0)
        // A closed connection, one waiting for its password check and one streaming run nothing and lose nothing.
        #expect(closed.input.count == 1 && waiting.input.count == 1 && streaming.input.count == 1)
    }
}
