// End to end: Turkish command forms, Turkish replies and events, and Turkish-aware folding of names and titles.

import Foundation
import Testing

/// One Turkish command line run after English setup commands, with the reply it must get.
struct TurkishCase: Sendable, CustomStringConvertible {
    var setup: [String]
    var line: String
    var code: String
    /// The task title the reply's data must carry, when it is about a task.
    var title: String?
    /// The list the reply's data must name, when it matters.
    var list: String?

    var description: String { line }
}

@Suite("Turkish over TCP", .serialized, .timeLimit(.minutes(1)))
struct LanguageTests {
    static let cases: [TurkishCase] = [
        TurkishCase(setup: [], line: "süt ekle", code: "task.added", title: "süt", list: "Inbox"),
        TurkishCase(setup: [], line: "ekle süt", code: "task.added", title: "süt"),
        TurkishCase(setup: [], line: "EKLE SÜT", code: "task.added", title: "SÜT"),
        TurkishCase(
            setup: ["list add Market"], line: "markete süt ekle", code: "task.added", title: "süt", list: "Market"),
        TurkishCase(
            setup: ["list add Market"], line: "ekle süt markete", code: "task.added", title: "süt", list: "Market"),
        TurkishCase(setup: ["add süt", "show"], line: "#1 bitti", code: "task.completed", title: "süt"),
        TurkishCase(setup: ["add süt"], line: "bitti süt", code: "task.completed", title: "süt"),
        TurkishCase(setup: ["add süt"], line: "SÜT tamam", code: "task.completed", title: "süt"),
        TurkishCase(setup: ["add süt", "done süt", "show"], line: "#1 geri al", code: "task.reopened", title: "süt"),
        TurkishCase(setup: ["add süt"], line: "sil süt", code: "task.deleted", title: "süt"),
        TurkishCase(setup: ["add süt", "show"], line: "#1 sil", code: "task.deleted", title: "süt"),
        TurkishCase(
            setup: ["add süt", "list add Market"], line: "süt'ü markete taşı", code: "task.moved", title: "süt",
            list: "Market"),
        TurkishCase(setup: ["add süt", "show"], line: "#1 bana ata", code: "task.assigned", title: "süt"),
        TurkishCase(setup: [], line: "listeler", code: "list.index"),
        TurkishCase(setup: [], line: "LİSTELER", code: "list.index"),
        TurkishCase(setup: ["add süt"], line: "göster", code: "task.list"),
        TurkishCase(setup: ["list add Market"], line: "marketi göster", code: "task.list", list: "Market"),
        TurkishCase(setup: [], line: "liste ekle Pazar", code: "list.added"),
        TurkishCase(
            setup: ["list add Pazar", "add elma to Pazar"], line: "liste sil Pazar onayla", code: "list.deleted"),
        TurkishCase(setup: [], line: "dil tr", code: "lang.set"),
        TurkishCase(setup: [], line: "bildirimler", code: "inbox.list"),
        TurkishCase(setup: [], line: "söyle merhaba", code: "chat.sent"),
        TurkishCase(setup: [], line: "çift oluştur", code: "couple.created"),
        TurkishCase(setup: [], line: "kim", code: "who"),
        TurkishCase(setup: [], line: "dışa aktar", code: "export"),
        TurkishCase(setup: [], line: "yardım", code: "help"),
    ]

