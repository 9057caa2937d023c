// Holding a turn's replies until its commit is on the disk, while the loop runs the next turn (group commit).

import Foundation
import TwoDoFeatures
import TwoDoStore
import TwoDoSystem

/// What a committed turn hands its clients once its fsync is done: the outcomes, or a piece of a streamed
/// reply (it read committed state, so it waits like a reply).
enum Held {
    case outcomes([Outcome])
    case piece(connection: UInt64, bytes: [UInt8], done: Bool, failed: Bool)
}

extension Server {
    static let syncToken: UInt64 = 5
    /// Turns that may wait for their fsync at once; past it the loop waits for the oldest (a stalled disk
    /// must not let held replies grow without end).
    static let heldTurnLimit = 16

    /// Delivers `outcomes` once everything committed so far is on the disk: at once when it already is (or
    /// the engine's COMMIT made it so), else after the sync thread says so, in turn order.
    func settle(_ outcomes: [Outcome]) {
        guard let sync = storage.walSync else { return deliver(outcomes) }
        let commits = storage.walCommits
        if commits != walCommitsSeen {
            walCommitsSeen = commits
            lastTicket = sync.request()
        }
        if lastTicket <= syncedTicket && held.isEmpty { return deliver(outcomes) }
        guard !outcomes.isEmpty else { return }
        for o in outcomes {
            guard let c = connections[o.connection] else { continue }
            hold(o.lines ?? o.rawLines ?? [], for: c)
            // Nothing more of this connection runs before its stream starts or its connection ends.
            if o.stream != nil { c.streamStarting = true }
            if o.close {
                c.readClosed = true
                updateInterest(c)
            }
        }
        held.append((lastTicket, .outcomes(outcomes)))
        if held.count > Server.heldTurnLimit { apply(sync.wait(for: held[0].ticket)) }
    }

    /// Whether a streamed piece made now must wait for a sync (it reads commits not yet on the disk).
    var piecesMustWait: Bool { storage.walSync != nil && (lastTicket > syncedTicket || !held.isEmpty) }

    /// Holds a piece of `c`'s streamed reply until what it read is on the disk.
    func holdPiece(_ bytes: [UInt8], done: Bool, failed: Bool, for c: Connection) {
        c.pieceHeld = true
        c.awaitingSync += 1
        c.undelivered += bytes.count
        held.append((lastTicket, .piece(connection: c.id, bytes: bytes, done: done, failed: failed)))
    }

    /// The sync thread finished one or more syncs: delivers what they made durable.
    func syncsFinished() {
        guard let sync = storage.walSync else { return }
        apply(sync.take())
    }

    /// Waits for every held turn (shutdown), then delivers them.
    func settleAll() {
        guard let sync = storage.walSync, let last = held.last else { return }
        apply(sync.wait(for: last.ticket))
    }

    private func hold(_ lines: [String], for c: Connection) {
        c.awaitingSync += 1
        for line in lines { c.undelivered += line.utf8.count + 2 }
    }

    private func apply(_ result: (synced: UInt64, failure: Int32?)) {
        if let failure = result.failure {
            // The commits may not be on the disk, and a later fsync could succeed without them: nothing more
            // may be acknowledged. Stop at once; SQLite recovers the file from what reached the disk.
            Log.error(
                "fsync of the write-ahead log failed; stopping without answering the commands it held",
                ["error": String(cString: strerror(failure)), "held": "\(held.count)"])
            exit(70)
        }
        syncedTicket = result.synced
        var n = 0
        while n < held.count && held[n].ticket <= syncedTicket {
            release(held[n].item)
            n += 1
        }
        guard n > 0 else { return }
        held.removeFirst(n)
        advanceStreams()
    }

    private func release(_ item: Held) {
        switch item {
        case .outcomes(let outcomes):
            for o in outcomes {
                guard let c = connections[o.connection] else { continue }
                c.awaitingSync -= 1
                for line in o.lines ?? o.rawLines ?? [] { c.undelivered -= line.utf8.count + 2 }
                if o.stream != nil { c.streamStarting = false }
            }
            deliver(outcomes)
        case .piece(let id, let bytes, let done, let failed):
            guard let c = connections[id] else { return }
            c.pieceHeld = false
            c.awaitingSync -= 1
            c.undelivered -= bytes.count
            emitPiece(bytes, done: done, failed: failed, to: c)
        }
    }
}
