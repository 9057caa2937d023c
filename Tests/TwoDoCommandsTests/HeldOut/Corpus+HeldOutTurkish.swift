// Held-out Turkish rows of the issue 16 families: day first, case endings, typing without Turkish letters.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// Turkish lines of the issue 16 families (lang-decisions 1-6) that need no new `Command` case.
    static let heldOutTurkishFamilies: [Row] =
        heldOutTurkishDayFirst + heldOutTurkishCaseEndings + heldOutTurkishTyping + heldOutTurkishRepeatUntil
        + heldOutTurkishPriorities + heldOutTurkishFreeOrder

    /// 1. A weekday at the start of a verb-last line is a date; a weekday compound noun stays title.
    static let heldOutTurkishDayFirst: [Row] = [
        ok("cumartesi arabayı yıka ekle", task("arabayı yıka", due: due("2026-11-28"))),
        ok("salı annemi ara ekle", task("annemi ara", due: due("2026-11-24"))),
        ok("çarşamba doktora git ekle", task("doktora git", due: due("2026-11-25"))),
        ok("perşembe kuaföre git ekle", task("kuaföre git", due: due("2026-11-26"))),
        ok("cuma kira sözleşmesini imzala ekle", task("kira sözleşmesini imzala", due: due("2026-11-27"))),
        ok("pazartesi bankayı ara ekle", task("bankayı ara", due: due("2026-11-23"))),
        ok(
            "pazartesi veterinere git ekle", task("veterinere git", due: due("2026-11-30", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("cuma bob ile sinemaya git ekle", task("bob ile sinemaya git", due: due("2026-11-27"))),
        ok("cumartesi evi süpür ekle", task("evi süpür", due: due("2026-11-28"))),
        ok(
            "salı kargoyu gönder ekle", task("kargoyu gönder", due: due("2026-12-01", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),
        ok(
            "çarşamba saç kestir ekle", task("saç kestir", due: due("2026-12-02", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.wednesday),
        ok("perşembe 2 kilo elma al ekle", task("2 kilo elma al", due: due("2026-11-26"))),
        ok("cuma akşam arkadaşlarla buluş ekle", task("arkadaşlarla buluş", due: due("2026-11-27", "19:00"))),
        ok("pazar annemi ziyaret et ekle", task("annemi ziyaret et", due: due("2026-11-29"))),
        ok("cumartesi sabah koşuya çık ekle", task("koşuya çık", due: due("2026-11-28", "09:00"))),
        ok(
            "salı 15:00 veli toplantısına katıl ekle",
            task("veli toplantısına katıl", due: due("2026-11-24", "15:00"))),
        ok(
            "perşembe bulaşık makinesini boşalt ekle",
            task("bulaşık makinesini boşalt", due: due("2026-11-26", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul"),
        ok(
            "cumartesi çocukları parka götür ekle",
            task("çocukları parka götür", due: due("2026-11-28", tz: "Europe/Istanbul")), tz: "Europe/Istanbul",
            now: Corpus.istanbulNight),
        ok("pazar kahvaltısı ekle", task("pazar kahvaltısı")),
        ok("cumartesi pazarı ekle", task("cumartesi pazarı")),
        ok("perşembe pazarı ekle", task("perşembe pazarı")),
    ]

    /// 2. Case endings on days and dates before `ekle`, and `…'a kadar` / `…'e dek` without a repeat.
    static let heldOutTurkishCaseEndings: [Row] = [
        ok("faturayı perşembeye ekle", task("faturayı", due: due("2026-11-26"))),
        ok("kargoyu cumartesiye ekle", task("kargoyu", due: due("2026-11-28"))),
        ok("projeyi saliya ekle", task("projeyi", due: due("2026-11-24"))),
        ok("dosyalari persembeye ekle", task("dosyalari", due: due("2026-11-26"))),
        ok("toplantıyı Çarşamba'ya ekle", task("toplantıyı", due: due("2026-12-02")), now: Corpus.wednesday),
        ok(
            "sunumu cumaya ekle", task("sunumu", due: due("2026-11-27", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("raporu ayin 10una ekle", task("raporu", due: due("2026-12-10"))),
        ok("aidatı ayın 28'ine ekle", task("aidatı", due: due("2026-11-28"))),
        ok("vergiyi ayın 25'ine ekle", task("vergiyi", due: due("2026-11-25")), now: Corpus.wednesday),
        ok("faturayı 5 Aralık'a ekle", task("faturayı", due: due("2026-12-05"))),
        ok(
            "sunumu yarina ekle", task("sunumu", due: due("2026-11-24", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("vize başvurusunu 15 Ocak'a ekle", task("vize başvurusunu", due: due("2027-01-15"))),
        ok("vergi beyannamesi ayın sonuna kadar ekle", task("vergi beyannamesi", due: due("2026-11-30"))),
        ok("kira sözleşmesi Ocak sonuna kadar ekle", task("kira sözleşmesi", due: due("2027-01-31"))),
        ok("tez taslağı 15 Aralık'a kadar ekle", task("tez taslağı", due: due("2026-12-15"))),
        ok("sunum perşembeye kadar ekle", task("sunum", due: due("2026-11-26"))),
        ok("ödev salıya dek ekle", task("ödev", due: due("2026-11-24"))),
        ok(
            "makale cumaya kadar ekle", task("makale", due: due("2026-11-27", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),
        ok("rapor subat sonuna kadar ekle", task("rapor", due: due("2027-02-28"))),
        ok(
            "yorumları ayin sonuna kadar ekle", task("yorumları", due: due("2026-11-30", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("kitabı iade et 3 Aralık'a kadar ekle", task("kitabı iade et", due: due("2026-12-03"))),
        ok("rapor 20.11.2026'ya kadar ekle", task("rapor", due: due("2026-11-20"))),
        ok("pazara gidip meyve al ekle", task("pazara gidip meyve al")),
        ok("eczaneye uğra ekle", task("eczaneye uğra")),
        ok("terziye git ekle", task("terziye git")),
    ]

    /// 3. Upper case, typing without Turkish letters or apostrophes, one-letter typos in day and month names.
    static let heldOutTurkishTyping: [Row] = [
        ok("PERŞEMBE MÜŞTERİYİ ARA EKLE", task("MÜŞTERİYİ ARA", due: due("2026-11-26"))),
        ok("CUMA BANKAYA GİT EKLE", task("BANKAYA GİT", due: due("2026-11-27"))),
        ok("YARIN 10:00 DİŞÇİYE GİT EKLE", task("DİŞÇİYE GİT", due: due("2026-11-23", "10:00"))),
        ok("İLAÇLARI AL EKLE", task("İLAÇLARI AL")),
        ok("MARKETE PİRİNÇ EKLE", task("PİRİNÇ", list: "Market")),
        ok("CUMARTESİ BAHÇEYİ SULA EKLE", task("BAHÇEYİ SULA", due: due("2026-11-28"))),
        ok("YARIN AKŞAM MARKETE SÜT EKLE", task("SÜT", list: "Market", due: due("2026-11-23", "19:00"))),
        ok("BUGÜN 21:00 ÇÖPÜ ÇIKAR EKLE", task("ÇÖPÜ ÇIKAR", due: due("2026-11-22", "21:00"))),
        ok("ÖDEVİ CUMAYA EKLE", task("ÖDEVİ", due: due("2026-11-27"))),
        ok("ISITICIYI KAPAT EKLE", task("ISITICIYI KAPAT")),
        ok("İNDİRİM KUPONUNU KULLAN EKLE", task("İNDİRİM KUPONUNU KULLAN")),
        ok(
            "SALI İŞ GÖRÜŞMESİNE GİT EKLE",
            task("İŞ GÖRÜŞMESİNE GİT", due: due("2026-11-24", tz: "Europe/Istanbul")), tz: "Europe/Istanbul",
            now: Corpus.istanbulNight),
        ok("yarin aksam annemi ara ekle", task("annemi ara", due: due("2026-11-23", "19:00"))),
        ok("persembe kuafore git ekle", task("kuafore git", due: due("2026-11-26"))),
        ok("carsamba sabah veterinere git ekle", task("veterinere git", due: due("2026-11-25", "09:00"))),
        ok("bugun 18:00 kargoyu al ekle", task("kargoyu al", due: due("2026-11-22", "18:00"))),
        ok("cuma aksam sinemaya git ekle", task("sinemaya git", due: due("2026-11-27", "19:00"))),
        ok("cumartesi arabayi yika ekle", task("arabayi yika", due: due("2026-11-28"))),
        ok("odevi cumaya ekle", task("odevi", due: due("2026-11-27"))),
        ok(
            "yarin 08:30 okul servisini ara ekle",
            task("okul servisini ara", due: due("2026-11-24", "08:30", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "pazartesi sabah toplantiya katil ekle",
            task("toplantiya katil", due: due("2026-11-30", "09:00", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),
        ok("raporu perşmbe ekle", task("raporu", due: due("2026-11-26"))),
        ok("pazartsi doktora git ekle", task("doktora git", due: due("2026-11-23"))),
        ok("faturayı 5 aralk ekle", task("faturayı", due: due("2026-12-05"))),
        ok("düğün hediyesi 12 hazran ekle", task("düğün hediyesi", due: due("2027-06-12"))),
        ok("cumartsi evi temizle ekle", task("evi temizle", due: due("2026-11-28"))),
        ok("toplanti carsmba ekle", task("toplanti", due: due("2026-11-25"))),
        ok("yılbaşı hediyesi 20 arlık ekle", task("yılbaşı hediyesi", due: due("2026-12-20"))),
        ok("vergi ödemesi 14 şubt ekle", task("vergi ödemesi", due: due("2027-02-14"))),
    ]

    /// 4. `…'a kadar` / `…'e dek` ending a repeat is the repeat's last day; one before today is an error.
    static let heldOutTurkishRepeatUntil: [Row] = [
        ok(
            "her gün ilaç iç ay sonuna kadar ekle",
            task("ilaç iç", rule: Recurrence(.daily, until: day("2026-11-30")))),
        ok(
            "her salı pilates 15 Ocak'a kadar ekle",
            task("pilates", rule: Recurrence(.weekly, weekdays: [2], until: day("2027-01-15")))),
        ok(
            "her perşembe çöp çıkar Ocak sonuna kadar ekle",
            task("çöp çıkar", rule: Recurrence(.weekly, weekdays: [4], until: day("2027-01-31")))),
        ok(
            "her gün 10 bin adım at 31 Mart'a dek ekle",
            task("10 bin adım at", rule: Recurrence(.daily, until: day("2027-03-31")))),
        ok(
            "her cuma cop cikar haziran sonuna kadar ekle",
            task("cop cikar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30")))),
        ok(
            "her hafta içi yürüyüş 20 Aralık'a kadar ekle",
            task("yürüyüş", rule: Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5], until: day("2026-12-20")))),
        ok(
            "her ayın 1'i kira öde Haziran sonuna kadar ekle",
            task("kira öde", rule: Recurrence(.monthly, monthDay: 1, until: day("2027-06-30")))),
        ok(
            "2 haftada bir çarşafları değiştir mart sonuna kadar ekle",
            task("çarşafları değiştir", rule: Recurrence(.weekly, interval: 2, until: day("2027-03-31")))),
        ok(
            "her pazartesi ingilizce kursu 31 Aralık'a dek ekle",
            task("ingilizce kursu", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-12-31")))),
        ok(
            "her çarşamba yüzme 24.12'ye kadar ekle",
            task("yüzme", rule: Recurrence(.weekly, weekdays: [3], until: day("2026-12-24")))),
        ok(
            "her sabah vitamin al cumaya kadar ekle",
            task(
                "vitamin al", due: due("2026-11-23", "09:00", tz: "Europe/Istanbul"),
                rule: Recurrence(.daily, until: day("2026-11-27"))),
            tz: "Europe/Istanbul"),
        ok(
            "HER CUMA HALI SAHA 30 HAZİRAN'A KADAR EKLE",
            task("HALI SAHA", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30")))),
        ok(
            "her gun yuruyus yap ocak sonuna kadar ekle",
            task("yuruyus yap", rule: Recurrence(.daily, until: day("2027-01-31")))),
        ok(
            "her perşembe piyano dersi aralık sonuna kadar ekle",
            task("piyano dersi", rule: Recurrence(.weekly, weekdays: [4], until: day("2026-12-31"))),
            tz: "America/New_York", now: Corpus.wednesday),
        ok(
            "her salı ve perşembe spor 31 Ocak'a kadar ekle",
            task("spor", rule: Recurrence(.weekly, weekdays: [2, 4], until: day("2027-01-31"))),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "her gün kuşlara yem ver pazara kadar ekle",
            task("kuşlara yem ver", rule: Recurrence(.daily, until: day("2026-11-29"))), now: Corpus.wednesday),
        ok(
            "cumaları piknik ayın sonuna dek ekle",
            task("piknik", rule: Recurrence(.weekly, weekdays: [5], until: day("2026-11-30")))),
        fail("her gün yürüyüş düne kadar ekle", bad("add", "düne kadar", .inThePast)),
        fail("her pazartesi ders 15.11.2026'ya kadar ekle", bad("add", "15.11.2026'ya kadar", .inThePast)),
        fail(
            "her gün ilaç iç 24.11.2026'ya kadar ekle", bad("add", "24.11.2026'ya kadar", .inThePast),
            now: Corpus.wednesday),
    ]

    /// 5. Priority words at either end, after the verb, in upper case, with a colon.
    static let heldOutTurkishPriorities: [Row] = [
        ok("acil kombiciyi ara ekle", task("kombiciyi ara", priority: .high)),
        ok("ACİL SU FATURASINI ÖDE EKLE", task("SU FATURASINI ÖDE", priority: .high)),
        ok("önemli vergi dairesine git ekle", task("vergi dairesine git", priority: .high)),
        ok("çok önemli pasaportu yenile ekle", task("pasaportu yenile", priority: .high)),
        ok("sigortayı yenile ekle acil", task("sigortayı yenile", priority: .high)),
        ok("diş randevusu al ekle önemli", task("diş randevusu al", priority: .high)),
        ok("önemli: kira sözleşmesini imzala", task("kira sözleşmesini imzala", priority: .high)),
        ok("acil: kombici çağır", task("kombici çağır", priority: .high)),
        ok("faturaları öde ekle düşük öncelikli", task("faturaları öde", priority: .low)),
        ok("boya al ekle orta öncelikli", task("boya al", priority: .medium)),
        ok(
            "acil yarın 10:00 tesisatçıyı ara ekle",
            task("tesisatçıyı ara", due: due("2026-11-23", "10:00"), priority: .high)),
        ok("yarın acil tesisatçı çağır ekle", task("tesisatçı çağır", due: due("2026-11-23"), priority: .high)),
        ok("ÇOK ÖNEMLİ ANNEMİ ARA EKLE", task("ANNEMİ ARA", priority: .high)),
        ok("ehliyeti yenile ekle çok önemli", task("ehliyeti yenile", priority: .high)),
        ok("ekle acil kargo takibi", task("kargo takibi", priority: .high)),
        ok("!yüksek kombi bakımı ekle", task("kombi bakımı", priority: .high)),
        ok(
            "acil bugün 17:00 eczaneye uğra ekle",
            task("eczaneye uğra", due: due("2026-11-22", "17:00"), priority: .high)),
        ok(
            "önemli cuma müdürle görüş ekle",
            task("müdürle görüş", due: due("2026-11-27", tz: "Europe/Istanbul"), priority: .high),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "ACİL: ÇATI AKIYOR USTA ÇAĞIR", task("ÇATI AKIYOR USTA ÇAĞIR", priority: .high),
            tz: "Europe/Istanbul"),
        ok("perde yıka ekle düşük öncelik", task("perde yıka", priority: .low)),
    ]

    /// 6. Several slots in free order around a verb-last line: date, time, a dative list, title, verb, priority.
    static let heldOutTurkishFreeOrder: [Row] = [
        ok(
            "cuma 18:00 markete süt ekle önemli",
            task("süt", list: "Market", due: due("2026-11-27", "18:00"), priority: .high)),
        ok(
            "yarın sabah markete yumurta ekle acil",
            task("yumurta", list: "Market", due: due("2026-11-23", "09:00"), priority: .high)),
        ok(
            "pazartesi 08:30 Bills'e elektrik faturası ekle",
            task("elektrik faturası", list: "Bills", due: due("2026-11-23", "08:30"))),
        ok(
            "yarın 17:00 eczaneye uğra ekle acil",
            task("eczaneye uğra", due: due("2026-11-23", "17:00"), priority: .high)),
        ok(
            "perşembe 10:00 alışveriş listesine deterjan ekle",
            task("deterjan", list: "Alışveriş Listesi", due: due("2026-11-26", "10:00"))),
        ok(
            "bugün 20:00 markete meyve ekle düşük öncelikli",
            task("meyve", list: "Market", due: due("2026-11-22", "20:00"), priority: .low)),
        ok("acil markete bebek bezi ekle", task("bebek bezi", list: "Market", priority: .high)),
        ok("cumartesi markete mangal kömürü ekle", task("mangal kömürü", list: "Market", due: due("2026-11-28"))),
        ok(
            "salı 19:30 bob için sinema bileti al ekle",
            task("sinema bileti al", due: due("2026-11-24", "19:30"), assignee: .member("bob"))),
        ok(
            "yarın 09:00 benim için kan tahlili ekle önemli",
            task("kan tahlili", due: due("2026-11-23", "09:00"), priority: .high, assignee: .me)),
        ok(
            "yarın 09:30 markete peynir ekle acil",
            task("peynir", list: "Market", due: due("2026-11-24", "09:30", tz: "Europe/Istanbul"), priority: .high),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "cuma 14:00 kuru temizlemeciye git ekle acil",
            task("kuru temizlemeciye git", due: due("2026-11-27", "14:00", tz: "America/New_York"), priority: .high),
            tz: "America/New_York", now: Corpus.wednesday),
        ok(
            "yarin 18:30 markete ekmek ekle acil",
            task("ekmek", list: "Market", due: due("2026-11-23", "18:30"), priority: .high)),
        ok(
            "yarın 07:45 simitçiye uğra ekle acil",
            task("simitçiye uğra", due: due("2026-11-23", "07:45"), priority: .high)),
        ok(
            "perşembe öğlen bankaya git ekle önemli",
            task("bankaya git", due: due("2026-11-26", "12:00"), priority: .high)),
        ok(
            "cuma 19:00 Bills'e internet faturası ekle acil",
            task("internet faturası", list: "Bills", due: due("2026-11-27", "19:00"), priority: .high)),
        ok("yarın markete 2 litre süt ekle", task("2 litre süt", list: "Market", due: due("2026-11-23"))),
        ok(
            "CUMA 09:00 MARKETE KAHVE EKLE ACİL",
            task(
                "KAHVE", list: "Market", due: due("2026-11-27", "09:00", tz: "Europe/Berlin"), priority: .high),
            tz: "Europe/Berlin", now: Corpus.wednesday),
        ok(
            "yarın 16:00 bob için kırtasiyeye uğra ekle acil",
            task(
                "kırtasiyeye uğra", due: due("2026-11-23", "16:00"), priority: .high, assignee: .member("bob"))),

        // Errors: no such day or time.
        fail("doğum günü partisi 31 Şubat ekle", bad("add", "31 Şubat", .noSuchDay)),
        fail("kira 31 Nisan ekle", bad("add", "31 Nisan", .noSuchDay)),
        fail("toplantı 31 subat ekle", bad("add", "31 subat", .noSuchDay)),
        fail("sunum 30.02 ekle", bad("add", "30.02", .noSuchDay)),
        fail("annemi ara 25:30 ekle", bad("add", "25:30", .noSuchTime)),
        fail("kombi servisi 31 haziran ekle", bad("add", "31 haziran", .noSuchDay)),
    ]
}