    @Test("Turkish command forms do what their English twins do", arguments: cases)
    func turkishCommand(_ row: TurkishCase) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(row.setup)
        let reply = try alice.json(row.line)
        #expect(reply.ok == true, "\(row.line): \(reply)")
        #expect(reply.code == row.code, "\(row.line)")
        if let title = row.title { #expect(reply.data["title"] as? String == title, "\(row.line): \(reply.data)") }
        if let list = row.list { #expect(reply.data["list"] as? String == list, "\(row.line): \(reply.data)") }
    }

    @Test("kaydol, çıkış and giriş register, log out and log in")
    func turkishAccounts() throws {
        let server = try TestServer()
        let c = try server.connect()
        _ = try c.command("json on")
        let registered = try c.json("kaydol ayşe gizli-şifre-1")
        #expect(registered.code == "auth.registered")
        #expect(registered.data["name"] as? String == "ayşe")
        #expect(try c.json("çıkış").code == "auth.logged_out")
        #expect(try c.json("giriş AYŞE yanlış-şifre").code == "error.bad_credentials")
        let login = try c.json("giriş AYŞE gizli-şifre-1")
        #expect(login.code == "auth.logged_in")
        #expect(login.data["name"] as? String == "ayşe")
        #expect(try c.json("şifre gizli-şifre-1 yeni-şifre-22").code == "auth.password_changed")
    }

    @Test("two partners pair and work entirely in Turkish, and read each other in Turkish")
    func turkishCouple() throws {
        let server = try TestServer()
        let ayse = try server.user("ayse")
        let mehmet = try server.user("mehmet")
        try ayse.ok("dil tr")
        try mehmet.ok("dil tr")
        let created = try ayse.json("çift oluştur")
        #expect(created.code == "couple.created")
        let code = try #require(created.data["code"] as? String)
        #expect(try mehmet.json("çift katıl \(code.lowercased())").code == "couple.joined")
        _ = try ayse.event()

        let added = try ayse.json("süt ekle")
        #expect(added.code == "task.added")
        #expect(added.text.contains("eklendi"), "\(added.text)")
        let event = try mehmet.event()
        #expect(event.event == "task.added")
        #expect(event.text.contains("ekledi"), "\(event.text)")

        _ = try mehmet.json("göster")
        let done = try mehmet.json("#1 bitti")
        #expect(done.code == "task.completed")
        #expect(try ayse.event().text.contains("tamamladı"))
        #expect(try mehmet.json("#1 bitti").code == "error.already_done")
    }

    @Test("English and Turkish commands are both understood whatever the reply language")
    func bothLanguagesAlways() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.json("süt ekle").code == "task.added")
        try alice.ok("lang tr")
        #expect(try alice.json("add ekmek").code == "task.added")
        #expect(try alice.json("bitti ekmek").code == "task.completed")
        let unknown = try alice.json("uçur süt")
        #expect(unknown.code == "error.unknown_command")
        #expect(!unknown.text.contains("I don't know"), "the error is in Turkish: \(unknown.text)")
    }

    @Test("with lang tr, replies are Turkish; lang en switches back")
    func replyLanguage() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let tr = try alice.json("lang tr")
        #expect(tr.code == "lang.set")
        #expect(tr.data["lang"] as? String == "tr")
        let added = try alice.json("add süt")
        #expect(added.text.contains("eklendi"), "\(added.text)")
        #expect(try alice.json("frobnicate").ok == false)
        #expect(try alice.json("inbox").text == "Yeni bir şey yok.")
        try alice.ok("lang en")
        #expect(try alice.json("inbox").text == "Nothing new.")
    }

    @Test("a Turkish user who leaves a couple starts again with a Gelen Kutusu list")
    func turkishDefaultList() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try bob.ok("couple leave confirm")
        _ = try alice.event()
        let lists = try bob.json("lists")
        #expect(ListTaskTests.listNames(lists) == ["Gelen Kutusu"])
        #expect(ListTaskTests.listNames(try alice.json("lists")) == ["Inbox"])
    }

    @Test("list names match the Turkish way: İstanbul, ISTANBUL and istanbul are one list")
    func turkishListNames() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("list add İstanbul")
        #expect(try alice.json("list add istanbul").code == "error.list_exists")
        #expect(try alice.json("list add ISTANBUL").code == "error.list_exists")
        #expect(try alice.json("list add ıstanbul").code == "error.list_exists")
        let added = try alice.json("add bilet to ISTANBUL")
        #expect(added.data["list"] as? String == "İstanbul")
        #expect(try alice.json("show istanbul").data["list"] as? String == "İstanbul")
    }
}
