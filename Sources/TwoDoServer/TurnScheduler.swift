// Which queued commands one loop turn runs, in what order, and what waits for the next turn: no sockets.

import TwoDoFeatures
import TwoDoProtocol

/// What a turn needs of a connection: its queued commands, and whether it may run them now.
protocol TurnClient: AnyObject {
    var id: UInt64 { get }
    /// The client address its commands are shared under (see `TurnShares`).
    var throttleKey: String { get }
    /// Framed lines not yet run, oldest first.
    var input: [FramedItem] { get set }
    /// Bytes of `input`.
    var inputBytes: Int { get set }
    /// Reply bytes already waiting for the peer to read.
    var pendingOutput: Int { get }
    /// Whether replies are JSON (how long they are when rendered).
    var json: Bool { get }
    /// Waiting for its password work: its next commands wait too.
    var waitsForHash: Bool { get }
    /// Writing a long reply piece by piece: nothing else runs until it ends.
    var isStreaming: Bool { get }
    var isClosed: Bool { get }
}

/// The connections with commands to run, in the order they are served.
struct TurnQueues: Equatable {
    /// Connections a busy turn had no time for: served first next time, so none waits twice.
    var unserved: [UInt64] = []
    /// Connections whose input arrived since the last turn.
    var ready: [UInt64] = []
    /// Leftovers of floods (a connection that used its slice, or whose address did): served after the others.
    var deferred: [UInt64] = []

    var isEmpty: Bool { unserved.isEmpty && ready.isEmpty && deferred.isEmpty }
}

/// The limits of one turn (the loop's are `TurnScheduler.Budgets.loop`).
struct TurnBudgets {
    /// The most commands one client address runs in a turn.
    var commands: Int
    /// Seconds of execution one client address gets in a turn.
    var addressSeconds: Double
    /// Reply bytes one connection may add in a turn.
    var output: Int
    /// Unread reply bytes past which a connection runs nothing until the peer reads.
    var outputLimit: Int
    /// Seconds of execution after which the turn takes no more connections at all.
    var freshSeconds: Double
    /// Seconds of execution after which the turn serves no more leftovers of earlier floods.
    var leftoverSeconds: Double
}

/// Runs one turn's commands: fresh connections first, then leftovers, each address within its share, each
/// connection within its output budget, the whole turn within its time budget. It owns no socket and no
/// store: `execute` runs one command and returns its outcome, and `now` is the clock it budgets by, so the
/// order, the fairness and the back-pressure are tested without a server (TurnSchedulerTests).
enum TurnScheduler {
    /// Runs what `queues` hold and returns the outcomes in the order they ran, each with its reply rendered
    /// (its size counts against the output budget within the turn); `queues` becomes what waits for the next
    /// turn. `served` is told of every connection whose input was taken from.
    static func run<Client: TurnClient>(
        _ queues: inout TurnQueues, budgets: TurnBudgets, now: () -> Double,
        client: (UInt64) -> Client?,
        execute: (FramedItem, Client) -> Outcome?,
        served: (Client) -> Void
    ) -> [Outcome] {
        var outcomes: [Outcome] = []
        var batch = queues.unserved
        batch.reserveCapacity(queues.unserved.count + queues.ready.count + queues.deferred.count)
        var queued = Set(queues.unserved)
        for id in queues.ready where queued.insert(id).inserted { batch.append(id) }
        let firstTier = batch.count
        for id in queues.deferred where queued.insert(id).inserted { batch.append(id) }
        queues = TurnQueues()
        // Client addresses are served in turn: all connections of one address (its throttle key: the PROXY
        // header's client, or each connection of a trusted front on its own) share one slice of the turn, in
        // commands and in time, so 64 connections pipelining from one address weigh what one does.
        var shares = TurnShares(
            addresses: batch.compactMap { client($0)?.throttleKey }, commands: budgets.commands,
            seconds: budgets.addressSeconds)
        var sliced: [UInt64] = []
        var skipped: [UInt64] = []
        let turnStarted = now()
        for (position, id) in batch.enumerated() {
            if position > 0 {
                let elapsed = now() - turnStarted
                // Past its budget the rest waits for the next turn: an overloaded server keeps committing and
                // answering every few tens of milliseconds instead of running one turn for seconds while its
                // backlog grows (seen at 10,000 adds/s offered: a 3 s turn, then a collapse).
                if position < firstTier && elapsed > budgets.freshSeconds {
                    queues.unserved.append(contentsOf: batch[position..<firstTier])
                    queues.deferred.append(contentsOf: batch[firstTier...])
                    break
                }
                if position >= firstTier && elapsed > budgets.leftoverSeconds {
                    queues.deferred.append(contentsOf: batch[position...])
                    break
                }
            }
            guard let c = client(id), !c.isStreaming else { continue }
            let key = c.throttleKey
            // The address used its slice on its other connections: this one goes first among the leftovers of
            // the next turn, so the connections of one address take turns too.
            guard shares.hasShare(key) else {
                if !c.input.isEmpty { skipped.append(c.id) }
                continue
            }
            let started = now()
            // Back-pressure inside the turn: replies count as they are made, and once the client's unread
            // output passes the cap its remaining commands wait (in order, unread) until it drains.
            var owed = c.pendingOutput
            let turnLimit = owed + budgets.output
            var consumed = 0
            var consumedBytes = 0
            var closed = false
            for item in c.input {
                // A command may have ended the connection or dropped its queued input (a bad PROXY header).
                if c.isClosed || c.input.isEmpty { break }
                if c.waitsForHash || owed > budgets.outputLimit { break }
                // Fairness: one client's pipelined flood gets a slice of this turn, the rest the next one; the
                // slice ends at the address's command share, or its time share (checked after every command,
                // so no connection runs hundreds of slow commands in one turn).
                if owed > turnLimit || shares.sliceOver(key, consumed: consumed, elapsed: now() - started) {
                    sliced.append(c.id)
                    break
                }
                consumed += 1
                consumedBytes += item.byteCount
                guard var outcome = execute(item, c) else { continue }
                let lines = outcome.rawLines ?? outcome.reply.render(json: c.json, tag: outcome.tag)
                for line in lines { owed += line.utf8.count + 2 }
                outcome.lines = lines
                outcomes.append(outcome)
                closed = outcome.close && outcome.connection == c.id
                if outcome.close || outcome.stream != nil { break }
            }
            shares.charge(key, commands: consumed, seconds: now() - started)
            if c.input.count >= consumed {
                c.input.removeFirst(consumed)
                c.inputBytes -= consumedBytes
            } else {
                c.input = []
                c.inputBytes = 0
            }
            if c.input.isEmpty && c.input.capacity > 64 { c.input = [] }
            // A client that said goodbye: whatever it sent after `quit` is not run.
            if closed {
                c.input = []
                c.inputBytes = 0
            }
            served(c)
        }
        // Served again in the next turn, without waiting, after whoever arrives meanwhile: first the connections
        // their address's share left out, then those that used a slice.
        queues.deferred += skipped
        queues.deferred += sliced
        return outcomes
    }
}
