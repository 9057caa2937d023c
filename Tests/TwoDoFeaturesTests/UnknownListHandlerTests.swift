// Unit tests of the question an `add` to a list that does not exist gets, and of `yes`/`evet` after it.

import Testing
import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

@testable import TwoDoFeatures

@Suite("Unknown list handler")
struct UnknownListHandlerTests {
    /// The titles of the tasks in the user's space.
    private func titles(_ h: HandlerHarness, _ user: User) throws -> [String] {
        try h.store.tasks(inSpace: user.space).map(\.title)
    }

    @Test("`add drill bits #tools` asks, names the lists, and writes nothing")
    func asks() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("list add Groceries", as: alice.1)
        let reply = try h.run("add drill bits #tools", as: alice.1).reply
        #expect(!reply.ok)
        #expect(reply.code == .errorNoSuchList)
        #expect(reply.code.rawValue == "error.no_such_list")
        #expect(
            reply.lines == [
                "There is no list \"tools\". Your lists: Inbox, Groceries. Add \"drill bits\" to Inbox? Answer "
                    + "\"yes\", or make the list: list add tools"
            ])
        #expect(try titles(h, alice.0).isEmpty)
        #expect(alice.1.pendingSuggestion == .add(title: "drill bits", list: nil, details: TaskDetails()))
    }

    @Test("`yes` right after adds to the default list; a second `yes` has nothing to confirm")
    func yesAdds() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add drill bits to the Tools list", as: alice.1)
        let yes = try h.run("yes", as: alice.1)
        #expect(yes.reply.code == .taskAdded)
        #expect(yes.reply.lines == ["Added \"drill bits\" to Inbox."])
        #expect(yes.events.count == 1)
        #expect(try titles(h, bob.0) == ["drill bits"])
        #expect(try h.run("yes", as: alice.1).reply.code == .errorNothingToConfirm)
    }

    @Test("the partner's `yes` does not run the other user's suggestion")
    func partnerYes() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        _ = try h.run("add drill bits #tools", as: alice.1)
        #expect(try h.run("yes", as: bob.1).reply.code == .errorNothingToConfirm)
        #expect(try titles(h, alice.0).isEmpty)
        // Alice's own question is still open: her next line answers it.
        #expect(try h.run("yes", as: alice.1).reply.code == .taskAdded)
    }

    @Test("any other line forgets the question")
    func otherLineForgets() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        _ = try h.run("add drill bits #tools", as: alice.1)
        _ = try h.run("lists", as: alice.1)
        #expect(try h.run("yes", as: alice.1).reply.code == .errorNothingToConfirm)
    }

    @Test("`list add Tools` then the same line adds to Tools")
    func makeTheList() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        _ = try h.run("add drill bits to Tools", as: alice.1)
        #expect(try h.run("list add Tools", as: alice.1).reply.code == .listAdded)
        let again = try h.run("add drill bits to Tools", as: alice.1)
        #expect(again.reply.code == .taskAdded)
        #expect(again.reply.lines == ["Added \"drill bits\" to Tools."])
        #expect(try h.run("add saw #tools", as: alice.1).reply.code == .taskAdded)
    }

    @Test("Turkish: the question in Turkish with the dative, and `evet`")
    func turkish() throws {
        let h = try HandlerHarness()
        let (ayse, _) = try h.couple("ayse", "mehmet", lang: .tr)
        let reply = try h.run("bahçe listesine tohum ekle", as: ayse.1).reply
        #expect(reply.code == .errorNoSuchList)
        #expect(
            reply.lines == [
                "\"bahçe\" diye bir liste yok. Listeleriniz: Gelen Kutusu. \"tohum\" Gelen Kutusu'na eklensin mi? "
                    + "\"evet\" yazın ya da listeyi oluşturun: liste ekle bahçe"
            ])
        #expect(try h.run("EVET", as: ayse.1).reply.code == .taskAdded)
        #expect(try titles(h, ayse.0) == ["tohum"])
    }

    @Test("the dative of a list name follows its last vowel")
    func dative() {
        #expect(Handlers.turkishDative("Inbox") == "Inbox'a")
        #expect(Handlers.turkishDative("Gelen Kutusu") == "Gelen Kutusu'na")
        #expect(Handlers.turkishDative("Alışveriş Listesi") == "Alışveriş Listesi'ne")
        #expect(Handlers.turkishDative("Market") == "Market'e")
        #expect(Handlers.turkishDative("Ev") == "Ev'e")
        #expect(Handlers.turkishDative("Bahçe") == "Bahçe'ye")
    }

    @Test("at most 10 list names, then …; another couple's lists never show")
    func capped() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let (carol, _) = try h.couple("carol", "dave")
        try h.run("list add Secret Plans", as: carol.1)
        for i in 1...12 { try h.run("list add L\(i)", as: alice.1) }
        alice.1.json = true
        let reply = try h.run("add x #tools", as: alice.1).reply
        let line = try #require(reply.lines.first)
        #expect(line.contains("Your lists: Inbox, L1, L2, L3, L4, L5, L6, L7, L8, L9, …."))
        #expect(!line.contains("Secret"))
        guard case .object(let fields)? = reply.data,
            case .array(let lists)? = fields.first(where: { $0.0 == "lists" })?.1
        else {
            Issue.record("no lists in the data")
            return
        }
        #expect(lists.count == 10)
        #expect(fields.first { $0.0 == "more_lists" }?.1 == .bool(true))
        #expect(fields.first { $0.0 == "list" }?.1 == .string("tools"))
        #expect(fields.first { $0.0 == "title" }?.1 == .string("x"))
        #expect(fields.first { $0.0 == "default_list" }?.1 == .string("Inbox"))
    }

    @Test("a 2,000-character list name is echoed cut to 60 characters")
    func longName() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let name = String(repeating: "t", count: 2000)
        let reply = try h.run("add x #\(name)", as: alice.1).reply
        #expect(reply.code == .errorNoSuchList)
        let line = try #require(reply.lines.first)
        #expect(line.contains("\"" + String(repeating: "t", count: 60) + "…\""))
        #expect(line.count < 400)
    }

    @Test("an invisible character in the list name is refused before anything is asked")
    func invisible() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let reply = try h.run("add drill bits #To\u{200B}ols", as: alice.1).reply
        #expect(reply.code == .errorInvisibleChar)
        #expect(alice.1.pendingSuggestion == nil)
    }

    @Test("two values: the reply names both as typed, in line order")
    func twoValues() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let dates = try h.run("add x friday tomorrow", as: alice.1).reply
        #expect(dates.code == .errorTwoValues)
        #expect(dates.lines == ["Two dates: \"friday\" and \"tomorrow\". Keep one."])
        let priorities = try h.run("add x urgent p3", as: alice.1).reply
        #expect(priorities.code == .errorTwoValues)
        #expect(priorities.lines == ["Two priorities: \"urgent\" and \"p3\". Keep one."])
        alice.1.lang = .tr
        let tr = try h.run("yarın raporu yaz ekle cuma", as: alice.1).reply
        #expect(tr.lines == ["İki tarih var: \"yarın\" ve \"cuma\". Birini bırakın."])
        #expect(try titles(h, alice.0).isEmpty)
    }
}
