// End to end: registration rules, login, throttling, logout, passwd and quit over real TCP.

import Foundation
import Testing

@Suite("Accounts over TCP", .serialized, .timeLimit(.minutes(1)))
struct AccountTests {
    @Test(
        "registration accepts 2–32 letters, digits, _ and - and refuses other names",
        arguments: [
            ("ab", "auth.registered"),
            (String(repeating: "a", count: 32), "auth.registered"),
            ("a_b-9", "auth.registered"),
            ("Çiğdem", "auth.registered"),
            ("ırmak", "auth.registered"),
            ("a", "error.bad_name"),
            (String(repeating: "a", count: 33), "error.bad_name"),
            ("al.ice", "error.bad_name"),
            ("bob!", "error.bad_name"),
            ("😀😀", "error.bad_name"),
        ])
    func nameRules(name: String, code: String) throws {
        let server = try TestServer()
        let c = try server.connect()
        _ = try c.command("json on")
        let reply = try c.json("register \(name) long-enough-1")
        #expect(reply.code == code)
        #expect(reply.ok == (code == "auth.registered"))
        if code == "auth.registered" {
            #expect(reply.data["name"] as? String == name)
            #expect(try c.json("show").code == "task.list")
        } else {
            #expect(try c.json("show").code == "error.not_logged_in")
        }
    }

    @Test(
        "names are unique regardless of case, the Turkish dotted and dotless I included",
        arguments: [
            ("Irmak", ["ırmak", "IRMAK", "irmak", "İRMAK", "İrmak"]),
            ("Çiğdem", ["ÇİĞDEM", "çiğdem", "ÇIĞDEM"]),
            ("ALICE", ["alice", "Alice", "alİce"]),
        ])
    func caseInsensitiveUniqueness(first: String, clashes: [String]) throws {
        let server = try TestServer()
        let owner = try server.connect()
        _ = try owner.command("json on")
        #expect(try owner.json("register \(first) \(TestServer.password(first))").code == "auth.registered")
        let other = try server.connect()
        _ = try other.command("json on")
        for name in clashes {
            let reply = try other.json("register \(name) another-secret")
            #expect(reply.ok == false, "\(name) should clash with \(first)")
            #expect(reply.code == "error.name_taken", "\(name)")
        }
        // Logging in with another casing finds the same account, shown with its registered spelling.
        let login = try other.json("login \(clashes[0]) \(TestServer.password(first))")
        #expect(login.code == "auth.logged_in")
        #expect(login.data["name"] as? String == first)
    }

    @Test("a password shorter than 8 characters is refused; 8 is enough; passwords are never echoed or logged")
    func weakPassword() throws {
        let server = try TestServer()
        let c = try server.connect()
        _ = try c.command("json on")
        let weak = try c.json("register bob short77")
        #expect(weak.ok == false)
        #expect(weak.code == "error.weak_password")
        #expect(try c.json("show").code == "error.not_logged_in")
        let fine = try c.json("register bob Eight8-plover")
        #expect(fine.code == "auth.registered")
        #expect(!fine.text.contains("Eight8-plover"))
        #expect(!"\(fine.data)".contains("Eight8-plover"))
        #expect(try c.json("logout").code == "auth.logged_out")
        #expect(try c.json("login bob Eight8-plover").code == "auth.logged_in")
        #expect(!server.log.contains("Eight8-plover"))
        #expect(!server.log.contains("short77"))
    }

