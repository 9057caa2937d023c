// Responses recorded from Synapse 1.163.2 (SQLite, loopback) while a user invited the bot to a direct room,
// wrote to it, brought in a third member and left; replayed by the Matrix tests through `RecordedTransport`.

/// Real homeserver answers, verbatim, keyed by what they show.
enum MatrixFixtures {
    /// `sync0.json`.
    static let initialSync =
        #"{"next_batch":"s1_2_0_1_1_1_1_6_0_1_1_1_1_1","device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[]}"#

    /// `sync1.json`.
    static let directInvite =
        #"{"next_batch":"s8_2_0_1_1_1_1_6_0_1_1_1_1_1","device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"invite":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"invite_state":{"events":[{"content":{"additional_creators":["@twodo:localhost"],"room_version":"12"},"sender":"@alice:localhost","state_key":"","type":"m.room.create"},{"content":{"join_rule":"invite"},"sender":"@alice:localhost","state_key":"","type":"m.room.join_rules"},{"content":{"displayname":"alice","membership":"join"},"sender":"@alice:localhost","state_key":"@alice:localhost","type":"m.room.member"},{"type":"m.room.member","state_key":"@twodo:localhost","content":{"displayname":"twodo","is_direct":true,"membership":"invite"},"sender":"@alice:localhost"}]}}}}}"#

    /// `sync2.json`.
    static let joined =
        #"{"next_batch":"s9_2_0_1_1_1_1_6_0_1_1_1_1_1","device_lists":{"changed":["@alice:localhost","@twodo:localhost"]},"device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"join":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"timeline":{"events":[{"content":{"displayname":"alice","membership":"join"},"event_id":"$rHh2hfc_xlbXxzVZno7LrR55geSEPp0vN2XmdiWnb_g","origin_server_ts":1795332652293,"sender":"@alice:localhost","state_key":"@alice:localhost","type":"m.room.member","unsigned":{"age":7307,"membership":"leave"}},{"content":{"displayname":"twodo","is_direct":true,"membership":"invite"},"event_id":"$R3DykO9iRdPL0m0ABKgUTL_av_7WLYl6NdVCmIPniEw","origin_server_ts":1795332652382,"sender":"@alice:localhost","state_key":"@twodo:localhost","type":"m.room.member","unsigned":{"age":7218,"membership":"invite"}},{"content":{"displayname":"twodo","membership":"join"},"event_id":"$s5lxmNyprz7iltHKdIuTMTLHqJBqjjgEXZKjFwVCQRE","origin_server_ts":1795332659422,"sender":"@twodo:localhost","state_key":"@twodo:localhost","type":"m.room.member","unsigned":{"age":178,"membership":"join","prev_content":{"displayname":"twodo","is_direct":true,"membership":"invite"},"prev_sender":"@alice:localhost","replaces_state":"$R3DykO9iRdPL0m0ABKgUTL_av_7WLYl6NdVCmIPniEw"}}],"prev_batch":"s8_2_0_1_1_1_1_6_0_1_1_1_1_1","limited":true},"state":{"events":[]},"account_data":{"events":[]},"ephemeral":{"events":[]},"unread_notifications":{"notification_count":0,"highlight_count":0},"summary":{}}}}}"#

    /// `sync3.json`.
    static let messages =
        #"{"next_batch":"s12_3_0_1_1_1_1_6_0_1_1_1_1_1","device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"join":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"timeline":{"events":[{"content":{"body":"register alice secret-alice","msgtype":"m.text"},"event_id":"$TED7Vhs1xqH1V7rO6ZuM_4t_gRzEJG-5UGrEj2utEes","origin_server_ts":1795332659618,"sender":"@alice:localhost","type":"m.room.message","unsigned":{"age":240,"membership":"join"}},{"content":{"body":"s\u00fct ekle\nshow","msgtype":"m.text"},"event_id":"$-zjf27guRMJL76Ts_lguZsALAYYnB3A0YFB_k3tK4_4","origin_server_ts":1795332659659,"sender":"@alice:localhost","type":"m.room.message","unsigned":{"age":199,"membership":"join"}},{"content":{"body":"Bot says hi","msgtype":"m.notice"},"event_id":"$BgJaeT6QNWsQNbujWvuN2118vzfcGtIFkTqoq-GBUEI","origin_server_ts":1795332659706,"sender":"@twodo:localhost","type":"m.room.message","unsigned":{"age":152,"membership":"join","transaction_id":"b1"}}],"prev_batch":"s9_3_0_1_1_1_1_6_0_1_1_1_1_1","limited":false},"state":{"events":[]},"account_data":{"events":[]},"ephemeral":{"events":[]},"unread_notifications":{"notification_count":2,"highlight_count":0},"summary":{}}}}}"#

