// Table-driven tests of the invisible/bidi text rule and of the hardened user-name rules.

import Testing
import TwoDoCore

@Suite("UserText")
struct UserTextTests {
    @Test(
        "refuses invisible and direction-changing characters, naming the first",
        arguments: [
            ("abc\u{202E}gpj.exe", "U+202E"), ("\u{202A}x", "U+202A"), ("x\u{202B}", "U+202B"), ("a\u{202C}", "U+202C"),
            ("a\u{202D}b", "U+202D"), ("\u{2066}x\u{2069}", "U+2066"), ("x\u{2067}", "U+2067"), ("x\u{2068}", "U+2068"),
            ("a\u{200E}", "U+200E"), ("a\u{200F}", "U+200F"), ("a\u{061C}b", "U+061C"), ("\u{FEFF}milk", "U+FEFF"),
            ("mi\u{200B}lk", "U+200B"), ("mi\u{2060}lk", "U+2060"), ("soft\u{00AD}hyphen", "U+00AD"),
            ("tag\u{E0041}", "U+E0041"), ("tag\u{E0001}", "U+E0001"), ("line\u{2028}break", "U+2028"),
            ("para\u{2029}break", "U+2029"), ("şüt \u{202E}", "U+202E"), ("\u{1F3F4}x\u{E0067}", "U+E0067"),
            ("a" + String(repeating: "\u{200D}", count: 1000), "U+200D"), ("a\u{200D}b", "U+200D"),
            ("\u{200D}😀", "U+200D"),
            ("😀\u{200D}", "U+200D"), ("❤\u{FE0F}\u{FE0F}", "U+FE0F"), ("\u{FE0F}x", "U+FE0F"),
            ("é\u{200C}\u{200C}é", "U+200C"),
            ("\u{180E}", "U+180E"),
        ])
    func refused(text: String, named: String) throws {
        let scalar = try #require(UserText.firstForbidden(in: text))
        #expect(UserText.codePoint(scalar) == named)
    }

    @Test(
        "keeps emoji sequences, ZWNJ, variation selectors, Turkish and accents",
        arguments: [
            "milk", "👩\u{200D}❤\u{FE0F}\u{200D}👨", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "☺\u{FE0E}", "می\u{200C}خواهم",
            "İstanbul'a gidiş, çiçek, ağaç, Şule", "café", "cafe\u{0301}", "naïve résumé", "日本語", "مرحبا", "שלום",
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🇹🇷", "क्\u{200D}ष", "1\u{FE0F}\u{20E3}",
            "\u{0600}١٢", "ok 👍🏽",
        ])
    func kept(text: String) {
        #expect(UserText.firstForbidden(in: text) == nil)
    }

    @Test("code points are written U+XXXX with at least four digits")
    func codePoints() {
        #expect(UserText.codePoint("\u{AD}") == "U+00AD")
        #expect(UserText.codePoint("\u{E0041}") == "U+E0041")
    }
}

@Suite("UserName hardening")
struct UserNameHardeningTests {
    @Test(
        "refuses invisible, default-ignorable and bidi code points",
        arguments: [
            ("al\u{200D}ice", "U+200D"), ("alice\u{FE0F}", "U+FE0F"), ("\u{3164}", "U+3164"),
            ("\u{3164}\u{3164}", "U+3164"),
            ("ali\u{200B}ce", "U+200B"), ("\u{202E}ecila", "U+202E"), ("al\u{00AD}ice", "U+00AD"),
            ("bob\u{E0041}", "U+E0041"),
            ("\u{115F}\u{1160}", "U+115F"), ("a\u{FFA0}b", "U+FFA0"), ("ab\u{034F}", "U+034F"),
        ])
    func invisible(name: String, named: String) {
        #expect(UserName.invisible(in: name) == Unicode.Scalar(UInt32(named.dropFirst(2), radix: 16)!))
        #expect(throws: CredentialProblem.self) { try UserName.validate(UserName.normalized(name)) }
    }

    @Test(
        "refuses too long, too heavy or mark-only names",
        arguments: [
            String(repeating: "a", count: 33), "a" + String(repeating: "\u{0301}", count: 1700),
            String(repeating: "ş", count: 33), String(repeating: "日", count: 22), "a\u{0301}\u{0302}\u{0303}\u{0304}b",
            "\u{0301}\u{0301}",
        ])
    func tooLong(name: String) {
        #expect(throws: CredentialProblem.self) { try UserName.validate(UserName.normalized(name)) }
    }

    @Test("32 graphemes within 64 bytes pass; 21 CJK letters (63 bytes) pass")
    func limits() throws {
        try UserName.validate(String(repeating: "a", count: 32))
        try UserName.validate(String(repeating: "日", count: 21))
        try UserName.validate("çağla")
        try UserName.validate("Ömer-Faruk")
    }

    @Test(
        "the grammar's words for people are reserved, in any case",
        arguments: [
            "me", "ME", "nobody", "both", "us", "everyone", "ben", "BEN", "kimse", "ikimiz", "herkes", "bana", "none",
            "m\u{0435}", "ｂｅｎ", "n0body",
        ])
    func reserved(name: String) {
        #expect(throws: CredentialProblem.nameReserved) { try UserName.validate(UserName.normalized(name)) }
    }

    @Test(
        "look-alikes share a skeleton with the real name",
        arguments: [
            ("alice", "\u{0430}lice"), ("alice", "ａｌｉｃｅ"), ("alice", "ALICE"), ("mary", "rnary"), ("bob", "b0b"),
            ("paypal", "p\u{0430}yp\u{0430}l"), ("ayşe", "AYŞE"),
        ])
    func lookalikes(real: String, fake: String) {
        #expect(UserName.skeleton(real) == UserName.skeleton(fake))
    }

    @Test(
        "different names keep different skeletons", arguments: [("alice", "alicia"), ("bob", "rob"), ("ayşe", "ayla")])
    func distinct(a: String, b: String) {
        #expect(UserName.skeleton(a) != UserName.skeleton(b))
    }

    @Test("NFKC: fullwidth letters are the plain name, and the key ignores case")
    func normalization() {
        #expect(UserName.normalized("ａｌｉｃｅ") == "alice")
        #expect(UserName.key("ＡＬＩＣＥ") == UserName.key("alice"))
    }

    @Test(
        "a password may not be or contain the name, either way round",
        arguments: [
            ("alice", "alice", true), ("alice", "xx-Alice-99", true), ("alice", "ecila-plover", true),
            ("ayşe", "AYSE-2024-x", true), ("al", "al", true), ("al", "alphabet-soup", false),
            ("alice", "plover-nyvpr-27", false),
        ])
    func passwordName(name: String, password: String, contains: Bool) {
        #expect(Password.contains(name: name, password) == contains)
    }
}
