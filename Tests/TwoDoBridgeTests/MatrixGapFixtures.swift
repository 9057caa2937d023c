// Synapse-shaped answers for a busy room: a `limited` sync timeline and the `/messages` pages that fill its gap.

/// Answers written in the shape Synapse 1.163.2 gives (field order, tokens, `unsigned`), not recorded:
/// a gap needs more than 50 events between two syncs, which the recording session did not produce.
extension MatrixFixtures {
    /// The position of the sync before the gap (`messages`' `next_batch`).
    static let beforeGap = "s12_3_0_1_1_1_1_6_0_1_1_1_1_1"
    /// The limited timeline's `prev_batch`.
    static let gapStart = "s61_3_0_1_1_1_1_6_0_1_1_1_1_1"

    /// An `m.room.message` event of alice's room as Synapse serves it.
    static func message(_ id: String, from sender: String, _ body: String, msgtype: String = "m.text") -> String {
        #"{"content":{"body":"\#(body)","msgtype":"\#(msgtype)"},"event_id":"\#(id)","origin_server_ts":1795332700000,"room_id":"\#(aliceRoom)","sender":"\#(sender)","type":"m.room.message","unsigned":{"age":1200,"membership":"join"}}"#
    }

    /// Alice's display name change: a member event, so it is both in the gap and in the `state` section.
    static let aliceRenamed =
        #"{"content":{"displayname":"Alice","membership":"join"},"event_id":"$m1-alice-renamed","origin_server_ts":1795332700100,"room_id":"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4","sender":"@alice:localhost","state_key":"@alice:localhost","type":"m.room.member","unsigned":{"age":1100,"membership":"join","prev_content":{"displayname":"alice","membership":"join"},"prev_sender":"@alice:localhost","replaces_state":"$rHh2hfc_xlbXxzVZno7LrR55geSEPp0vN2XmdiWnb_g"}}"#

    /// A sync whose timeline in alice's room is `limited`: it holds only `show` ($t1), with alice's
    /// rename in the `state` section.
    static let limitedSync =
        #"{"next_batch":"s70_3_0_1_1_1_1_6_0_1_1_1_1_1","device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"join":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"timeline":{"events":[\#(message("$t1-show", from: "@alice:localhost", "show"))],"prev_batch":"s61_3_0_1_1_1_1_6_0_1_1_1_1_1","limited":true},"state":{"events":[\#(aliceRenamed)]},"account_data":{"events":[]},"ephemeral":{"events":[]},"unread_notifications":{"notification_count":51,"highlight_count":0},"summary":{}}}}}"#

    /// A `/messages?dir=b` page: `events` newest first, and `end` unless the previous position was reached.
    static func historyPage(_ events: [String], start: String, end: String?) -> String {
        let end = end.map { #","end":"\#($0)""# } ?? ""
        return #"{"chunk":[\#(events.joined(separator: ","))],"start":"\#(start)"\#(end)}"#
    }
}
