// Corpus rows: priority words at either end, slots in free order, and unknown lists.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// The zone of the Turkish rows with a date or time.
    private static let ist = "Europe/Istanbul"

    /// Turkish rows: `acil`/`önemli`/`çok önemli` anywhere at either end (also ASCII, upper case, with a colon),
    /// two priorities or dates that disagree, slots around the verb in any order, and lists that do not exist.
    static let turkishSlotPhrasings: [Row] = [
        ok("acil faturayı öde ekle", task("faturayı öde", priority: .high)),
        ok("faturayı öde ekle önemli", task("faturayı öde", priority: .high)),
        ok("faturayı öde ekle acil", task("faturayı öde", priority: .high)),
        ok("faturayi ode ekle onemli", task("faturayi ode", priority: .high)),
        ok("onemli faturayi ode ekle", task("faturayi ode", priority: .high)),
        ok("cok onemli faturayi ode ekle", task("faturayi ode", priority: .high)),
        ok("çok önemli raporu bitir ekle", task("raporu bitir", priority: .high)),
        ok("raporu bitir ekle çok önemli", task("raporu bitir", priority: .high)),
        ok("raporu bitir cok onemli ekle", task("raporu bitir", priority: .high)),
        ok("ACIL faturayi ode ekle", task("faturayi ode", priority: .high)),
        ok("ACİL FATURAYI ÖDE EKLE", task("FATURAYI ÖDE", priority: .high)),
        ok("acil: faturayı öde ekle", task("faturayı öde", priority: .high)),
        ok("acil: faturayı öde", task("faturayı öde", priority: .high)),
        ok("ACİL annemi ara", task("annemi ara", priority: .high)),
        ok("acil durum çantasını hazırla ekle", task("acil durum çantasını hazırla")),
        ok("acil durum çantası ekle acil", task("acil durum çantası", priority: .high)),
        ok("markete süt ekle acil", task("süt", list: "Market", priority: .high)),
        ok("acil markete süt ekle", task("süt", list: "Market", priority: .high)),
        ok("süt ekle markete acil", task("süt", list: "Market", priority: .high)),
        ok(
            "yarın faturayı öde ekle acil", task("faturayı öde", due: due("2026-11-23", tz: ist), priority: .high),
            tz: ist),
        ok(
            "acil yarın faturayı öde ekle", task("faturayı öde", due: due("2026-11-23", tz: ist), priority: .high),
            tz: ist),
        ok("düşük öncelikli çiçekleri sula ekle", task("çiçekleri sula", priority: .low)),
        ok("çiçekleri sula ekle düşük öncelikli", task("çiçekleri sula", priority: .low)),
        ok("orta öncelikli kitap oku ekle", task("kitap oku", priority: .medium)),
        ok("dusuk oncelikli cicekleri sula ekle", task("cicekleri sula", priority: .low)),
        ok("acil faturayı öde ekle önemli", task("faturayı öde", priority: .high)),
        ok("önemli faturayı öde ekle acil", task("faturayı öde", priority: .high)),
        ok("ekle acil faturayı öde", task("faturayı öde", priority: .high)),
        ok("ekle faturayı öde önemli", task("faturayı öde", priority: .high)),
        ok("ekle faturayi ode cok onemli", task("faturayi ode", priority: .high)),
        ok("acil kombiyi tamir ettir ekle", task("kombiyi tamir ettir", priority: .high)),
        ok("kombiyi tamir ettir ekle acil", task("kombiyi tamir ettir", priority: .high)),
        ok("ACIL: kombiyi tamir ettir ekle", task("kombiyi tamir ettir", priority: .high)),
        ok("önemli: vergi beyannamesi ekle", task("vergi beyannamesi", priority: .high)),
        ok("vergi beyannamesi ekle ÖNEMLİ", task("vergi beyannamesi", priority: .high)),
        ok("onemli vergi beyannamesi", task("vergi beyannamesi", priority: .high)),
        ok("cok onemli vergi beyannamesi", task("vergi beyannamesi", priority: .high)),
        ok("çok önemli: pasaportu yenile", task("pasaportu yenile", priority: .high)),
        ok("pasaportu yenile ekle cok onemli", task("pasaportu yenile", priority: .high)),
        ok("acil annemi ara ekle bugün", task("annemi ara", due: due("2026-11-22", tz: ist), priority: .high), tz: ist),
        ok("bugün annemi ara ekle acil", task("annemi ara", due: due("2026-11-22", tz: ist), priority: .high), tz: ist),
        ok(
            "acil bugün 18:00 annemi ara ekle",
            task("annemi ara", due: due("2026-11-22", "18:00", tz: ist), priority: .high), tz: ist),
        ok(
            "annemi ara ekle bugün 18:00 acil",
            task("annemi ara", due: due("2026-11-22", "18:00", tz: ist), priority: .high), tz: ist),
        ok("ekle acil: annemi ara", task("annemi ara", priority: .high)),
        ok("ekle annemi ara acil", task("annemi ara", priority: .high)),
        ok("ekle annemi ara ACİL", task("annemi ara", priority: .high)),
        ok("bob için acil faturayı öde ekle", task("faturayı öde", priority: .high, assignee: .member("bob"))),
        ok("acil faturayı öde ekle bob için", task("faturayı öde", priority: .high, assignee: .member("bob"))),
        ok("acil faturayı öde ekle @bob", task("faturayı öde", priority: .high, assignee: .member("bob"))),
        ok("acil raporu yaz ekle !!!", task("raporu yaz", priority: .high)),
        ok("acil durum toplantısı ekle", task("acil durum toplantısı")),
        ok("önemli toplantı notları ekle", task("toplantı notları", priority: .high)),
        ok("toplanti notlari ekle onemli", task("toplanti notlari", priority: .high)),
        fail("acil x ekle !low", .twoValues(verb: "add", slot: .priority, first: "acil", second: "!low")),
        fail(
            "acil faturayı öde ekle düşük öncelikli",
            .twoValues(verb: "add", slot: .priority, first: "acil", second: "düşük öncelikli")),
        fail("önemli raporu yaz ekle !low", .twoValues(verb: "add", slot: .priority, first: "önemli", second: "!low")),
        fail(
            "!high raporu yaz ekle düşük öncelikli",
            .twoValues(verb: "add", slot: .priority, first: "!high", second: "düşük öncelikli")),
        fail("p1 raporu yaz ekle p3", .twoValues(verb: "add", slot: .priority, first: "p1", second: "p3")),
        fail("acil raporu yaz ekle p3", .twoValues(verb: "add", slot: .priority, first: "acil", second: "p3")),
        fail("ekle acil raporu yaz !low", .twoValues(verb: "add", slot: .priority, first: "acil", second: "!low")),
        fail("yarın raporu yaz ekle bugün", .twoValues(verb: "add", slot: .date, first: "yarın", second: "bugün")),
        fail("bugün raporu yaz ekle yarın", .twoValues(verb: "add", slot: .date, first: "bugün", second: "yarın")),
        fail("ekle yarın raporu yaz bugün", .twoValues(verb: "add", slot: .date, first: "yarın", second: "bugün")),
        ok(
            "yarın 09:30 markete ekmek ekle acil",
            task("ekmek", list: "Market", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "yarın 09:30 fırına ekmek ekle acil",
            task("fırına ekmek", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "markete yarın 09:30 ekmek ekle acil",
            task("ekmek", list: "Market", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "acil yarın 09:30 markete ekmek ekle",
            task("ekmek", list: "Market", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok("yarın markete ekmek ekle", task("ekmek", list: "Market", due: due("2026-11-23", tz: ist)), tz: ist),
        ok(
            "18:00 markete ekmek ekle önemli",
            task("ekmek", list: "Market", due: due("2026-11-22", "18:00", tz: ist), priority: .high), tz: ist),
        ok(
            "markete ekmek ekle yarın 18:00 acil",
            task("ekmek", list: "Market", due: due("2026-11-23", "18:00", tz: ist), priority: .high), tz: ist),
        ok(
            "ekmek ekle markete yarın acil",
            task("ekmek", list: "Market", due: due("2026-11-23", tz: ist), priority: .high), tz: ist),
        ok(
            "bob için yarın markete ekmek ekle acil",
            task("ekmek", list: "Market", due: due("2026-11-23", tz: ist), priority: .high, assignee: .member("bob")),
            tz: ist),
        ok("fırına uğra ekle acil", task("fırına uğra", priority: .high)),
        ok("pazara git ekle acil", task("pazara git", priority: .high)),
        ok("yarın fırına uğra ekle", task("fırına uğra", due: due("2026-11-23", tz: ist)), tz: ist),
        ok(
            "bankaya git ekle yarın önemli", task("bankaya git", due: due("2026-11-23", tz: ist), priority: .high),
            tz: ist),
        ok("Market'e yarın ekmek ekle", task("ekmek", list: "Market", due: due("2026-11-23", tz: ist)), tz: ist),
        ok(
            "yarın 18:00 markete süt ekle", task("süt", list: "Market", due: due("2026-11-23", "18:00", tz: ist)),
            tz: ist),
        ok(
            "yarın 18:00 markete süt ekle önemli",
            task("süt", list: "Market", due: due("2026-11-23", "18:00", tz: ist), priority: .high), tz: ist),
        ok(
            "markete yarın 18:00 süt ekle", task("süt", list: "Market", due: due("2026-11-23", "18:00", tz: ist)),
            tz: ist),
        ok(
            "yarın markete süt ekle cok onemli",
            task("süt", list: "Market", due: due("2026-11-23", tz: ist), priority: .high), tz: ist),
        ok(
            "yarın 09:30 eczaneye ilaç ekle acil",
            task("eczaneye ilaç", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "yarın 09:30 Bills'e fatura ekle acil",
            task("fatura", list: "Bills", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "acil markete yarın süt ekle",
            task("süt", list: "Market", due: due("2026-11-23", tz: ist), priority: .high), tz: ist),
        ok(
            "markete acil süt ekle yarın",
            task("süt", list: "Market", due: due("2026-11-23", tz: ist), priority: .high), tz: ist),
        ok(
            "yarın 09:30 markete ekmek ekle", task("ekmek", list: "Market", due: due("2026-11-23", "09:30", tz: ist)),
            tz: ist),
        ok(
            "YARIN 09:30 MARKETE EKMEK EKLE ACİL",
            task("EKMEK", list: "Market", due: due("2026-11-23", "09:30", tz: ist), priority: .high), tz: ist),
        ok(
            "bugün 18:00 fırına uğra ekle acil",
            task("fırına uğra", due: due("2026-11-22", "18:00", tz: ist), priority: .high), tz: ist),
        ok("PAZARA GIT EKLE ACIL", task("PAZARA GIT", priority: .high)),
        ok("bahçe listesine tohum ekle", .addToUnknownList(list: "bahçe", add: task("tohum"))),
        ok("bahce listesine tohum ekle", .addToUnknownList(list: "bahce", add: task("tohum"))),
        ok("bahçe listeme tohum ekle", .addToUnknownList(list: "bahçe", add: task("tohum"))),
        ok("bahçe listesi'ne tohum ekle", .addToUnknownList(list: "bahçe", add: task("tohum"))),
        ok("tohum ekle bahçe listesine", .addToUnknownList(list: "bahçe", add: task("tohum"))),
        ok("tohum ekle #bahce", .addToUnknownList(list: "bahce", add: task("tohum"))),
        ok("#bahce tohum ekle", .addToUnknownList(list: "bahce", add: task("tohum"))),
        ok("alışveriş listeme süt ekle", task("süt", list: "Alışveriş Listesi")),
        ok("ev işleri listesine çamaşır ekle", .addToUnknownList(list: "ev işleri", add: task("çamaşır"))),
        ok(
            "yarın bahçe listesine tohum ekle",
            .addToUnknownList(list: "bahçe", add: task("tohum", due: due("2026-11-23", tz: ist))), tz: ist),
        ok(
            "bahçe listesine yarın tohum ekle acil",
            .addToUnknownList(list: "bahçe", add: task("tohum", due: due("2026-11-23", tz: ist), priority: .high)),
            tz: ist),
        ok("ekle tohum #bahce", .addToUnknownList(list: "bahce", add: task("tohum"))),
        ok("#market süt ekle", task("süt", list: "Market")),
        ok("acil bahçe listesine tohum ekle", .addToUnknownList(list: "bahçe", add: task("tohum", priority: .high))),
        ok("BAHÇE LİSTESİNE TOHUM EKLE", .addToUnknownList(list: "BAHÇE", add: task("TOHUM"))),
        ok("bahce listesine tohum ekle onemli", .addToUnknownList(list: "bahce", add: task("tohum", priority: .high))),
        ok("tohum ekle #bahce acil", .addToUnknownList(list: "bahce", add: task("tohum", priority: .high))),
        ok(
            "#bahce yarın tohum ekle",
            .addToUnknownList(list: "bahce", add: task("tohum", due: due("2026-11-23", tz: ist))), tz: ist),
        ok("ekle tohum to Tools", task("tohum to Tools")),
        ok("markete gitmeyi unutma ekle", task("gitmeyi unutma", list: "Market")),
        ok("fırına ekmek ekle", task("fırına ekmek")),
        ok("liste ekle bahçe", .list(.add("bahçe"))),
        ok(
            "tohum ekle bahçe listesine -- kırmızı olanlar",
            .addToUnknownList(
                list: "bahçe",
                add: .add(title: "tohum", list: nil, details: TaskDetails(description: "kırmızı olanlar")))),
    ]

    /// English rows: `urgent:`, `ASAP`, `very important`, two values, and `#tools` / `to the Tools list` /
    /// `to Tools` naming no list (lower-case `to work` stays title).
    static let englishSlotPhrasings: [Row] = [
        ok("urgent: call the plumber", task("call the plumber", priority: .high)),
        ok("URGENT call mom", task("call mom", priority: .high)),
        ok("urgent call mom", task("call mom", priority: .high)),
        ok("add call mom asap", task("call mom", priority: .high)),
        ok("add call mom ASAP", task("call mom", priority: .high)),
        ok("asap: renew passport", task("renew passport", priority: .high)),
        ok("ASAP renew passport", task("renew passport", priority: .high)),
        ok("add renew passport important", task("renew passport", priority: .high)),
        ok("add important: renew passport", task("renew passport", priority: .high)),
        ok("add very important renew passport", task("renew passport", priority: .high)),
        ok("add renew passport very important", task("renew passport", priority: .high)),
        ok("Important: call the bank tomorrow", task("call the bank", due: due("2026-11-23"), priority: .high)),
        ok("add call the bank tomorrow urgent", task("call the bank", due: due("2026-11-23"), priority: .high)),
        ok(
            "add urgent call the bank tomorrow at 9am",
            task("call the bank", due: due("2026-11-23", "09:00"), priority: .high)),
        ok("add urgent x !high", task("x", priority: .high)),
        ok("add URGENT: fix the sink", task("fix the sink", priority: .high)),
        ok("add low priority water plants", task("water plants", priority: .low)),
        ok("add medium priority water plants", task("water plants", priority: .medium)),
        fail("add x urgent p3", .twoValues(verb: "add", slot: .priority, first: "urgent", second: "p3")),
        fail("add urgent x !low", .twoValues(verb: "add", slot: .priority, first: "urgent", second: "!low")),
        fail(
            "add asap x low priority", .twoValues(verb: "add", slot: .priority, first: "asap", second: "low priority")),
        fail("urgent: x p3", .twoValues(verb: "add", slot: .priority, first: "urgent:", second: "p3")),
        fail("add x friday tomorrow", .twoValues(verb: "add", slot: .date, first: "friday", second: "tomorrow")),
        fail("add pay rent tomorrow friday", .twoValues(verb: "add", slot: .date, first: "tomorrow", second: "friday")),
        fail("add tomorrow call mom friday", .twoValues(verb: "add", slot: .date, first: "tomorrow", second: "friday")),
        ok("add drill bits #tools", .addToUnknownList(list: "tools", add: task("drill bits"))),
        ok("add drill bits to the Tools list", .addToUnknownList(list: "Tools", add: task("drill bits"))),
        ok("add drill bits to Tools", .addToUnknownList(list: "Tools", add: task("drill bits"))),
        ok("add drill bits to my tools list", .addToUnknownList(list: "tools", add: task("drill bits"))),
        ok("add drill bits in the Tools list", .addToUnknownList(list: "Tools", add: task("drill bits"))),
        ok("add #tools drill bits", .addToUnknownList(list: "tools", add: task("drill bits"))),
        ok("add drill bits to Home Depot", .addToUnknownList(list: "Home Depot", add: task("drill bits"))),
        ok(
            "add drill bits to Tools tomorrow",
            .addToUnknownList(list: "Tools", add: task("drill bits", due: due("2026-11-23")))),
        ok("add drill bits #tools urgent", .addToUnknownList(list: "tools", add: task("drill bits", priority: .high))),
        ok("add \"drill bits\" #tools", .addToUnknownList(list: "tools", add: task("drill bits"))),
        ok("urgent: drill bits #tools", .addToUnknownList(list: "tools", add: task("drill bits", priority: .high))),
        ok("add go to work", task("go to work")),
        ok("add talk to mom", task("talk to mom")),
        ok("add email to Bob", task("email to Bob")),
        ok("add send it to Me", task("send it to Me")),
        ok("add milk to Groceries", task("milk", list: "Groceries")),
        ok("add milk to the Groceries list", task("milk", list: "Groceries")),
        ok("add x to the list", task("x to the list")),
        ok("add drill bits to tools", task("drill bits to tools")),
        ok("add drill bits #12", task("drill bits #12")),
        ok("add acil durum kit", task("acil durum kit")),
        ok(
            "add drill bits #tools -- the 6 mm ones",
            .addToUnknownList(
                list: "tools",
                add: .add(title: "drill bits", list: nil, details: TaskDetails(description: "the 6 mm ones")))),
    ]
}
