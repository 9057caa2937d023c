// Held-out Turkish rows of everyday lines: features the protocol already documents, typed the short way.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// Everyday Turkish lines: adds with dates, times, lists, people and repeats; references and listings.
    static let heldOutTurkishEveryday: [Row] = heldOutTurkishEverydayAdds + heldOutTurkishEverydayReferences

    /// Everyday Turkish adds (reference: Sunday 22 Nov 09:00 UTC, 12:00 in Istanbul).
    static let heldOutTurkishEverydayAdds: [Row] = [
        ok("yulaf ezmesi ekle", task("yulaf ezmesi")),
        ok("ekle kira öde", task("kira öde")),
        ok("markete domates ekle", task("domates", list: "Market")),
        ok("deterjan ekle markete", task("deterjan", list: "Market")),
        ok("alisveris listesine yumurta ekle", task("yumurta", list: "Alışveriş Listesi")),
        ok("bills'e su faturası ekle", task("su faturası", list: "Bills")),
        ok("ekle Market'e zeytinyağı", task("zeytinyağı", list: "Market")),
        ok("yarın 18:00 kuru temizlemeyi al ekle", task("kuru temizlemeyi al", due: due("2026-11-23", "18:00"))),
        ok("bu akşam çamaşırları as ekle", task("çamaşırları as", due: due("2026-11-22", "20:00"))),
        ok("yarın sabah spor salonuna git ekle", task("spor salonuna git", due: due("2026-11-23", "09:00"))),
        ok("öbür gün kuaför ekle", task("kuaför", due: due("2026-11-24"))),
        ok("3 gün sonra faturayı öde ekle", task("faturayı öde", due: due("2026-11-25"))),
        ok("haftaya cuma müşteri sunumu ekle", task("müşteri sunumu", due: due("2026-11-27"))),
        ok("haftaya cuma sunum hazırla ekle", task("sunum hazırla", due: due("2026-12-04")), now: Corpus.wednesday),
        ok(
            "gelecek hafta dişçiye git ekle", task("dişçiye git", due: due("2026-11-30", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.wednesday),
        ok("24 Aralık ağaç süsle ekle", task("ağaç süsle", due: due("2026-12-24"))),
        ok("hediye paketle 24 Aralık'ta ekle", task("hediye paketle", due: due("2026-12-24"))),
        ok("yılbaşı alışverişi 31.12 ekle", task("yılbaşı alışverişi", due: due("2026-12-31"))),
        ok("2 hafta sonra göz doktoru ekle", task("göz doktoru", due: due("2026-12-06"))),
        ok("2 saat sonra keki fırından çıkar ekle", task("keki fırından çıkar", due: due("2026-11-22", "11:00"))),
        ok("yarım saat sonra pilavı kapat ekle", task("pilavı kapat", due: due("2026-11-22", "09:30"))),
        ok("ay sonu aidat öde ekle", task("aidat öde", due: due("2026-11-30"))),
        ok("yarın saat 9'da toplantı ekle", task("toplantı", due: due("2026-11-23", "09:00"))),
        ok("cuma günü halıları yıkat ekle", task("halıları yıkat", due: due("2026-11-27"))),
        ok("bu cuma çiçekleri sula ekle", task("çiçekleri sula", due: due("2026-11-27"))),
        ok("önümüzdeki salı veli toplantısı ekle", task("veli toplantısı", due: due("2026-11-24"))),
        ok(
            "bugün 14:00 kargoyu teslim al ekle",
            task("kargoyu teslim al", due: due("2026-11-23", "14:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "yarın öğlen annemle yemek ekle",
            task("annemle yemek", due: due("2026-11-24", "12:00", tz: "Europe/Istanbul")), tz: "Europe/Istanbul",
            now: Corpus.istanbulNight),
        ok(
            "cuma 20:00 sinema ekle", task("sinema", due: due("2026-11-27", "20:00", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),
        ok(
            "bu akşam bulaşıkları yıka ekle",
            task("bulaşıkları yıka", due: due("2026-11-25", "20:00", tz: "Europe/Berlin")), tz: "Europe/Berlin",
            now: Corpus.wednesday),
        ok(
            "yarın 11:00 kombi bakımı ekle",
            task("kombi bakımı", due: due("2026-11-23", "11:00", tz: "Europe/Istanbul")), tz: "Europe/Istanbul"),
        ok("bob için çöpü çıkar ekle", task("çöpü çıkar", assignee: .member("bob"))),
        ok("benim için vitamin al ekle", task("vitamin al", assignee: .me)),
        ok("kendim için yoga dersi ekle", task("yoga dersi", assignee: .me)),
        ok("alice için ayakkabı tamiri ekle", task("ayakkabı tamiri", assignee: .member("alice"))),
        ok("her pazartesi çöpleri çıkar ekle", task("çöpleri çıkar", rule: Recurrence(.weekly, weekdays: [1]))),
        ok("her ayın 15'inde kira öde ekle", task("kira öde", rule: Recurrence(.monthly, monthDay: 15))),
        ok("iki haftada bir havluları yıka ekle", task("havluları yıka", rule: Recurrence(.weekly, interval: 2))),
        ok(
            "3 günde bir kedinin kumunu değiştir ekle",
            task("kedinin kumunu değiştir", rule: Recurrence(.daily, interval: 3))),
        ok(
            "her gün 21:00'de ilaç iç ekle",
            task("ilaç iç", due: due("2026-11-22", "21:00"), rule: Recurrence(.daily))),
        ok("cumaları halı saha ekle", task("halı saha", rule: Recurrence(.weekly, weekdays: [5]))),
        ok(
            "her sene 3 Mart annemin doğum günü ekle",
            task("annemin doğum günü", rule: Recurrence(.yearly, monthDay: 3, month: 3))),
        ok("her ayın son günü kira öde ekle", task("kira öde", rule: Recurrence(.monthly, monthDay: 31))),
        ok(
            "hafta içi her gün 07:00 koşu ekle",
            task("koşu", due: due("2026-11-23", "07:00"), rule: Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]))),
        ok(
            "her hafta sonu pazar alışverişi ekle",
            task("pazar alışverişi", rule: Recurrence(.weekly, weekdays: [6, 7]))),
        ok("!yüksek kombi bakımı yaptır ekle", task("kombi bakımı yaptır", priority: .high)),
        ok("banyo dolabı tamiri ekle", task("banyo dolabı tamiri")),
        ok("öğle yemeği hazırla ekle", task("öğle yemeği hazırla")),
    ]

    /// Everyday Turkish references, scheduling commands, listings and search.
    static let heldOutTurkishEverydayReferences: [Row] = [
        ok("#7 bitti", .done(.number(7))),
        ok("5 tamam", .done(.number(5))),
        ok("tamamla #9", .done(.number(9))),
        ok("#12 yapıldı", .done(.number(12))),
        ok("bulaşık bitti", .done(.words("bulaşık"))),
        ok("çamaşır tamam", .done(.words("çamaşır"))),
        ok("#3 sil", .delete(.number(3))),
        ok("sil 6", .delete(.number(6))),
        ok("#8'i sil", .delete(.number(8))),
        ok("düzenle #2 -> yulaf sütü al", .edit(.number(2), title: "yulaf sütü al")),
        ok("#5 geri al", .undone(.number(5))),
        ok("#2 markete taşı", .move(.number(2), list: "Market")),
        ok("#6 bob'a ata", .assign(.number(6), to: .member("bob"))),
        ok("#1 bana ata", .assign(.number(1), to: .me)),
        ok("#4 kimseye ata", .assign(.number(4), to: .nobody)),
        ok("tarih #3 cuma", .due(.number(3), due("2026-11-27"))),
        ok("son tarih #5 yarın 17:00", .due(.number(5), due("2026-11-23", "17:00"))),
        ok("tarih #2 yok", .due(.number(2), nil)),
        ok(
            "tarih #8 perşembe 14:00", .due(.number(8), due("2026-11-26", "14:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("öncelik #2 yüksek", .priority(.number(2), .high)),
        ok("öncelik #7 düşük", .priority(.number(7), .low)),
        ok("tekrarla #4 her salı", .repeating(.number(4), Recurrence(.weekly, weekdays: [2]))),
        ok("#6'yı her hafta tekrarla", .repeating(.number(6), Recurrence(.weekly))),
        ok("ertele 15dk", .snooze(.context, .duration(seconds: 900))),
        ok("#4'ü yarın sabaha ertele", .snooze(.number(4), .until(due("2026-11-23", "09:00")))),
        ok("dürt #2 15 dakikada bir", .nag(.number(2), minutes: 15)),
        ok("#5'i dürtme", .unnag(.number(5))),
        ok("hatırlat #4 1 saat önce", .remind(.number(4), .before(minutes: 60))),
        ok("#6 için yarın 10'da hatırlat", .remind(.number(6), .at(due("2026-11-23", "10:00")))),
        ok(
            "#3 için bugün 18:00'de hatırlat",
            .remind(.number(3), .at(due("2026-11-25", "18:00", tz: "America/New_York"))), tz: "America/New_York",
            now: Corpus.wednesday),
        ok("ara diş macunu", .search("diş macunu")),
        ok("bul kira", .search("kira")),
        ok("ara #market peynir", .search("#market peynir")),
        ok("göster Bills", .show(list: "Bills")),
        ok("bob'un görevleri", .view(.assigned("bob"))),
        ok("gecikmis", .view(.overdue)),
    ]
}
