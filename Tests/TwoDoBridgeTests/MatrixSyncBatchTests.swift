// Decoding recorded Synapse `/sync` responses into invites, memberships and messages.

import Foundation
import Testing

@testable import TwoDoBridge

@Suite("MatrixSyncBatch")
struct MatrixSyncBatchTests {
    func batch(_ json: String) throws -> MatrixSyncBatch {
        try #require(MatrixSyncBatch(json: Data(json.utf8)))
    }

    @Test("the first sync of a new bot has a position and nothing else")
    func initial() throws {
        let b = try batch(MatrixFixtures.initialSync)
        #expect(b.nextBatch == "s1_2_0_1_1_1_1_6_0_1_1_1_1_1")
        #expect(b.invites.isEmpty && b.rooms.isEmpty && b.left.isEmpty)
    }

    @Test("an invite to a direct room names the inviter and carries is_direct")
    func directInvite() throws {
        let b = try batch(MatrixFixtures.directInvite)
        #expect(b.invites == [.init(room: MatrixFixtures.aliceRoom, inviter: "@alice:localhost", isDirect: true)])
    }

    @Test("messages keep their order, sender, msgtype and text, Turkish and newlines included")
    func messages() throws {
        let b = try batch(MatrixFixtures.messages)
        #expect(
            b.rooms[MatrixFixtures.aliceRoom] == [
                .message(sender: "@alice:localhost", msgtype: "m.text", body: "register alice secret-alice"),
                .message(sender: "@alice:localhost", msgtype: "m.text", body: "süt ekle\nshow"),
                .message(sender: "@twodo:localhost", msgtype: "m.notice", body: "Bot says hi"),
            ])
    }

    @Test("memberships, a non-direct invite and a room the bot left are all seen")
    func membershipsAndLeave() throws {
        let b = try batch(MatrixFixtures.thirdMemberAndLeave)
        let events = try #require(b.rooms[MatrixFixtures.aliceRoom])
        #expect(events.contains(.membership(user: "@bob:localhost", membership: "join")))
        #expect(events.last == .membership(user: "@alice:localhost", membership: "leave"))
        #expect(b.invites == [.init(room: MatrixFixtures.groupRoom, inviter: "@bob:localhost", isDirect: false)])
        #expect(try batch(MatrixFixtures.botLeft).left == [MatrixFixtures.aliceRoom])
    }

    @Test(
        "edits are not commands, and a reply loses its quoted fallback",
        arguments: [
            (
                #"{"msgtype":"m.text","body":"* add tea","m.new_content":{"msgtype":"m.text","body":"add tea"},"m.relates_to":{"rel_type":"m.replace","event_id":"$x"}}"#,
                nil as String?
            ),
            (
                #"{"msgtype":"m.text","body":"> <@twodo:h> Added milk\n\ndone milk","m.relates_to":{"m.in_reply_to":{"event_id":"$x"}}}"#,
                "\ndone milk"
            ),
            (#"{"msgtype":"m.text","body":"> not a reply"}"#, "> not a reply"),
        ])
    func editsAndReplies(content: String, body: String?) throws {
        let json =
            #"{"next_batch":"n","rooms":{"join":{"!r":{"timeline":{"events":[{"type":"m.room.message","sender":"@a:h","event_id":"$e","content":\#(content)}]}}}}}"#
        let b = try batch(json)
        #expect(b.rooms["!r"]?.first == body.map { .message(sender: "@a:h", msgtype: "m.text", body: $0) })
    }

    @Test("an end-to-end encrypted message is seen as such, without content")
    func encrypted() throws {
        let json =
            #"{"next_batch":"n","rooms":{"join":{"!r":{"timeline":{"events":[{"type":"m.room.encrypted","sender":"@a:h","event_id":"$e","content":{"algorithm":"m.megolm.v1.aes-sha2","ciphertext":"AwgA"}}]}}}}}"#
        #expect(try batch(json).rooms["!r"] == [.encrypted(sender: "@a:h")])
    }

    @Test("a body that is not a sync response is refused", arguments: ["", "[]", #"{"errcode":"M_UNKNOWN_TOKEN"}"#])
    func garbage(json: String) {
        #expect(MatrixSyncBatch(json: Data(json.utf8)) == nil)
    }
}
