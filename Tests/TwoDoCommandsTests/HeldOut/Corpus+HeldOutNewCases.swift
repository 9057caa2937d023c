// Held-out rows that need the issue 16 cases `ParseError.twoValues` and `Command.addToUnknownList`.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// English rows of two values for one slot and of lists that do not exist.
    static let heldOutEnglishNewCases: [Row] = [
        fail(
            "add call bank tomorrow friday",
            .twoValues(verb: "add", slot: .date, first: "tomorrow", second: "friday")),
        fail(
            "add tomorrow call the plumber friday",
            .twoValues(verb: "add", slot: .date, first: "tomorrow", second: "friday")),
        fail(
            "add book flights !high low priority",
            .twoValues(verb: "add", slot: .priority, first: "!high", second: "low priority")),
        fail(
            "add asap renew passport p3",
            .twoValues(verb: "add", slot: .priority, first: "asap", second: "p3")),
        ok("add sandpaper #garage", .addToUnknownList(list: "garage", add: task("sandpaper"))),
        ok(
            "add paint brushes to the Garage list",
            .addToUnknownList(list: "Garage", add: task("paint brushes"))),
        ok("add wood glue to Hardware", .addToUnknownList(list: "Hardware", add: task("wood glue"))),
        ok("add sunscreen to Beach Trip", .addToUnknownList(list: "Beach Trip", add: task("sunscreen"))),
        ok("add passport in my Travel list", .addToUnknownList(list: "Travel", add: task("passport"))),
        ok("add #garden seeds", .addToUnknownList(list: "garden", add: task("seeds"))),
        ok(
            "add tent pegs tomorrow #camping",
            .addToUnknownList(list: "camping", add: task("tent pegs", due: due("2026-11-23")))),
    ]

    /// Turkish rows of two values for one slot and of lists that do not exist.
    static let heldOutTurkishNewCases: [Row] = [
        fail(
            "önemli kira öde ekle !düşük",
            .twoValues(verb: "add", slot: .priority, first: "önemli", second: "!düşük")),
        fail(
            "yarın faturayı öde cuma ekle",
            .twoValues(verb: "add", slot: .date, first: "yarın", second: "cuma")),
        fail(
            "perşembe sunumu hazırla yarın ekle",
            .twoValues(verb: "add", slot: .date, first: "perşembe", second: "yarın")),
        ok("hırdavat listesine vida ekle", .addToUnknownList(list: "hırdavat", add: task("vida"))),
        ok("tatil listeme güneş kremi ekle", .addToUnknownList(list: "tatil", add: task("güneş kremi"))),
        ok("kitap listesi'ne Suç ve Ceza ekle", .addToUnknownList(list: "kitap", add: task("Suç ve Ceza"))),
        ok("dübel ekle #hırdavat", .addToUnknownList(list: "hırdavat", add: task("dübel"))),
        ok("#eczane ağrı kesici ekle", .addToUnknownList(list: "eczane", add: task("ağrı kesici"))),
        ok(
            "yarın hediye listesine kitap ekle",
            .addToUnknownList(list: "hediye", add: task("kitap", due: due("2026-11-23")))),
    ]
}
