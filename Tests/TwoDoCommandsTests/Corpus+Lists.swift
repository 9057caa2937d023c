// List clear and icon rows and colon-less notes (item 7), in both languages.

import TwoDoCommands

extension Corpus {
    /// English `list clear`, `list icon` and `note <words> <text>` lines.
    static let englishListTools: [Row] = [
        ok("list clear groceries", .list(.clear("Groceries"))),
        ok("list clear weekend trip", .list(.clear("weekend trip"))),
        fail("list clear", .usage(verb: "list")),
        ok("list icon groceries 🛒", .list(.icon("Groceries", emoji: "🛒"))),
        ok("LIST ICON Groceries 👨‍👩‍👧", .list(.icon("Groceries", emoji: "👨‍👩‍👧"))),
        ok("list emoji bills 💸", .list(.icon("Bills", emoji: "💸"))),
        ok("list icon alışveriş listesi 🧺", .list(.icon("Alışveriş Listesi", emoji: "🧺"))),
        ok("list icon groceries", .list(.icon("Groceries", emoji: nil))),
        ok("list icon groceries none", .list(.icon("Groceries", emoji: nil))),
        ok("list icon groceries 🛒 🍎", .list(.icon("Groceries", emoji: "🛒 🍎"))),
        ok("list icon groceries ab", .list(.icon("Groceries", emoji: "ab"))),
        ok("list icon weekend trip 🏖️", .list(.icon("weekend trip", emoji: "🏖️"))),
        ok("list icon unknown", .list(.icon("unknown", emoji: nil))),
        fail("list icon", .usage(verb: "list")),
        // `note` without a colon: the handler splits the words against the tasks it can see.
        ok("note oat milk the blue carton", .noteUnsplit("oat milk the blue carton")),
        ok("note \"fix sink\" use the wrench", .note(.words("fix sink"), text: "use the wrench")),
        ok("note \"fix sink\": use the wrench", .note(.words("fix sink"), text: "use the wrench")),
        ok("note “a: b” c", .note(.words("a: b"), text: "c")),
        fail("note milk", .usage(verb: "note")),
        fail("note \"fix sink\"", .usage(verb: "note")),
        fail("note \"\" text", .usage(verb: "note")),
    ]

    /// Turkish `liste temizle`, `liste simge` and `not <sözcükler> <metin>` lines.
    static let turkishListTools: [Row] = [
        ok("liste temizle market", .list(.clear("Market"))),
        ok("LİSTE TEMİZLE alışveriş listesi", .list(.clear("Alışveriş Listesi"))),
        fail("liste temizle", .usage(verb: "list")),
        ok("liste simge market 🛒", .list(.icon("Market", emoji: "🛒"))),
        ok("liste ikon market 🇹🇷", .list(.icon("Market", emoji: "🇹🇷"))),
        ok("liste simge market yok", .list(.icon("Market", emoji: nil))),
        ok("liste simge market kaldır", .list(.icon("Market", emoji: nil))),
        ok("liste simge market", .list(.icon("Market", emoji: nil))),
        ok("liste simge hafta sonu 1️⃣", .list(.icon("hafta sonu", emoji: "1️⃣"))),
        fail("liste simge", .usage(verb: "list")),
        ok("not lavabo tamiri anahtarı unutma", .noteUnsplit("lavabo tamiri anahtarı unutma")),
        ok("not \"lavabo tamiri\" anahtarı unutma", .note(.words("lavabo tamiri"), text: "anahtarı unutma")),
        fail("not süt", .usage(verb: "note")),
    ]
}
