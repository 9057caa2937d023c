// The catalogs: one key set in both languages, no empty text, the same placeholders in each.

import Testing
import TwoDoCore
import TwoDoProtocol
@testable import TwoDoText

@Suite("Catalog")
struct CatalogTests {
    @Test("every key exists and is non-empty in every language")
    func parity() throws {
        let en = try #require(Catalog.tables[.en])
        for lang in Language.allCases {
            let table = try #require(Catalog.tables[lang])
            #expect(
                Set(table.keys) == Set(en.keys),
                "keys differ in \(lang): \(Set(table.keys).symmetricDifference(en.keys).sorted())")
            for (key, value) in table {
                #expect(!value.trimmingWhitespace().isEmpty, "\(lang).\(key) is empty")
            }
        }
        #expect(en.count > 100)
    }

    @Test("each key uses the same placeholders in every language")
    func placeholders() throws {
        let en = try #require(Catalog.tables[.en])
        let tr = try #require(Catalog.tables[.tr])
        for (key, text) in en {
            #expect(
                Catalog.placeholders(in: text) == Catalog.placeholders(in: tr[key] ?? ""),
                "placeholders differ for \(key)")
        }
        // The same through the typed keys, which cover both catalogs (TwoDoProtocolTests checks no key is missing).
        for key in TextKey.allCases {
            let english = try #require(en[key.rawValue], "no \(key.rawValue) in en")
            let turkish = try #require(tr[key.rawValue], "no \(key.rawValue) in tr")
            #expect(
                Catalog.placeholders(in: english) == Catalog.placeholders(in: turkish),
                "placeholders differ for \(key.rawValue)")
        }
    }

    @Test(
        "a typed key and a message read like the string key",
        arguments: [
            (Language.en, Message(.taskAdded, ["title": "milk", "list": "Groceries"]), "Added \"milk\" to Groceries."),
            (.tr, Message(.taskAdded, ["title": "süt", "list": "Market"]), "\"süt\" Market listesine eklendi."),
            (.en, Message(.pong), "pong"),
            (.tr, Message(.verbDue), "son tarih"),
        ])
    func typed(lang: Language, message: Message, expected: String) {
        #expect(Catalog.text(message, lang) == expected)
        #expect(Catalog.text(message.key, lang, message.args) == expected)
        #expect(Catalog.text(message.key.rawValue, lang, message.args) == expected)
    }

    @Test("a message renders per reader: one value, two languages")
    func messagePerReader() {
        let message = ReplyCode.errorNotFound.message(["ref": "#9"])
        #expect(Catalog.text(message, .en) != Catalog.text(message, .tr))
        #expect(Catalog.text(message, .en).contains("#9"))
        #expect(Catalog.text(message, .tr).contains("#9"))
    }

    @Test("every verb with a usage line has a name to quote in errors, in its language")
    func verbNames() throws {
        let tr = try #require(Catalog.tables[.tr])
        let verbs = tr.keys.filter { $0.hasPrefix("usage.") }.map { String($0.dropFirst("usage.".count)) }
        #expect(verbs.count > 40)
        for verb in verbs {
            #expect(tr["verb.\(verb)"] != nil, "no verb.\(verb)")
            #expect(Catalog.text("verb.\(verb)", .en) == verb)
        }
        #expect(Catalog.text("verb.due", .tr) == "son tarih")
        #expect(Catalog.text("verb.add", .tr) == "ekle")
    }

    @Test(
        "Turkish text is really Turkish, not a copy of the English",
        arguments: ["greeting", "task.added", "error.not_found", "help.index"])
    func translated(key: String) {
        #expect(Catalog.text(key, .en) != Catalog.text(key, .tr))
    }

    @Test("placeholders are replaced; unknown ones stay visible")
    func substitution() {
        #expect(
            Catalog.text("task.added", .en, ["title": "milk", "list": "Groceries"]) == "Added \"milk\" to Groceries.")
        #expect(
            Catalog.text("task.added", .tr, ["title": "süt", "list": "Market"]) == "\"süt\" Market listesine eklendi.")
        #expect(Catalog.substitute("{a} and {b}", ["a": "x"]) == "x and {b}")
        #expect(Catalog.substitute("no braces", ["a": "x"]) == "no braces")
        #expect(Catalog.substitute("{unclosed", ["unclosed": "x"]) == "{unclosed")
    }

    @Test("a missing key falls back to the key itself instead of crashing")
    func missing() {
        #expect(Catalog.text("no.such.key", .tr) == "no.such.key")
    }
}

@Suite("JSONValue")
struct JSONValueTests {
    @Test("serializes compactly, in insertion order, with escapes")
    func serialize() {
        let value = JSONValue.object([
            ("b", .int(-3)), ("a", .string("q\"uote\\ \n\t\u{1} ş")), ("n", .null), ("t", .bool(true)),
            ("l", .array([.int(1), .bool(false)])),
        ])
        #expect(value.serialized == #"{"b":-3,"a":"q\"uote\\ \n\t\u0001 ş","n":null,"t":true,"l":[1,false]}"#)
    }

    @Test("line separators are escaped so a JSON line stays one line")
    func lineSeparators() {
        #expect(JSONValue.string("a\u{2028}b\u{2029}").serialized == #""a\u2028b\u2029""#)
    }
}

@Suite("TimeText")
struct TimeTextTests {
    @Test(
        "ISO 8601 with the reader's offset",
        arguments: [
            (Int64(1_795_338_000), "UTC", "2026-11-22T09:00:00Z"),
            (Int64(1_795_338_000), "Europe/Istanbul", "2026-11-22T12:00:00+03:00"),
            (Int64(1_795_338_000), "America/New_York", "2026-11-22T04:00:00-05:00"),
            (Int64(1_782_900_000), "Europe/Berlin", "2026-07-01T12:00:00+02:00"),
        ])
    func iso(seconds: Int64, zone: String, expected: String) {
        #expect(TimeText.iso8601(seconds, tz: zone) == expected)
    }

    @Test("knows real zones and refuses made-up ones")
    func zones() {
        #expect(TimeText.isKnownZone("Europe/Istanbul"))
        #expect(TimeText.isKnownZone("America/New_York"))
        #expect(!TimeText.isKnownZone("Mars/Olympus"))
        #expect(!TimeText.isKnownZone(""))
    }
}
