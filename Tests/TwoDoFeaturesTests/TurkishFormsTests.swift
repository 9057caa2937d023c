// Issue 28's forms end to end: a softened object finds its task; the partner's plan named as such.

import Testing
import TwoDoCore
@testable import TwoDoFeatures

@Suite("Turkish forms of issue 28")
struct TurkishFormsTests {
    @Test("kitabı aldım completes kitap (not kitabevine uğra); köpeği, rengi, kanadı find köpek, renk, kanat")
    func softenedObjects() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple(lang: .tr)
        try h.run("kitabevine uğra ekle", as: alice.1)
        try h.run("kitap ekle", as: alice.1)
        let done = try h.run("kitabı aldım", as: alice.1).reply
        #expect(done.code == .taskCompleted)
        #expect(done.lines.joined().contains("\"kitap\""), "\(done.lines)")
        for (task, said) in [("köpek", "köpeği hallettim"), ("renk", "rengi bitirdim"), ("kanat", "kanadı bitirdim")] {
            try h.run("\(task) ekle", as: alice.1)
            #expect(try h.run(said, as: alice.1).reply.code == .taskCompleted, "\(said)")
        }
        // An add keeps the title as typed; nothing of that name: still not found.
        try h.run("kitabı oku ekle", as: alice.1)
        #expect(try h.run("kitabı oku bitti", as: alice.1).reply.code == .taskCompleted)
        #expect(try h.run("ağacı buldum", as: alice.1).reply.code != .taskCompleted)
    }

    @Test("eşimin planı and my partner's plan show the partner's board, for either partner")
    func partnersPlan() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let hers = try h.run("eşimin planı", as: bob.1).reply
        #expect(hers.code == .planBoard)
        #expect(hers.lines.joined().contains("alice"), "\(hers.lines)")
        let his = try h.run("my partner's plan", as: alice.1).reply
        #expect(his.code == .planBoard)
        #expect(his.lines.joined().contains("bob"), "\(his.lines)")
        #expect(try h.run("bob'un planı", as: alice.1).reply.lines == his.lines)
    }
}