    /// `sync4.json`.
    static let thirdMemberAndLeave =
        #"{"next_batch":"s24_4_0_1_1_1_1_7_0_1_1_1_1_1","device_lists":{"changed":["@bob:localhost"],"left":["@alice:localhost"]},"device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"join":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"timeline":{"events":[{"content":{"displayname":"bob","membership":"invite"},"event_id":"$OVA8-RLymDxVLmLUxL8NeGfPcF3M3ppw-UWUT8_4DYc","origin_server_ts":1795332668708,"sender":"@alice:localhost","state_key":"@bob:localhost","type":"m.room.member","unsigned":{"age":453,"membership":"join"}},{"content":{"displayname":"bob","membership":"join"},"event_id":"$k89JEVBF2DMRltS1PWI79ZksFnYkXwPoufprl8vb9Dc","origin_server_ts":1795332668764,"sender":"@bob:localhost","state_key":"@bob:localhost","type":"m.room.member","unsigned":{"age":397,"membership":"join","prev_content":{"displayname":"bob","membership":"invite"},"prev_sender":"@alice:localhost","replaces_state":"$OVA8-RLymDxVLmLUxL8NeGfPcF3M3ppw-UWUT8_4DYc"}},{"content":{"body":"login bob pw","msgtype":"m.text"},"event_id":"$rVbUZLA7YT0Enzjc-ZMtwrbuhCpuj8gPDNtCEILqW4I","origin_server_ts":1795332668803,"sender":"@bob:localhost","type":"m.room.message","unsigned":{"age":358,"membership":"join"}},{"content":{"membership":"leave"},"event_id":"$L2DLl2YcKzl1hNPHnJUsIWtEzpFO_FG9K4v-u4S2_xY","origin_server_ts":1795332668843,"sender":"@alice:localhost","state_key":"@alice:localhost","type":"m.room.member","unsigned":{"age":318,"membership":"join","prev_content":{"displayname":"alice","membership":"join"},"prev_sender":"@alice:localhost","replaces_state":"$rHh2hfc_xlbXxzVZno7LrR55geSEPp0vN2XmdiWnb_g"}}],"prev_batch":"s12_4_0_1_1_1_1_7_0_1_1_1_1_1","limited":false},"state":{"events":[]},"account_data":{"events":[]},"ephemeral":{"events":[]},"unread_notifications":{"notification_count":3,"highlight_count":0},"summary":{}}},"invite":{"!oBJWibveJ1tIVkeUxoXfMIy7wgoGRnVxRP-UuzXwm-g":{"invite_state":{"events":[{"content":{"room_version":"12"},"sender":"@bob:localhost","state_key":"","type":"m.room.create"},{"content":{"join_rule":"invite"},"sender":"@bob:localhost","state_key":"","type":"m.room.join_rules"},{"content":{"name":"family"},"sender":"@bob:localhost","state_key":"","type":"m.room.name"},{"content":{"displayname":"bob","membership":"join"},"sender":"@bob:localhost","state_key":"@bob:localhost","type":"m.room.member"},{"type":"m.room.member","state_key":"@twodo:localhost","content":{"displayname":"twodo","membership":"invite"},"sender":"@bob:localhost"}]}}}}}"#

    /// `sync5.json`.
    static let botLeft =
        #"{"next_batch":"s25_4_0_1_1_1_1_7_0_1_1_1_1_1","device_lists":{"left":["@bob:localhost"]},"device_one_time_keys_count":{"signed_curve25519":0},"device_unused_fallback_key_types":[],"rooms":{"leave":{"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4":{"timeline":{"events":[{"content":{"membership":"leave"},"event_id":"$dQ2d9gLJJ0aMf9wxB2Esa0OYhFfKlnJ1gyPWnmTVXag","origin_server_ts":1795332669179,"sender":"@twodo:localhost","state_key":"@twodo:localhost","type":"m.room.member","unsigned":{"age":151,"membership":"leave","prev_content":{"displayname":"twodo","membership":"join"},"prev_sender":"@twodo:localhost","replaces_state":"$s5lxmNyprz7iltHKdIuTMTLHqJBqjjgEXZKjFwVCQRE"}}],"prev_batch":"s25_4_0_1_1_1_1_7_0_1_1_1_1_1","limited":false},"state":{"events":[]},"account_data":{"events":[]}}}}}"#

    /// `whoami.json`.
    static let whoami = #"{"user_id":"@twodo:localhost","is_guest":false,"device_id":"FRIOFSJTLJ"}"#

    /// `sendA.json`.
    static let sent = #"{"event_id":"$TED7Vhs1xqH1V7rO6ZuM_4t_gRzEJG-5UGrEj2utEes"}"#

    /// `join.json`.
    static let joinedRoom = #"{"room_id":"!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4"}"#

    /// `err401.json`.
    static let unknownToken =
        #"{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token passed.","soft_logout":false}"#

    /// A 429 from the same server (its login rate limit), as every rate-limited endpoint answers.
    static let limitExceeded = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":307923}"#

    /// The room alice made for her direct chat with the bot.
    static let aliceRoom = "!SP_VUXOqOdGTTK7j-9Gqk9v8BViDIiWiHijUkywWvR4"
    /// The room bob made with a name and no `is_direct`.
    static let groupRoom = "!oBJWibveJ1tIVkeUxoXfMIy7wgoGRnVxRP-UuzXwm-g"
}
