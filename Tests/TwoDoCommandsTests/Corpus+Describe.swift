// Description and whole-item rows (issue 13 items 3 and 4): `describe`/`açıkla`, `info`/`detay`, `add … -- …`.

import TwoDoCommands
import TwoDoCore

/// An `add` command with a description (and optionally a due date).
func described(_ title: String, _ text: String?, list: String? = nil, due: DueDate? = nil) -> Command {
    .add(title: title, list: list, details: TaskDetails(due: due, description: text))
}

extension Corpus {
    /// English describe, info and inline-description lines.
    static let englishDescribe: [Row] = [
        ok("describe #3: the washer is worn", .describe(.task(.number(3)), text: "the washer is worn")),
        ok("describe 3: the washer is worn", .describe(.task(.number(3)), text: "the washer is worn")),
        ok("describe 3 the washer is worn", .describe(.task(.number(3)), text: "the washer is worn")),
        ok("describe 3 : the washer", .describe(.task(.number(3)), text: "the washer")),
        ok("describe id:42: washer", .describe(.task(.id(42)), text: "washer")),
        ok(
            "describe fix sink: the washer: size 3/4",
            .describe(.task(.words("fix sink")), text: "the washer: size 3/4")),
        ok("DESCRIBE fix sink:   spaced  ", .describe(.task(.words("fix sink")), text: "spaced")),
        ok("describe fix sink:", .describe(.task(.words("fix sink")), text: nil)),
        ok("describe #3:", .describe(.task(.number(3)), text: nil)),
        ok("describe 3 :", .describe(.task(.number(3)), text: nil)),
        ok("describe \"meeting: 10am\": bring slides", .describe(.task(.words("meeting: 10am")), text: "bring slides")),
        ok("describe routine gym: leg day on mondays", .describe(.routine("gym"), text: "leg day on mondays")),
        ok("describe routine gym:", .describe(.routine("gym"), text: nil)),
        ok("describe event id:7: bring the gift", .describe(.event("id:7"), text: "bring the gift")),
        ok("describe habit water plants: the big one", .describe(.routine("water plants"), text: "the big one")),
        fail("describe", .usage(verb: "describe")),
        fail("describe fix sink", .usage(verb: "describe")),
        fail("describe 3", .usage(verb: "describe")),
        fail("describe : text", .usage(verb: "describe")),
        fail("describe #0: text", .usage(verb: "describe")),
        fail("describe routine gym", .usage(verb: "describe")),
        fail("describe routine : x", .usage(verb: "describe")),
        ok("info 2", .info(.task(.number(2)))),
        ok("info #2", .info(.task(.number(2)))),
        ok("info id:42", .info(.task(.id(42)))),
        ok("info fix sink", .info(.task(.words("fix sink")))),
        ok("info \"fix sink\"", .info(.task(.words("fix sink")))),
        ok("details fix sink", .info(.task(.words("fix sink")))),
        ok("info routine gym", .info(.routine("gym"))),
        ok("info event dinner with ayse", .info(.event("dinner with ayse"))),
        ok("info routine", .info(.task(.words("routine")))),
        fail("info", .usage(verb: "info")),
        fail("info #0", .usage(verb: "info")),
        ok("add fix sink -- the washer is worn", described("fix sink", "the washer is worn")),
        ok(
            "add fix sink tomorrow -- the washer is worn",
            described("fix sink", "the washer is worn", due: due("2026-11-23"))),
        ok("add milk to Groceries -- oat, not soy", described("milk", "oat, not soy", list: "Groceries")),
        ok("add milk -- a -- b", described("milk", "a -- b")),
        ok("add milk --", described("milk", nil)),
        ok("add milk --flag", task("milk --flag")),
        ok("add a - b", task("a - b")),
        fail("add -- the washer", .usage(verb: "add")),
        ok("note 3: a -- b", .note(.number(3), text: "a -- b")),
        ok("search a -- b", .search("a -- b")),
    ]

    /// Turkish describe, info and inline-description lines.
    static let turkishDescribe: [Row] = [
        ok("açıkla #3: conta eskimiş", .describe(.task(.number(3)), text: "conta eskimiş")),
        ok("AÇIKLA lavabo tamiri: conta eskimiş", .describe(.task(.words("lavabo tamiri")), text: "conta eskimiş")),
        ok("acikla 3: conta", .describe(.task(.number(3)), text: "conta")),
        ok("açıklama 3: conta", .describe(.task(.number(3)), text: "conta")),
        ok("açıkla lavabo tamiri:", .describe(.task(.words("lavabo tamiri")), text: nil)),
        ok("açıkla rutin koşu: sabah 7'de", .describe(.routine("koşu"), text: "sabah 7'de")),
        ok("açıkla etkinlik doğum günü: hediye al", .describe(.event("doğum günü"), text: "hediye al")),
        ok("açıkla alışkanlık su içmek:", .describe(.routine("su içmek"), text: nil)),
        fail("açıkla", .usage(verb: "describe")),
        fail("açıkla lavabo tamiri", .usage(verb: "describe")),
        ok("detay 2", .info(.task(.number(2)))),
        ok("detay lavabo tamiri", .info(.task(.words("lavabo tamiri")))),
        ok("detaylar lavabo tamiri", .info(.task(.words("lavabo tamiri")))),
        ok("bilgi #4", .info(.task(.number(4)))),
        ok("detay rutin koşu", .info(.routine("koşu"))),
        ok("detay etkinlik doğum günü", .info(.event("doğum günü"))),
        fail("detay", .usage(verb: "info")),
        ok("lavabo tamiri ekle -- conta eskimiş", described("lavabo tamiri", "conta eskimiş")),
        ok(
            "yarın lavabo tamiri ekle -- conta eskimiş",
            described("lavabo tamiri", "conta eskimiş", due: due("2026-11-23"))),
        ok("lavabo tamiri -- conta eskimiş ekle", described("lavabo tamiri", "conta eskimiş")),
        ok("markete süt ekle -- yulaf sütü", described("süt", "yulaf sütü", list: "Market")),
        ok("ekle lavabo tamiri -- conta eskimiş", described("lavabo tamiri", "conta eskimiş")),
        ok("not 3: a -- b", .note(.number(3), text: "a -- b")),
    ]
}