    @Test("login succeeds with the right password and fails the same way for a wrong password or an unknown name")
    func loginRightAndWrong() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.json("logout").code == "auth.logged_out")
        let wrong = try alice.json("login alice not-her-password")
        #expect(wrong.ok == false)
        #expect(wrong.code == "error.bad_credentials")
        let unknown = try alice.json("login nobody-here some-password")
        #expect(unknown.code == "error.bad_credentials")
        #expect(unknown.text == wrong.text)
        #expect(try alice.json("show").code == "error.not_logged_in")
        let right = try alice.json("login alice plover-nyvpr-27")
        #expect(right.ok == true)
        #expect(right.code == "auth.logged_in")
        #expect(right.data["name"] as? String == "alice")
        #expect(right.data["unread"] as? Int == 0)
        #expect(try alice.json("show").code == "task.list")
        let again = try alice.json("login alice plover-nyvpr-27")
        #expect(again.code == "error.already_logged_in")
        #expect(try alice.json("register carol plover-pneby-27").code == "error.already_logged_in")
    }

    @Test(
        "after 5 wrong passwords for a name from one address, even the right one is throttled there; other names are not"
    )
    func throttlingAfterFiveFailures() throws {
        let server = try TestServer()
        let bob = try server.user("bob")
        _ = try bob.json("logout")
        let alice = try server.user("alice")
        _ = try alice.json("logout")
        for attempt in 1...5 {
            #expect(
                try alice.json("login alice wrong-\(attempt)-pass").code == "error.bad_credentials",
                "attempt \(attempt)")
        }
        let throttled = try alice.json("login alice plover-nyvpr-27")
        #expect(throttled.ok == false)
        #expect(throttled.code == "error.throttled")
        #expect(throttled.text.contains("seconds"))
        // The name is throttled on every connection from that address, in any casing.
        let elsewhere = try server.connect()
        _ = try elsewhere.command("json on")
        #expect(try elsewhere.json("login ALICE plover-nyvpr-27").code == "error.throttled")
        #expect(try alice.json("show").code == "error.not_logged_in")
        // Another account from the same address still logs in.
        #expect(try bob.json("login bob plover-obo-27").code == "auth.logged_in")
    }

    @Test("logout ends the session: commands answer error.not_logged_in and partner events stop")
    func logout() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let out = try bob.json("logout")
        #expect(out.ok == true)
        #expect(out.code == "auth.logged_out")
        #expect(try bob.json("show").code == "error.not_logged_in")
        try alice.ok("add milk")
        #expect(try bob.isQuiet(for: 0.2))
        // Logged out means offline: the change waits in bob's inbox.
        let back = try bob.json("login bob plover-obo-27")
        #expect(back.data["unread"] as? Int == 1)
    }

    @Test("passwd refuses a wrong old password and a weak new one; the new password works after re-login")
    func changePassword() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let wrongOld = try alice.json("passwd not-the-old new-password-1")
        #expect(wrongOld.ok == false)
        #expect(wrongOld.code == "error.bad_credentials")
        #expect(wrongOld.text == "Wrong password: that is not your current password. Nothing changed.")
        #expect(try alice.json("passwd plover-nyvpr-27 short").code == "error.weak_password")
        let changed = try alice.json("passwd plover-nyvpr-27 new-password-1")
        #expect(changed.ok == true)
        #expect(changed.code == "auth.password_changed")
        #expect(try alice.json("logout").code == "auth.logged_out")
        #expect(try alice.json("login alice plover-nyvpr-27").code == "error.bad_credentials")
        #expect(try alice.json("login alice new-password-1").code == "auth.logged_in")
        #expect(!server.log.contains("new-password-1"))
    }

    @Test(
        "quit answers bye, the server closes the connection, and what followed quit is not run",
        arguments: [false, true])
    func quit(json: Bool) throws {
        let server = try TestServer()
        let alice = try server.user("alice", json: json)
        try alice.send(bytes: Array("quit\nadd ghost\n".utf8))
        if json {
            let bye = try alice.readJSON()
            #expect(bye.ok == true)
            #expect(bye.code == "bye")
        } else {
            #expect(try alice.readLine() == "Bye!")
        }
        #expect(alice.isClosedByServer(within: 2))
        let again = try server.login("alice")
        let tasks = try again.json("show").data["tasks"] as? [JSONObject]
        #expect(tasks?.isEmpty == true)
    }

    @Test(
        "commands before login answer error.not_logged_in",
        arguments: [
            "show", "lists", "add milk", "done 1", "undone 1", "delete milk", "edit 1 to x", "move 1 to Inbox",
            "assign 1 to me", "note 1 hi", "notes 1", "list add Groceries", "say hi", "inbox", "inbox read", "export",
            "couple", "couple create", "couple rename Us", "who", "logout", "passwd a-password b-password", "lang tr",
            "tz Europe/Istanbul",
        ])
    func notLoggedIn(command: String) throws {
        let server = try TestServer()
        let c = try server.connect()
        _ = try c.command("json on")
        let reply = try c.json(command)
        #expect(reply.ok == false)
        #expect(reply.code == "error.not_logged_in")
        #expect(try c.json("ping").code == "pong")
    }
}
