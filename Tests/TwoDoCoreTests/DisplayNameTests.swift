// DisplayName: the rules that need no other name, and resemblance by confusable skeleton.

import Testing
import TwoDoCore

@Suite("DisplayName")
struct DisplayNameTests {
    @Test(
        "look-alikes of a login share its skeleton",
        arguments: ["bob", "BOB", "B0B", "ｂｏｂ", "B.o.b", "b o b", "b\u{043E}b", "b-o_b"])
    func lookalikes(display: String) {
        #expect(DisplayName.resemblance(of: display, among: ["alice", "bob"]) == "bob")
    }

    @Test("different names do not resemble", arguments: ["Bobby", "Ayşe K.", "bo", "...", "Rob"])
    func different(display: String) {
        #expect(DisplayName.resemblance(of: display, among: ["bob"]) == nil)
    }

    @Test(
        "reserved words, whole or as a word that speaks for the service, are refused",
        arguments: [
            "admin", "TwoDo", "Two Do", "TwoDo Support", "ROOT", "yönetici", "Sistem", "admin ayşe", "ѕystem", "me",
        ])
    func reserved(display: String) {
        #expect(throws: DisplayNameProblem.self) { try DisplayName.validate(display) }
    }

    @Test(
        "invisible and direction-changing code points are refused, naming the first",
        arguments: [
            "Bo\u{200B}b", "Bo\u{200D}b", "\u{200F}Bob", "Bob\u{202E}", "\u{3164}", "Bob\u{FE0F}", "B\u{034F}ob",
        ])
    func invisible(display: String) {
        #expect(throws: DisplayNameProblem.self) { try DisplayName.validate(display) }
    }

    @Test("length: 40 characters at most, trimmed, not empty; a huge input is refused")
    func length() throws {
        #expect(try DisplayName.validate("  Ayşe K.  ") == "Ayşe K.")
        #expect(try DisplayName.validate(String(repeating: "é", count: 40)).count == 40)
        #expect(throws: DisplayNameProblem.length) { try DisplayName.validate(String(repeating: "x", count: 41)) }
        #expect(throws: DisplayNameProblem.length) { try DisplayName.validate("   ") }
        #expect(throws: DisplayNameProblem.length) { try DisplayName.validate(String(repeating: "x", count: 100_000)) }
        // Forty characters each made of many marks is still bounded by scalars.
        let zalgo = String(repeating: "a" + String(repeating: "\u{0301}", count: 20), count: 40)
        #expect(throws: DisplayNameProblem.length) { try DisplayName.validate(zalgo) }
    }
}
