// One `/sync` response, reduced to what the bridge acts on: invites, memberships, text messages.

import Foundation

/// The parts of a `/sync` response the bridge needs, in the order the homeserver gave them.
public struct MatrixSyncBatch: Sendable, Equatable {
    /// An invitation of the bot to a room.
    public struct Invite: Sendable, Equatable {
        /// The room.
        public var room: String
        /// Who invited the bot.
        public var inviter: String
        /// Whether the inviter marked the room as a direct chat (`is_direct` on the bot's invite).
        public var isDirect: Bool

        /// An invite from its parts.
        public init(room: String, inviter: String, isDirect: Bool) {
            self.room = room
            self.inviter = inviter
            self.isDirect = isDirect
        }
    }

    /// Something that happened in a joined room, in timeline order.
    public enum RoomEvent: Sendable, Equatable {
        /// An `m.room.message`: who sent it, its `msgtype` and its text (reply quotes removed).
        case message(sender: String, msgtype: String, body: String)
        /// An `m.room.member` change: `user`'s membership is now `membership` (`join`, `leave`, `ban`, ...).
        case membership(user: String, membership: String)
        /// An end-to-end encrypted message (`m.room.encrypted`), which the bridge cannot read.
        case encrypted(sender: String)
    }

    /// A joined room's timeline as the homeserver sent it, with event ids, so a `limited` one can be
    /// completed from the room's history and each event still handled once.
    public struct Timeline: Sendable, Equatable {
        /// One event of the room: its `event_id` and what the bridge makes of it (nil: nothing).
        public struct Entry: Sendable, Equatable {
            /// The `event_id`; nil only for an event that lacks one (never deduplicated).
            public var id: String?
            /// The decoded event, or nil for one the bridge ignores (an edit, say).
            public var event: RoomEvent?

            /// An entry from its parts.
            public init(id: String?, event: RoomEvent?) {
                self.id = id
                self.event = event
            }
        }

        /// `limited`: more happened since the previous sync than the timeline holds; older events are missing.
        public var limited: Bool
        /// `prev_batch`: where to page back from to fetch what is missing.
        public var previousBatch: String?
        /// The `state` section's events, which come before the timeline.
        public var state: [Entry]
        /// The timeline's events, oldest first (after a gap is filled, the recovered ones first).
        public var events: [Entry]

        /// A timeline from its parts.
        public init(limited: Bool, previousBatch: String?, state: [Entry] = [], events: [Entry]) {
            self.limited = limited
            self.previousBatch = previousBatch
            self.state = state
            self.events = events
        }
    }

    /// The token to pass as `since` next time.
    public var nextBatch: String
    /// Rooms the bot is invited to.
    public var invites: [Invite] = []
    /// Events of joined rooms, by room id, each list in timeline order.
    public var rooms: [String: [RoomEvent]] = [:]
    /// Joined rooms' member counts, where the response's `summary` gave one.
    public var joinedMemberCounts: [String: Int] = [:]
    /// Rooms the bot has left or was removed from.
    public var left: [String] = []
    /// Joined rooms' timelines with their event ids, whether or not any event in them matters.
    public var timelines: [String: Timeline] = [:]

    /// A batch from its parts.
    public init(nextBatch: String, invites: [Invite] = [], rooms: [String: [RoomEvent]] = [:], left: [String] = []) {
        self.nextBatch = nextBatch
        self.invites = invites
        self.rooms = rooms
        self.left = left
    }

