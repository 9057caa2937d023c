// End to end: deleting an account and resetting a forgotten password with the partner's approval
// over TCP with two partners, in English and Turkish, and `twodo admin reset-password`.

import Foundation
import Testing

@Suite("Account deletion and password reset over TCP", .serialized, .timeLimit(.minutes(2)))
struct AccountLifecycleTests {
    /// The one-time code in a reply's text or data.
    static func code(in reply: JSONObject) throws -> String {
        try #require(reply.data["code"] as? String)
    }

    /// A new JSON-mode connection that is not logged in (from `source` when given).
    static func anonymous(_ server: TestServer, from source: String? = nil) throws -> LineClient {
        let c = try server.connect(from: source)
        _ = try c.command("json on")
        return c
    }

    // MARK: Deletion

    @Test("account delete explains and suggests export; the partner keeps everything, shown as a former member")
    func deleteInCouple() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add milk")
        _ = try bob.event()
        try alice.ok("note milk: the oat one")
        _ = try bob.event()
        try alice.ok("add bread")
        _ = try bob.event()
        try alice.ok("done bread")
        _ = try bob.event()
        let second = try server.login("alice")

        let explained = try alice.json("account delete")
        #expect(explained.ok == true)
        #expect(explained.code == "account.delete_confirm")
        #expect(explained.text.contains("export") && explained.text.contains("bob"))
        #expect(explained.data["space_deleted"] as? Bool == false)
        #expect(try bob.isQuiet(for: 0.2))  // asking is not deleting

        let wrong = try alice.json("account delete confirm not-my-password")
        #expect(wrong.code == "error.bad_credentials")
        // No name was typed: the answer speaks of the password alone.
        #expect(wrong.text == "Wrong password: that is not your current password. Nothing changed.")

        let deleted = try alice.json("account delete confirm \(TestServer.password("alice"))")
        #expect(deleted.code == "account.deleted")
        #expect(deleted.data["space_deleted"] as? Bool == false)
        #expect(alice.isClosedByServer(within: 3))
        let told = try second.readJSON()
        #expect(told.code == "auth.account_deleted")
        #expect(second.isClosedByServer(within: 3))
        let event = try bob.event()
        #expect(event.event == "account.deleted")
        #expect(event.text.contains("alice deleted their account"))

        // The shared items stay; authorship reads "a former member" (null in JSON).
        let lists = try bob.ok("export").data["lists"] as? [JSONObject] ?? []
        let tasks = lists.flatMap { $0["tasks"] as? [JSONObject] ?? [] }
        #expect(Set(tasks.compactMap { $0["title"] as? String }) == ["milk", "bread"])
        #expect(tasks.allSatisfy { $0["created_by"] is NSNull })
        #expect(tasks.allSatisfy { $0["completed_by"] is NSNull })
        let members = try bob.ok("who").data["members"] as? [JSONObject] ?? []
        #expect(members.compactMap { $0["name"] as? String } == ["bob"])
        _ = try bob.command("json off")
        let notes = try bob.lines("notes milk")
        #expect(notes.contains { $0.contains("a former member") && $0.contains("the oat one") })
        _ = try bob.command("lang tr")
        let notesTR = try bob.lines("notlar milk")
        #expect(notesTR.contains { $0.contains("eski bir üye") })

