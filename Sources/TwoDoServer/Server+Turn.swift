// One loop turn's work: every complete command runs inside one transaction, then one commit, then replies.

import TwoDoCore
import TwoDoFeatures
import TwoDoStore
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Server {
    /// Runs everything that is ready in one transaction and delivers the outcomes after COMMIT.
    func processTurn() {
        let remindersDue = nextReminderAt.map { $0 <= clock.now } ?? false
        guard
            !hashResults.isEmpty || !ready.isEmpty || !deferred.isEmpty || !unserved.isEmpty || remindersDue
                || searchBacklog
        else { return }
        var outcomes: [Outcome] = []
        presenceElsewhere.removeAll(keepingCapacity: true)
        let turn: TurnTransaction
        do {
            turn = try store.beginTurn()
        } catch {
            Log.error("begin failed", ["error": "\(error)"])
            failEverything(error: error)
            return
        }
        let results = hashResults
        hashResults.removeAll()
        for (ticket, result) in results {
            guard let job = finishTicket(ticket) else { continue }
            guard let c = connections[job.connection], let pending = c.pendingAuth else { continue }
            c.pendingAuth = nil
            if case .evicted = result { stats.busyRefusals += 1 }
            let finished = runCommand(on: c, tag: pending.tag) {
                try self.handlers.accounts.complete(pending, result: result, on: c.session)
            }
            if var outcome = finished {
                outcome.lines = outcome.reply.render(json: c.json, tag: outcome.tag)
                outcomes.append(outcome)
            }
            markReady(c)
        }
        // Connections a busy turn had no time for go first (none waits twice), then those whose input arrived
        // since, all in one COMMIT (group commit) within a generous budget; leftovers of floods (a connection
        // that used its slice) follow within a short one, so a flood never holds back the others' replies.
        var queues = TurnQueues(unserved: unserved, ready: ready, deferred: deferred)
        unserved.removeAll(keepingCapacity: true)
        ready.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
        readySet.removeAll(keepingCapacity: true)
        outcomes += TurnScheduler.run(
            &queues, budgets: turnBudgets, now: Monotonic.now, client: { self.connections[$0] },
            execute: { self.execute($0, on: $1) },
            served: { c in
                if c.readPaused && c.inputBytes < Server.inputPauseBytes / 4
                    && c.input.count < Server.inputPauseItems / 4
                {
                    c.readPaused = false
                    self.updateInterest(c)
                }
            })
        unserved += queues.unserved
        deferred += queues.deferred
        // Timers run after the commands, so a `clock advance` fires what it passes in the same turn.
        flushSearchIndexIfDue(wrote: outcomes.contains { $0.wrote })
        // Checked again: a `clock advance` in this turn may have passed the head.
        // While the database is out of reach (a command of this turn or the last second found it so), reminders
        // wait: each attempt would hold this turn's replies for the whole response bound. They fire once it is back.
        if let next = nextReminderAt, next <= clock.now, !databaseRecentlyUnavailable {
            do {
                outcomes += try store.savepoint { try handlers.fireDueReminders() }
                remindersChanged = true
            } catch {
                Log.error("firing reminders failed", ["error": "\(error)"])
                if Server.failureCode(error) == .errorUnavailable { unavailableAt = Monotonic.now() }
            }
        }
        appendToLink(outcomes)
        let started = Monotonic.now()
        do {
            try turn.commit()  // rolls the turn back itself when the COMMIT fails
            stats.recordCommit(seconds: Monotonic.now() - started)
        } catch {
            stats.commitFailures += 1
            Log.error("commit failed", ["error": "\(error)"])
            if Server.failureCode(error) == .errorUnavailable { unavailableAt = Monotonic.now() }
            outcomes = voided(outcomes, code: Server.failureCode(error))
        }
        deliver(outcomes)
        if remindersChanged {
            remindersChanged = false
            refreshReminderHead()
        }
        advanceStreams()
    }

    /// Reads the timer head again. A failed read is not "nothing pending": the head is set a second ahead, so
    /// the loop fires what is due then (nothing, if nothing is) and reads it again.
    func refreshReminderHead() {
        guard !databaseRecentlyUnavailable else {
            nextReminderAt = clock.now + 1  // asked again once the database answers
            return
        }
        do {
            nextReminderAt = try handlers.nextReminderTime()
        } catch {
            Log.error("reading the next reminder time failed; trying again in a second", ["error": "\(error)"])
            if Server.failureCode(error) == .errorUnavailable { unavailableAt = Monotonic.now() }
            nextReminderAt = clock.now + 1
        }
    }

    /// Whether a command or a read found the database out of reach within the last second.
    var databaseRecentlyUnavailable: Bool {
        unavailableAt.map { Monotonic.now() - $0 < 1 } ?? false
    }

    /// The loop's turn limits (see the constants below).
    var turnBudgets: TurnBudgets {
        TurnBudgets(
            commands: Server.turnCommandBudget, addressSeconds: Server.addressTimeShare,
            output: Server.turnOutputBudget, outputLimit: config.outputLimit, freshSeconds: Server.turnFreshBudget,
            leftoverSeconds: Server.turnTimeBudget)
    }

    /// The most commands, and reply bytes, one connection gets in one turn: a pipelined flood cannot make
    /// a turn (and so everyone's replies) wait for thousands of its commands.
    static let turnCommandBudget = 256
    static let turnOutputBudget = 64 * 1024
    /// Seconds of command execution after which a turn serves no more leftovers of earlier floods.
    static let turnTimeBudget = 0.004
    /// Seconds of command execution after which a turn takes no more connections at all: far above a normal
    /// turn (50 writers at ~130 µs each take ~7 ms, in one COMMIT), it only bounds a turn under overload.
    static let turnFreshBudget = 0.025
    /// Seconds of command execution one client address gets in one turn, over all its connections: with
    /// `turnCommandBudget`, its share. A bystander then waits for a few milliseconds of a flooder's work per
    /// turn, not for its whole slice times its connections. 2 ms rather than 4: during 64 pipelining
    /// connections from one address a bystander's ping p99 was 61–62 ms at 4 ms, 44 ms at 2 ms, on a loaded
    /// 2-core VM (docs/PERFORMANCE.md §20); a lone pipelining client still gets about 50 adds per commit.
    static let addressTimeShare = 0.002

    /// Unsent output below which a streamed reply gets its next pieces, and the most one turn adds to it.
    /// 64 KB a turn (it was 128 KB): rendering a piece is loop time no address share counts, and with 128 KB
    /// 256 pipelined `export`s held a bystander's ping at p50 10.7 / p99 20.1 ms, with 64 KB 6.0–6.5 / 10.8–11.7.
    static let streamLowWater = 128 * 1024
    static let streamTurnBudget = 64 * 1024

    /// Writes the next pieces of every streamed reply whose reader has taken the last ones. Runs after the
    /// COMMIT, outside the turn's transaction: a piece reads committed state only.
    func advanceStreams() {
        for id in streaming {
            guard let c = connections[id], let stream = c.stream else {
                streaming.remove(id)
                continue
            }
            guard c.pendingOutput < Server.streamLowWater else { continue }
            var done = false
            var piece: [UInt8] = []
            do {
                while !done && c.pendingOutput + piece.count < Server.streamTurnBudget {
                    done = try stream.write(into: &piece, budget: 64 * 1024)
                }
            } catch {
                // The reply is half written and cannot be taken back: end the line and close.
                Log.error("stream failed", ["conn": "\(c.id)", "error": "\(error)"])
                c.send(bytes: piece + [13, 10])
                c.stream = nil
                streaming.remove(id)
                c.closeAfterFlush = true
                c.readClosed = true
                updateInterest(c)
                dirty.insert(c.id)
                continue
            }
            c.send(bytes: piece)
            dirty.insert(c.id)
            if done {
                c.stream = nil
                streaming.remove(id)
                for line in c.heldLines { c.send(line: line) }
                c.heldLines = []
                c.heldBytes = 0
                if !c.input.isEmpty { markReady(c) }
            }
        }
    }

    /// After a failed commit: every command from the first write on is answered with a storage error
    /// (a later read in the same turn may have seen the lost write) and its in-memory effects undone.
    private func voided(_ outcomes: [Outcome], code: ReplyCode) -> [Outcome] {
        let (result, unstored) = Server.voided(outcomes, code: code) { self.connections[$0]?.lang }
        for id in unstored { connections[id]?.resumeDigest = nil }  // the token was never stored
        return result
    }

    /// What a turn's outcomes become when its COMMIT failed, socket-free: from the first command that wrote on,
    /// every reply is the failure `code` in its reader's language (a reply that stands whatever the COMMIT says,
    /// `replyIfCommitFails`, is kept), no event, stream, close or session end survives, and each voided
    /// command's `undo` runs, newest first. Replies before the first write (reads of committed state) stand.
    /// Outcomes of connections gone meanwhile (`language` nil) are left alone: nobody will read them.
    /// - Returns: the outcomes to deliver, and the connections whose standing reply named a resume token
    ///   that was never stored.
    static func voided(
        _ outcomes: [Outcome], code: ReplyCode, language: (UInt64) -> Language?
    ) -> (outcomes: [Outcome], unstoredTokens: [UInt64]) {
        var result = outcomes
        var unstored: [UInt64] = []
        let firstWrite = result.firstIndex { $0.wrote } ?? result.count
        for i in (firstWrite..<result.count).reversed() where result[i].replyIfCommitFails == nil { result[i].undo?() }
        for i in firstWrite..<result.count {
            guard let lang = language(result[i].connection) else { continue }
            if let standing = result[i].replyIfCommitFails {
                result[i].reply = standing
                result[i].lines = nil
                unstored.append(result[i].connection)
                continue
            }
            result[i].reply = .failure(code, Catalog.text(code.key, lang))
            result[i].lines = nil
            result[i].rawLines = nil
            result[i].stream = nil
            result[i].endsSessions = []
            result[i].events = []
            result[i].close = false
        }
        return (result, unstored)
    }

    private func failEverything(error: Error) {
        let code = Server.failureCode(error)
        for id in ready {
            guard let c = connections[id] else { continue }
            for _ in c.input {
                emit(Reply.failure(code, Catalog.text(code.key, c.lang)).render(json: c.json, tag: nil), to: c)
            }
            c.input = []
            c.inputBytes = 0
        }
        ready.removeAll()
        readySet.removeAll()
    }

    private func deliver(_ outcomes: [Outcome]) {
        for o in outcomes {
            guard let c = connections[o.connection] else { continue }
            if let stream = o.stream {
                c.stream = stream
                streaming.insert(c.id)
            } else {
                emit(o.lines ?? o.rawLines ?? o.reply.render(json: c.json, tag: o.tag), to: c)
            }
            if let task = o.reminded { c.session.lastReminded = task }
            for event in o.events { publish(event, except: o.connection) }
            for id in o.endsSessions { endSession(id, code: o.endReason ?? .authPasswordChangedElsewhere) }
            if o.close {
                c.closeAfterFlush = true
                c.readClosed = true
                updateInterest(c)
            }
        }
    }

    /// Sends an event to every session of its recipients except the acting connection.
    func publish(_ event: Event, except actingConnection: UInt64) {
        for user in event.recipients {
            for id in sessions[user] ?? [] where id != actingConnection {
                guard let c = connections[id] else { continue }
                push(event.render(lang: c.lang, tz: c.tz, json: c.json), to: c)
            }
        }
    }

    /// Frames, tags, rate-limits and parses one input item, then runs it.
    private func execute(_ item: FramedItem, on c: Connection) -> Outcome? {
        if c.awaitsProxyHeader {
            c.awaitsProxyHeader = false
            if case .line(let first) = item, first.hasPrefix("PROXY ") {
                acceptProxyHeader(first, on: c)
                return nil
            }
        }
        let line: String
        switch item {
        case .line(let l): line = l
        case .tooLong:
            return Outcome(
                connection: c.id,
                reply: .failure(.lineTooLong, t(c, .lineTooLong, ["limit": "\(config.lineLimit)"])))
        case .badEncoding:
            return Outcome(connection: c.id, reply: .failure(.lineBadEncoding, t(c, .lineBadEncoding)))
        case .controlChars:
            return Outcome(connection: c.id, reply: .failure(.lineControlChars, t(c, .lineControlChars)))
        }
        let (tag, body) = Server.splitTag(line)
        if body.allSatisfy({ $0 == " " }) {
            // A bare tag is a bot waiting for an answer: tell it, under its own id. A blank line gets nothing.
            guard let tag else { return nil }
            return Outcome(
                connection: c.id, tag: tag,
                reply: .failure(.errorUsage, t(c, .errorTagWithoutCommand, ["tag": tag])))
        }
        guard c.bucket.take(now: Monotonic.now()) else {
            return Outcome(
                connection: c.id, tag: tag, reply: .failure(.errorRateLimited, t(c, .errorRateLimited)))
        }
        stats.commands += 1
        return runCommand(on: c, tag: tag) {
            switch try handlers.run(body, on: c.session, tag: tag) {
            case .outcome(let outcome): return outcome
            case .hash(let job, let pending): return submit(job, pending: pending, on: c)
            case .stats(let user): return Outcome(connection: c.id, tag: tag, reply: statistics(user: user, on: c))
            }
        }
    }

    /// Runs one command's body inside a savepoint, so a storage failure undoes only that command; applies
    /// its effects on other sessions at once (undone if the turn's commit fails).
    private func runCommand(on c: Connection, tag: String?, _ body: () throws -> Outcome?) -> Outcome? {
        do {
            guard var o = try store.savepoint(body) else { return nil }
            if o.tag == nil { o.tag = tag }
            if o.remindersChanged { remindersChanged = true }
            if let undo = apply(&o, on: c) {
                let earlier = o.undo
                o.undo = {
                    undo()
                    earlier?()
                }
            }
            return o
        } catch {
            Log.error("command failed", ["conn": "\(c.id)", "error": "\(error)"])
            let code = Server.failureCode(error)
            if code == .errorUnavailable { unavailableAt = Monotonic.now() }
            return Outcome(connection: c.id, tag: tag, reply: .failure(code, t(c, code.key)))
        }
    }

    /// The reply code of a command or turn that failed with `error`: the database out of reach (PostgreSQL:
    /// the node reconnects by itself), another storage failure, or a bug.
    static func failureCode(_ error: Error) -> ReplyCode {
        let storage: DatabaseError
        switch error {
        case CommandFailure.storage(let e): storage = e
        case CommandFailure.bug: return .errorInternal
        case let e as DatabaseError: storage = e
        default: return .errorInternal
        }
        return storage.isUnavailable ? .errorUnavailable : .errorStorage
    }

    /// Splits an `@id=<token> ` prefix from a line. Tokens are 1–64 characters of [A-Za-z0-9._:-].
    static func splitTag(_ line: String) -> (String?, Substring) {
        let s = Substring(line).drop(while: { $0 == " " })
        guard s.hasPrefix("@id=") else { return (nil, s) }
        let afterPrefix = s.dropFirst(4)
        let token = afterPrefix.prefix(while: { $0 != " " })
        guard !token.isEmpty, token.count <= 64,
            token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._:-".contains($0)) })
        else { return (nil, s) }
        return (String(token), afterPrefix.dropFirst(token.count))
    }

    /// Localized text in the connection's language.
    func t(_ c: Connection, _ key: TextKey, _ args: [String: String] = [:]) -> String {
        Catalog.text(key, c.lang, args)
    }

    /// Text written for search waits in a plain table and enters the full-text index in batches of at most
    /// `searchFlushBatch` rows, inside the turn's transaction (so it shares its commit): once a second, or as soon
    /// as a batch is waiting. An index insert in every turn wrote a new index segment per commit; one flush a
    /// second let a flood's backlog grow to thousands of rows, which the next `search` (it flushes everything
    /// first, to see every change) then moved on the loop in one command.
    /// `wrote`: whether a command of this turn wrote (only then can a batch have filled since the last turn).
    func flushSearchIndexIfDue(wrote: Bool) {
        let now = Monotonic.now()
        do {
            let due =
                try searchBacklog || now - lastSearchFlush >= 1
                || (wrote && store.searchBacklog(atLeast: Server.searchFlushBatch))
            guard due else { return }
            let moved = try store.savepoint { try store.flushSearchIndex(limit: Server.searchFlushBatch) }
            // A full batch leaves more: the next turns take the rest, one batch each, without waiting a second.
            searchBacklog = moved == Server.searchFlushBatch
            if !searchBacklog { lastSearchFlush = now }
        } catch {
            Log.error("search index flush failed", ["error": "\(error)"])
            searchBacklog = false
            lastSearchFlush = now
        }
    }

    /// The most rows one turn moves into the search index: 128, about 1.5–3 ms (10–25 µs a row, release).
    /// It was 2,000 (20–34 ms): once a second during a flood of adds that one turn held every other client's
    /// reply, and made a bystander's ping p99 (docs/PERFORMANCE.md §22). A second's backlog at the most adds
    /// one core carries (~10,000) drains in under 100 turns, a few hundred milliseconds.
    static let searchFlushBatch = 128
}