    /// Decodes a `/sync` response body; nil when it is not JSON with a `next_batch`.
    public init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let next = object["next_batch"] as? String
        else { return nil }
        self.init(nextBatch: next)
        let rooms = object["rooms"] as? [String: Any] ?? [:]
        for (room, value) in (rooms["invite"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let events = ((value as? [String: Any])?["invite_state"] as? [String: Any])?["events"] as? [Any] ?? []
            // The bot's own member event says who invited it and whether the room is direct.
            for case let event as [String: Any] in events
            where event["type"] as? String == "m.room.member"
                && (event["content"] as? [String: Any])?["membership"]
                    as? String == "invite"
            {
                let content = event["content"] as? [String: Any] ?? [:]
                invites.append(
                    Invite(
                        room: room, inviter: event["sender"] as? String ?? "",
                        isDirect: content["is_direct"] as? Bool ?? false))
                break
            }
        }
        for (room, value) in (rooms["join"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let joined = value as? [String: Any] ?? [:]
            if let count = (joined["summary"] as? [String: Any])?["m.joined_member_count"] as? Int {
                joinedMemberCounts[room] = count
            }
            let state = (joined["state"] as? [String: Any])?["events"] as? [Any] ?? []
            let timeline = joined["timeline"] as? [String: Any] ?? [:]
            timelines[room] = Timeline(
                limited: timeline["limited"] as? Bool ?? false, previousBatch: timeline["prev_batch"] as? String,
                state: state.map { Self.entry($0 as? [String: Any] ?? [:]) },
                events: (timeline["events"] as? [Any] ?? []).map { Self.entry($0 as? [String: Any] ?? [:]) })
            updateEvents(of: room)
        }
        left = (rooms["leave"] as? [String: Any] ?? [:]).keys.sorted()
    }

    /// Puts events recovered from a `limited` timeline's gap (oldest first) before the timeline's own,
    /// keeping each event once: one already in the timeline is dropped from `recovered`, and a state
    /// event that is also recovered takes its place in the gap (where it happened).
    public mutating func fillGap(in room: String, with recovered: [Timeline.Entry]) {
        guard var timeline = timelines[room] else { return }
        var ids = Set(timeline.events.compactMap(\.id))
        let fresh = recovered.filter { entry in entry.id.map { ids.insert($0).inserted } ?? true }
        let freshIDs = Set(fresh.compactMap(\.id))
        timeline.state.removeAll { entry in entry.id.map(freshIDs.contains) ?? false }
        timeline.events = fresh + timeline.events
        timelines[room] = timeline
        updateEvents(of: room)
    }

    /// Recomputes `rooms[room]` from the room's timeline: state first, then the timeline, decoded events only.
    private mutating func updateEvents(of room: String) {
        guard let timeline = timelines[room] else { return }
        let events = (timeline.state + timeline.events).compactMap(\.event)
        rooms[room] = events.isEmpty ? nil : events
    }

    /// An event with its id, decoded or not.
    static func entry(_ event: [String: Any]) -> Timeline.Entry {
        Timeline.Entry(id: event["event_id"] as? String, event: roomEvent(event))
    }

    /// The event the bridge cares about, or nil.
    static func roomEvent(_ event: [String: Any]) -> RoomEvent? {
        guard let type = event["type"] as? String, let sender = event["sender"] as? String,
            let content = event["content"] as? [String: Any]
        else { return nil }
        switch type {
        case "m.room.member":
            guard let user = event["state_key"] as? String, let membership = content["membership"] as? String else {
                return nil
            }
            return .membership(user: user, membership: membership)
        case "m.room.encrypted":
            return .encrypted(sender: sender)
        case "m.room.message":
            guard let msgtype = content["msgtype"] as? String, var body = content["body"] as? String else { return nil }
            let relation = content["m.relates_to"] as? [String: Any]
            // An edit repeats the message as "* new text": not a new command.
            if relation?["rel_type"] as? String == "m.replace" || content["m.new_content"] != nil { return nil }
            if relation?["m.in_reply_to"] != nil { body = withoutReplyFallback(body) }
            return .message(sender: sender, msgtype: msgtype, body: body)
        default:
            return nil
        }
    }

    /// A reply's body without the quoted lines (`> <@bob:x> ...`) that clients put before it.
    static func withoutReplyFallback(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.first?.hasPrefix(">") == true else { return body }
        while let first = lines.first, first.hasPrefix(">") { lines = lines.dropFirst() }
        return lines.joined(separator: "\n")
    }
}