        // The login is gone and the name is free again.
        let again = try Self.anonymous(server)
        #expect(try again.json("login alice \(TestServer.password("alice"))").code == "error.bad_credentials")
        #expect(try again.json("register alice \(TestServer.password("alice"))").code == "auth.registered")
        #expect(try #require(again.json("show").data["tasks"] as? [JSONObject]).isEmpty)
    }

    @Test("hesap sil: the Turkish flow; a user alone loses their space too; wrong passwords are throttled")
    func deleteAloneInTurkish() throws {
        let server = try TestServer()
        let carol = try server.user("carol")
        try carol.ok("dil tr")
        try carol.ok("süt ekle")
        let explained = try carol.json("hesap sil")
        #expect(explained.code == "account.delete_confirm")
        #expect(explained.text.contains("dışa aktar") && explained.text.contains("Eşiniz olmadığı için"))
        #expect(explained.data["space_deleted"] as? Bool == true)

        // Another session of carol guesses: five wrong passwords, then it must wait.
        let guesser = try server.login("carol")
        for _ in 0..<5 {
            #expect(try guesser.json("hesap sil onayla yanlis-sifre").code == "error.bad_credentials")
        }
        let throttled = try guesser.json("hesap sil onayla \(TestServer.password("carol"))")
        #expect(throttled.code == "error.throttled")

        let deleted = try carol.json("hesap sil onayla \(TestServer.password("carol"))")
        #expect(deleted.code == "account.deleted")
        #expect(deleted.text.contains("hesabınız silindi"))
        #expect(deleted.data["space_deleted"] as? Bool == true)
        #expect(try guesser.readJSON().code == "auth.account_deleted")

        let fresh = try server.user("carol")
        #expect(try #require(fresh.json("show").data["tasks"] as? [JSONObject]).isEmpty)
        // Nothing of the old space is found, not even by search (its index rows went with it).
        #expect(try #require(fresh.json("ara süt").data["tasks"] as? [JSONObject]).isEmpty)
    }

    @Test("account delete needs a login, and its forms are strict")
    func deleteRefusals() throws {
        let server = try TestServer()
        let anon = try Self.anonymous(server)
        #expect(try anon.json("account delete").code == "error.not_logged_in")
        let alice = try server.user("alice")
        #expect(try alice.json("account delete confirm").code == "error.usage")
        #expect(try alice.json("account remove me now").code == "error.usage")
        #expect(try alice.json("account").code == "error.usage")
        // Deleting cannot be undone, and is not an undo step.
        #expect(try alice.json("undo").code == "error.nothing_to_undo")
    }

    // MARK: Forgotten passwords

    @Test("forgot, approve reset (partner online), reset: a one-time code that ends every old session")
    func resetWithLivePartner() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let stranger = try Self.anonymous(server)

        let asked = try stranger.json("forgot alice")
        #expect(asked.code == "reset.requested")
        let unknown = try stranger.json("forgot zed")
        // Unknown names get the same answer (the name aside).
        #expect(unknown.code == asked.code && unknown.ok == asked.ok)
        #expect(unknown.text == asked.text.replacingOccurrences(of: "alice", with: "zed"))
        #expect(Set(unknown.data.keys) == Set(asked.data.keys))
        let request = try bob.event()
        #expect(request.event == "reset.requested")
        #expect(request.text.contains("approve reset alice"))
        #expect(try alice.isQuiet(for: 0.2))  // the account itself is not told

        // Someone else's partner cannot approve; a code is needed before a reset works.
        let carol = try server.user("carol")
        #expect(try carol.json("approve reset alice").code == "error.reset_not_partner")
        #expect(try bob.json("approve reset carol").code == "error.reset_not_partner")
        #expect(
            try stranger.json("reset alice AAAA-BBBB-CCCC-DDDD new-plover-pass-41").code == "error.reset_code_invalid")

        let approved = try bob.ok("approve reset alice")
        #expect(approved.code == "reset.approved")
        let code = try Self.code(in: approved)
        #expect(code.count == 19 && approved.text.contains(code))
        #expect(approved.data["expires_at"] as? String == "2026-11-22T10:00:00Z")

        let reset = try stranger.json("reset alice \(code.lowercased()) new-plover-pass-41")
        #expect(reset.code == "reset.done")
        let ended = try alice.readJSON()
        #expect(ended.code == "auth.password_reset")
        #expect(alice.isClosedByServer(within: 3))

        // Single use; the old password is gone, the new one works.
        #expect(try stranger.json("reset alice \(code) other-plover-pass-42").code == "error.reset_code_invalid")
        #expect(try stranger.json("login alice \(TestServer.password("alice"))").code == "error.bad_credentials")
        #expect(try stranger.json("login alice new-plover-pass-41").code == "auth.logged_in")
        // The request was used up: approving again needs a new `forgot`.
        #expect(try bob.json("approve reset alice").code == "error.reset_no_request")
    }

    @Test("a code expires after an hour; a new approval replaces the old code")
    func resetExpiry() throws {
        let server = try TestServer()
        let (_, bob) = try server.couple()
        let stranger = try Self.anonymous(server)
        try stranger.ok("forgot alice")
        _ = try bob.event()
        let first = try Self.code(in: try bob.ok("approve reset alice"))
        let second = try Self.code(in: try bob.ok("approve reset alice"))
        #expect(first != second)
        #expect(try stranger.json("reset alice \(first) new-plover-pass-41").code == "error.reset_code_invalid")
        try bob.ok("clock advance 61m")
        let late = try stranger.json("reset alice \(second) new-plover-pass-41")
        #expect(late.code == "error.reset_code_expired")
        #expect(late.text.contains("forgot alice"))
        #expect(try stranger.json("login alice \(TestServer.password("alice"))").code == "auth.logged_in")
    }

    @Test("şifremi unuttum with the partner offline: the request waits in the inbox; sıfırla in Turkish")
    func resetWithOfflinePartnerInTurkish() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("dil tr")
        try bob.ok("dil tr")
        try bob.ok("çıkış")
        let stranger = try Self.anonymous(server)
        let asked = try stranger.json("şifremi unuttum alice")
        #expect(asked.code == "reset.requested")

        let back = try server.login("bob")
        let inbox = try back.json("bildirimler")
        #expect(inbox.text.contains("sıfırlamayı onayla alice"))

        let approved = try back.ok("sıfırlamayı onayla alice")
        #expect(approved.text.contains("tek kullanımlık kod"))
        let code = try Self.code(in: approved)
        let reset = try stranger.json("sıfırla alice \(code) yeni-plover-sifre-41")
        #expect(reset.code == "reset.done")
        #expect(try alice.readJSON().code == "auth.password_reset")
        #expect(try stranger.json("giriş alice yeni-plover-sifre-41").code == "auth.logged_in")
    }

    @Test("wrong codes count as failed logins; forgot is throttled per address; both look the same for any name")
    func resetThrottles() throws {
        let server = try TestServer()
        let (_, bob) = try server.couple()
        let guesser = try Self.anonymous(server, from: "127.0.0.2")
        for _ in 0..<5 {
            #expect(
                try guesser.json("reset alice AAAA-BBBB-CCCC-DDDD new-plover-pass-41").code
                    == "error.reset_code_invalid")
        }
        #expect(try guesser.json("reset alice AAAA-BBBB-CCCC-DDDD new-plover-pass-41").code == "error.throttled")
        // Failed resets hold the guesser back from logging in as alice too, not alice herself.
        #expect(try guesser.json("login alice \(TestServer.password("alice"))").code == "error.throttled")
        let owner = try Self.anonymous(server, from: "127.0.0.3")
        #expect(try owner.json("login alice \(TestServer.password("alice"))").code == "auth.logged_in")
        // An unknown name answers exactly like a wrong code.
        let other = try Self.anonymous(server, from: "127.0.0.4")
        #expect(
            try other.json("reset nobody AAAA-BBBB-CCCC-DDDD new-plover-pass-41").code == "error.reset_code_invalid")
        #expect(try other.json("reset alice not-a-code new-plover-pass-41").code == "error.reset_code_invalid")
        #expect(try other.json("reset alice AAAA-BBBB-CCCC-DDDD short").code == "error.weak_password")

        let flooder = try Self.anonymous(server, from: "127.0.0.5")
        for _ in 0..<5 { #expect(try flooder.json("forgot alice").code == "reset.requested") }
        #expect(try flooder.json("forgot alice").code == "error.throttled")
        #expect(try flooder.json("forgot somebody").code == "error.throttled")
        // Five requests told bob once.
        #expect(try bob.event().event == "reset.requested")
        #expect(try bob.isQuiet(for: 0.3))
        // Hostile names: huge, invisible characters; the same answer, no crash.
        let hostile = try Self.anonymous(server, from: "127.0.0.6")
        #expect(try hostile.json("forgot " + String(repeating: "x", count: 3000)).code == "reset.requested")
        #expect(try hostile.json("forgot ali\u{200B}ce").code == "error.invisible_char")
    }

    @Test("twodo admin reset-password prints a one-time code for a user without a partner", TestEngine.sqliteFile)
    func adminResetPassword() throws {
        let server = try TestServer()
        let dave = try server.user("dave")
        let issued = try TestServer.runBinary(["admin", "reset-password", "DAVE", "--db", server.databasePath])
        #expect(issued.status == 0, "\(issued.stderr)")
        let match = try #require(issued.stdout.firstMatch(of: /[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/))
        let code = String(match.output)
        #expect(issued.stdout.contains("reset dave \(code) <new password>"))
        let stranger = try Self.anonymous(server)
        #expect(try stranger.json("reset dave \(code) new-plover-pass-41").code == "reset.done")
        #expect(try dave.readJSON().code == "auth.password_reset")
        #expect(try stranger.json("login dave new-plover-pass-41").code == "auth.logged_in")

        let missing = try TestServer.runBinary(["admin", "reset-password", "nobody", "--db", server.databasePath])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no account is named 'nobody'"))
        let usage = try TestServer.runBinary(["admin", "reset-password"])
        #expect(usage.status == 64)
        let help = try TestServer.runBinary(["admin", "reset-password", "--help"])
        #expect(help.status == 0 && help.stdout.contains("twodo admin reset-password <name>"))
    }
}
