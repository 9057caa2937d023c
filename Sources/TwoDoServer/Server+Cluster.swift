// Several nodes on one PostgreSQL database: live events to and from the others, and presence across nodes.

import Foundation
import TwoDoCore
import TwoDoFeatures
import TwoDoPostgres
import TwoDoSystem

extension Server {
    /// The epoll token of the link's listening socket.
    static let linkToken: UInt64 = 4

    /// The real time in unix seconds, for heartbeats, presence and the log's retention: liveness is shared
    /// between processes, so it never follows a node's test clock (`clock set` moves one node only).
    static var linkNow: Int64 { Int64(Date().timeIntervalSince1970) }

    /// Writes this turn's events, worded for each receiver, into the shared log inside the turn's transaction
    /// (before the COMMIT), so other nodes' sessions of the same users get them once it commits. Receivers on
    /// this node are served by `deliver` as on one node; their sessions elsewhere by the other nodes.
    func appendToLink(_ outcomes: [Outcome]) {
        guard let link = storage.link, let pg = storage.postgres else { return }
        var deliveries: [EventDelivery] = []
        var readers: [UserID: User] = [:]
        for outcome in outcomes {
            for line in outcome.remoteLines {
                deliveries.append(
                    EventDelivery(
                        user: line.user.rawValue, text: line.text, json: line.json, notification: line.notification))
            }
            for event in outcome.events {
                for id in event.recipients {
                    if readers[id] == nil {
                        do {
                            readers[id] = try store.user(id)  // nil: the account is gone, nobody to tell
                        } catch {
                            Log.error(
                                "reading an event's reader failed", ["user": "\(id.rawValue)", "error": "\(error)"])
                        }
                    }
                    guard let reader = readers[id] else { continue }
                    deliveries.append(
                        EventDelivery(
                            user: id.rawValue, text: event.render(lang: reader.lang, tz: reader.tz, json: false),
                            json: event.render(lang: reader.lang, tz: reader.tz, json: true)))
                }
            }
        }
        guard !deliveries.isEmpty else { return }
        do {
            try store.savepoint { try link.append(deliveries, in: pg, now: Server.linkNow) }
        } catch {
            Log.error("event log append failed", ["error": "\(error)"])
        }
    }

    /// Reads what other nodes committed since the last read and pushes it to this node's sessions of each
    /// receiver. A large backlog is read a batch at a time, between turns.
    func receiveFromLink() {
        guard let link = storage.link else { return }
        linkBacklog = false
        do {
            let (deliveries, more) = try link.receive()
            linkBacklog = more
            for d in deliveries {
                var delivered = false
                for id in sessions[UserID(d.user)] ?? [] {
                    guard let c = connections[id], !c.isClosed, !c.closeAfterFlush else { continue }
                    push(c.json ? d.json : d.text, to: c)
                    delivered = true
                }
                if delivered, let row = d.notification { try link.markDelivered(notification: row) }
            }
        } catch {
            Log.error("lost the event link; reconnecting", ["error": "\(error)"])
            linkSocket = nil
        }
    }

    /// Once a second: reconnect a lost link (then catch up), beat, and re-record this node's sessions when the
    /// others had forgotten it; once a minute, prune the log.
    func maintainLink(now: Double) {
        guard let link = storage.link else { return }
        if linkSocket == nil {
            guard link.reconnect(now: now), let fd = link.socket else { return }
            do {
                try epoll.add(fd, token: Server.linkToken, interest: .readable)
                linkSocket = fd
                Log.info("event link back", [:])
            } catch {
                Log.error("cannot watch the event link", ["error": "\(error)"])
                link.disconnect()
                return
            }
            receiveFromLink()
        }
        do {
            if try link.heartbeat(now: Server.linkNow) {
                for user in sessions.keys { try link.setOnline(user.rawValue, true, now: Server.linkNow) }
            }
            if now - lastLinkPrune >= 60 {
                lastLinkPrune = now
                try link.prune(now: Server.linkNow)
            }
        } catch {
            Log.error("event link heartbeat failed", ["error": "\(error)"])
        }
    }

    /// Records a user's first session on this node, or their last one gone, for the other nodes' presence.
    func linkPresence(_ user: UserID, online: Bool) {
        guard let link = storage.link else { return }
        do {
            try link.setOnline(user.rawValue, online, now: Server.linkNow)
        } catch {
            Log.error("presence update failed", ["error": "\(error)"])
        }
    }

    /// Whether `user` has sessions on another live node: asked of the database once per user and turn (the
    /// turn's snapshot, `presenceElsewhere`), however many events of the turn reach them.
    public func isOnlineElsewhere(_ user: UserID) -> Bool {
        guard let link = storage.link else { return false }
        if let known = presenceElsewhere[user] { return known }
        let online: Bool
        do {
            online = try link.isOnlineElsewhere(user.rawValue, now: Server.linkNow)
        } catch {
            // Taken as "not elsewhere": what they miss waits in their inbox, unread, as for anyone offline.
            Log.error(
                "presence lookup failed; their events wait in the inbox",
                ["user": "\(user.rawValue)", "error": "\(error)"])
            online = false
        }
        presenceElsewhere[user] = online
        return online
    }
}

/// The login and registration throttles' counts in the shared database (`PostgresNodeLink`), for every node.
final class SharedFailureLedger: FailureLedger {
    private let link: PostgresNodeLink

    init(link: PostgresNodeLink) { self.link = link }

    var now: Double { link.wallNow }
    func entry(_ key: String) throws -> (count: Int, last: Double)? { try link.throttleEntry(Self.text(key)) }
    func record(_ key: String, window: Double) throws { try link.throttleRecord(Self.text(key), window: window) }
    func forget(_ key: String) throws { try link.throttleForget(Self.text(key)) }
    func prune(namespace: String, idleFor: Double) throws {
        try link.throttlePrune(prefix: Self.text(namespace), idleFor: idleFor)
    }

    /// The throttles join a key's parts with NUL, which PostgreSQL text cannot hold (libpq would cut the key
    /// there, and every pair would become one): the unit separator stands in, a control character no name or
    /// address contains.
    private static func text(_ key: String) -> String { key.replacingOccurrences(of: "\u{0}", with: "\u{1F}") }
}
