// Name, password, title and invite-code rules.

import Testing
import TwoDoCore

@Suite("UserName and Password")
struct CredentialRulesTests {
    @Test(
        "accepts valid names",
        arguments: ["al", "alice", "Bob_2", "çağla", "Ömer-Faruk", String(repeating: "a", count: 32)])
    func validNames(name: String) throws {
        try UserName.validate(name)
    }

    @Test(
        "refuses invalid names",
        arguments: ["a", "", String(repeating: "a", count: 33), "al ice", "bob!", "x@y", "emoji😀"])
    func invalidNames(name: String) {
        #expect(throws: CredentialProblem.self) { try UserName.validate(name) }
    }

    @Test("names are unique regardless of case, Turkish-aware")
    func nameKeys() {
        #expect(UserName.key("Irmak") == UserName.key("ırmak"))
        #expect(UserName.key("İpek") == UserName.key("ipek"))
        #expect(UserName.key("alice") != UserName.key("alicia"))
    }

    @Test("passwords need 8 characters and at most 256 bytes")
    func passwords() throws {
        #expect(throws: CredentialProblem.passwordTooShort) { try Password.validate("1234567") }
        try Password.validate("12345678")
        #expect(throws: CredentialProblem.passwordTooLong) { try Password.validate(String(repeating: "x", count: 257)) }
    }
}

@Suite("TextRules")
struct TextRulesTests {
    @Test("titles are trimmed, non-empty and at most 200 characters")
    func titles() throws {
        #expect(try TextRules.clean("  milk \t", limit: 200) == "milk")
        #expect(throws: TextProblem.empty) { try TextRules.clean("   ", limit: 200) }
        #expect(throws: TextProblem.tooLong(limit: 200)) {
            try TextRules.clean(String(repeating: "ş", count: 201), limit: 200)
        }
        #expect(try TextRules.clean(String(repeating: "ş", count: 200), limit: 200).count == 200)
    }
}

@Suite("InviteCode")
struct InviteCodeTests {
    struct FixedGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    @Test("codes are 16 symbols of the 32-letter alphabet in groups of four")
    func shape() {
        for _ in 0..<200 {
            let code = InviteCode.random()
            #expect(code.symbols.count == 16)
            #expect(code.symbols.allSatisfy { InviteCode.alphabet.contains($0) })
            #expect(code.description.split(separator: "-").map(\.count) == [4, 4, 4, 4])
            #expect(
                !code.symbols.contains("I") && !code.symbols.contains("O") && !code.symbols.contains("0")
                    && !code.symbols.contains("1"))
        }
    }

    @Test("the alphabet has 32 symbols, so 16 of them carry 80 bits")
    func entropy() {
        #expect(Set(InviteCode.alphabet).count == 32)
        #expect(InviteCode.length * 5 == 80)
    }

    @Test("random codes do not repeat")
    func unique() {
        let codes = Set((0..<10_000).map { _ in InviteCode.random().symbols })
        #expect(codes.count == 10_000)
    }

    @Test(
        "parsing accepts lower case, spaces and missing dashes",
        arguments: [
            "k7qm-2xhd-9pwa-rt4b", "K7QM2XHD9PWART4B", "k7qm 2xhd 9pwa rt4b", " K7QM-2XHD-9PWA-RT4B ",
        ])
    func parsing(text: String) throws {
        let code = try #require(InviteCode(parsing: text))
        #expect(code.description == "K7QM-2XHD-9PWA-RT4B")
    }

    @Test(
        "parsing refuses wrong lengths and letters outside the alphabet",
        arguments: [
            "K7QM-2XHD-9PWA", "K7QM-2XHD-9PWA-RT4B-AAAA", "O7QM-2XHD-9PWA-RT4B", "I7QM-2XHD-9PWA-RT4B",
            "K7QM-2XHD-9PWA-RT4!", "",
        ])
    func refusing(text: String) {
        #expect(InviteCode(parsing: text) == nil)
    }

    @Test("a seeded generator gives a reproducible code")
    func seeded() {
        var g1 = FixedGenerator(state: 42)
        var g2 = FixedGenerator(state: 42)
        #expect(InviteCode.random(using: &g1) == InviteCode.random(using: &g2))
    }
}
