// Step rows: `add <step> under <task>`, `add step|subtask <step> to <task>`, `steps <task>`, and the Turkish
// `<görev> altına <adım> ekle`, `adım ekle <görev>: <adım>`, `<görev> görevine adım ekle: <adım>`, `adımlar`.

import TwoDoCommands

extension Corpus {
    /// English step lines and their expected parses.
    static let englishSteps: [Row] = [
        ok(
            "add eggs under party prep",
            .addStep(title: "eggs", parent: .words("party prep"), plain: task("eggs under party prep"))),
        ok(
            "add look under the sofa",
            .addStep(title: "look", parent: .words("the sofa"), plain: task("look under the sofa"))),
        ok("add eggs under #3", .addStep(title: "eggs", parent: .number(3), plain: task("eggs under #3"))),
        ok("add eggs under id:42", .addStep(title: "eggs", parent: .id(42), plain: task("eggs under id:42"))),
        ok(
            "add \"look under it\" under sofa day",
            .addStep(
                title: "look under it", parent: .words("sofa day"), plain: task("\"look under it\" under sofa day"))),
        ok("add \"look under the sofa\"", task("look under the sofa")),
        ok(
            "add eggs under party prep to groceries",
            .addStep(
                title: "eggs", parent: .words("party prep to groceries"),
                plain: task("eggs under party prep", list: "Groceries"))),
        ok("add subtask eggs to buy oat milk", .addStep(title: "eggs", parent: .words("buy oat milk"), plain: nil)),
        ok("add step eggs to party prep", .addStep(title: "eggs", parent: .words("party prep"), plain: nil)),
        ok("ADD SUBTASK eggs TO party prep", .addStep(title: "eggs", parent: .words("party prep"), plain: nil)),
        ok("add sub-task eggs under party prep", .addStep(title: "eggs", parent: .words("party prep"), plain: nil)),
        ok(
            "new subtask go to the shop to party prep",
            .addStep(title: "go to the shop", parent: .words("party prep"), plain: nil)),
        ok("add step to party prep: buy eggs", .addStep(title: "buy eggs", parent: .words("party prep"), plain: nil)),
        ok("add step party prep: buy eggs", .addStep(title: "buy eggs", parent: .words("party prep"), plain: nil)),
        ok("add step to #2: eggs", .addStep(title: "eggs", parent: .number(2), plain: nil)),
        ok("add subtask \"eggs\" to party prep", .addStep(title: "eggs", parent: .words("party prep"), plain: nil)),
        ok(
            "add step counter to groceries",
            .addStep(title: "counter", parent: .words("groceries"), plain: task("step counter", list: "Groceries"))),
        ok(
            "add subtask counter to groceries",
            .addStep(title: "counter", parent: .words("groceries"), plain: nil)),
        ok("new step counter", task("step counter")),
        ok("steps party prep", .steps(.words("party prep"))),
        ok("subtasks #2", .steps(.number(2))),
        ok("steps id:7", .steps(.id(7))),
        ok("steps party prep page 2", .paged(.steps(.words("party prep")), page: 2)),
        ok("add under the bridge", task("under the bridge")),
        fail("add step eggs", .usage(verb: "steps")),
        fail("add step to party prep:", .usage(verb: "steps")),
        fail("add step : eggs", .usage(verb: "steps")),
        fail("add subtask", .usage(verb: "steps")),
        fail("steps", .usage(verb: "steps")),
        fail("steps #0", .usage(verb: "steps")),
    ]

    /// Turkish step lines and their expected parses.
    static let turkishSteps: [Row] = [
        ok(
            "parti hazırlığı altına yumurta ekle",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: task("parti hazırlığı altına yumurta"))
        ),
        ok(
            "PARTİ HAZIRLIĞI ALTINA YUMURTA EKLE",
            .addStep(title: "YUMURTA", parent: .words("PARTİ HAZIRLIĞI"), plain: task("PARTİ HAZIRLIĞI ALTINA YUMURTA"))
        ),
        ok(
            "parti hazırlığının altına yumurta al ekle",
            .addStep(
                title: "yumurta al", parent: .words("parti hazırlığının"),
                plain: task("parti hazırlığının altına yumurta al"))),
        ok("#2 altına yumurta ekle", .addStep(title: "yumurta", parent: .number(2), plain: task("#2 altına yumurta"))),
        ok(
            "ekle parti hazırlığı altına yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: task("parti hazırlığı altına yumurta"))
        ),
        ok(
            "kanepenin altına bak ekle",
            .addStep(title: "bak", parent: .words("kanepenin"), plain: task("kanepenin altına bak"))),
        ok(
            "adım ekle parti hazırlığı: yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: nil)),
        ok("adım ekle #2: yumurta al", .addStep(title: "yumurta al", parent: .number(2), plain: nil)),
        ok(
            "adım ekle parti hazırlığı altına yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: nil)),
        ok(
            "altgörev ekle parti hazırlığı: yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: nil)),
        ok(
            "parti hazırlığı görevine adım ekle: yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: nil)),
        ok(
            "parti hazırlığı görevine adım ekle : yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığı"), plain: nil)),
        ok(
            "parti hazırlığına adım ekle: yumurta",
            .addStep(title: "yumurta", parent: .words("parti hazırlığına"), plain: nil)),
        ok("adımlar parti hazırlığı", .steps(.words("parti hazırlığı"))),
        ok("alt görevler #2", .steps(.number(2))),
        ok("parti hazırlığı adımları", .steps(.words("parti hazırlığı"))),
        ok("adımlar parti hazırlığı sayfa 2", .paged(.steps(.words("parti hazırlığı")), page: 2)),
        ok("altına ekle", task("altına")),
        fail("adım ekle parti hazırlığı", .usage(verb: "steps")),
        fail("adım ekle parti hazırlığı:", .usage(verb: "steps")),
        fail("adımlar", .usage(verb: "steps")),
    ]
}
