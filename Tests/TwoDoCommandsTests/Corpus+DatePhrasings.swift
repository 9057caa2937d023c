// Corpus rows for dates: Turkish dates first with the verb last, case endings on dates and
// days, upper case, dotless typing and one-letter typos in day and month names, and `until` ending a repeat.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    private static let istanbul = "Europe/Istanbul"
    private static let newYork = "America/New_York"
    private static let berlin = "Europe/Berlin"

    /// Turkish rows of issue 16's date families (weekday first, endings, typing, `… kadar` ending a repeat).
    static let turkishDatePhrasings: [Row] = [
        ok("cumartesi çimleri biç ekle", task("çimleri biç", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("cumartesi cimleri bic ekle", task("cimleri bic", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("pazartesi faturayı öde ekle", task("faturayı öde", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("pazartesi faturayi ode ekle", task("faturayi ode", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok(
            "salı kuru temizlemeyi al ekle", task("kuru temizlemeyi al", due: due("2026-11-24", tz: istanbul)),
            tz: istanbul),
        ok(
            "sali kuru temizlemeyi al ekle", task("kuru temizlemeyi al", due: due("2026-11-24", tz: istanbul)),
            tz: istanbul),
        ok("çarşamba annemi ara ekle", task("annemi ara", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("carsamba annemi ara ekle", task("annemi ara", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("perşembe raporu gönder ekle", task("raporu gönder", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("persembe raporu gonder ekle", task("raporu gonder", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("cuma dişçiye git ekle", task("dişçiye git", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("cuma disciye git ekle", task("disciye git", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("pazar bahçeyi sula ekle", task("bahçeyi sula", due: due("2026-11-29", tz: istanbul)), tz: istanbul),
        ok("pazar arabayı yıka ekle", task("arabayı yıka", due: due("2026-11-29"))),
        ok(
            "cumartesi 10:00 çimleri biç ekle", task("çimleri biç", due: due("2026-11-28", "10:00", tz: istanbul)),
            tz: istanbul),
        ok(
            "cuma akşam sinemaya git ekle", task("sinemaya git", due: due("2026-11-27", "19:00", tz: istanbul)),
            tz: istanbul),
        ok(
            "pazartesi sabah spor salonuna git ekle",
            task("spor salonuna git", due: due("2026-11-23", "09:00", tz: istanbul)), tz: istanbul),
        ok(
            "cumartesi 10da kahvalti ekle", task("kahvalti", due: due("2026-11-28", "10:00", tz: istanbul)),
            tz: istanbul),
        ok("cuma: dişçi ekle", task("dişçi", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("cuma: dişçi", task("dişçi", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("yarın 9:30: toplantı", task("toplantı", due: due("2026-11-23", "09:30", tz: istanbul)), tz: istanbul),
        ok("yarin: fatura ode", task("fatura ode", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("her pazartesi: çöpü çıkar", task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [1])), tz: istanbul),
        ok("ekle cumartesi çimleri biç", task("çimleri biç", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok(
            "cuma sunum hazırla ekle", task("sunum hazırla", due: due("2026-11-27", tz: istanbul)), tz: istanbul,
            now: wednesday),
        ok(
            "salı sunum hazırla ekle", task("sunum hazırla", due: due("2026-12-01", tz: istanbul)), tz: istanbul,
            now: wednesday),
        ok("cuma spor ekle", task("spor", due: due("2026-11-27", tz: istanbul)), tz: istanbul, now: istanbulNight),
        ok("pazartesi spor ekle", task("spor", due: due("2026-11-30", tz: istanbul)), tz: istanbul, now: istanbulNight),
        ok("pazartesi yüzme ekle", task("yüzme", due: due("2026-11-23")), now: istanbulNight),
        ok("cuma dişçi ekle", task("dişçi", due: due("2026-11-27", tz: newYork)), tz: newYork),
        ok("cumartesi pikniğe git ekle", task("pikniğe git", due: due("2026-11-28", tz: berlin)), tz: berlin),
        ok("cuma namazına git ekle", task("cuma namazına git"), tz: istanbul),
        ok("pazar kahvaltısı hazırla ekle", task("pazar kahvaltısı hazırla"), tz: istanbul),
        ok("pazartesi toplantısı ekle", task("pazartesi toplantısı"), tz: istanbul),
        ok("cuma dersi ekle", task("cuma dersi"), tz: istanbul),
        ok("pazar pazarı gez ekle", task("pazar pazarı gez"), tz: istanbul),
        ok("pazar için sebze al ekle", task("pazar için sebze al"), tz: istanbul),
        ok("çarşamba pazarı ekle", task("çarşamba pazarı"), tz: istanbul),
        ok("cumartesi maçı izle ekle", task("cumartesi maçı izle"), tz: istanbul),
        ok("cuma hutbesini dinle ekle", task("cuma hutbesini dinle"), tz: istanbul),
        ok("pazar yemeğe git ekle", task("yemeğe git", due: due("2026-11-29", tz: istanbul)), tz: istanbul),
        ok("pazartesi ile salı arası izin ekle", task("pazartesi ile salı arası izin"), tz: istanbul),
        ok("pazara uğra ekle", task("pazara uğra"), tz: istanbul),
        ok("sunumu Salı'ya ekle", task("sunumu", due: due("2026-11-24", tz: istanbul)), tz: istanbul),
        ok("sunumu saliya ekle", task("sunumu", due: due("2026-11-24", tz: istanbul)), tz: istanbul),
        ok("sunumu salıya ekle", task("sunumu", due: due("2026-11-24", tz: istanbul)), tz: istanbul),
        ok("raporu cumaya ekle", task("raporu", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("raporu Cuma'ya ekle", task("raporu", due: due("2026-11-27", tz: berlin)), tz: berlin),
        ok("raporu perşembeye ekle", task("raporu", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("raporu persembeye ekle", task("raporu", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("ödevi pazartesiye ekle", task("ödevi", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("odevi pazartesiye ekle", task("odevi", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("faturayı çarşambaya ekle", task("faturayı", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("faturayi carsambaya ekle", task("faturayi", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("bulaşığı cumartesiye ekle", task("bulaşığı", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("temizliği pazara ekle", task("temizliği", due: due("2026-11-29", tz: istanbul)), tz: istanbul),
        ok("raporu yarına ekle", task("raporu", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok(
            "raporu yarina ekle", task("raporu", due: due("2026-11-24", tz: istanbul)), tz: istanbul, now: istanbulNight
        ),
        ok("raporu ayın 5'ine ekle", task("raporu", due: due("2026-12-05", tz: istanbul)), tz: istanbul),
        ok("raporu ayin 5ine ekle", task("raporu", due: due("2026-12-05", tz: istanbul)), tz: istanbul),
        ok("kirayı ayın 1'ine ekle", task("kirayı", due: due("2026-12-01", tz: istanbul)), tz: istanbul),
        ok("kirayi ayin 1ine ekle", task("kirayi", due: due("2026-12-01", tz: istanbul)), tz: istanbul),
        ok("aidatı ayın 25'ine ekle", task("aidatı", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("aidati ayin 25ine ekle", task("aidati", due: due("2026-11-25", tz: newYork)), tz: newYork),
        ok("raporu ayın 3'üne ekle", task("raporu", due: due("2026-12-03", tz: istanbul)), tz: istanbul),
        ok("raporu ayin 3une ekle", task("raporu", due: due("2026-12-03", tz: istanbul)), tz: istanbul),
        ok("vergiyi ayın 2'sine ekle", task("vergiyi", due: due("2026-12-02", tz: istanbul)), tz: istanbul),
        ok("vergiyi ayin 2sine ekle", task("vergiyi", due: due("2026-12-02", tz: istanbul)), tz: istanbul),
        ok("raporu ayın 22'sine ekle", task("raporu", due: due("2026-11-22", tz: istanbul)), tz: istanbul),
        ok("raporu 5 Aralık'a ekle", task("raporu", due: due("2026-12-05", tz: istanbul)), tz: istanbul),
        ok("raporu 5 araliga ekle", task("raporu", due: due("2026-12-05", tz: istanbul)), tz: istanbul),
        ok("raporu 5 aralıga ekle", task("raporu", due: due("2026-12-05"))),
        ok("rapor perşembeye kadar ekle", task("rapor", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("rapor persembeye kadar ekle", task("rapor", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("rapor Perşembe'ye kadar ekle", task("rapor", due: due("2026-11-26", tz: newYork)), tz: newYork),
        ok("rapor cumaya dek ekle", task("rapor", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("rapor Cuma'ya dek ekle", task("rapor", due: due("2026-11-27", tz: berlin)), tz: berlin),
        ok("proje Ocak sonuna kadar ekle", task("proje", due: due("2027-01-31", tz: istanbul)), tz: istanbul),
        ok("proje ocak sonuna kadar ekle", task("proje", due: due("2027-01-31"))),
        ok("proje Şubat sonuna kadar ekle", task("proje", due: due("2027-02-28", tz: istanbul)), tz: istanbul),
        ok("proje subat sonuna kadar ekle", task("proje", due: due("2027-02-28", tz: istanbul)), tz: istanbul),
        ok("proje kasım sonuna kadar ekle", task("proje", due: due("2026-11-30", tz: istanbul)), tz: istanbul),
        ok("proje ekim sonuna kadar ekle", task("proje", due: due("2027-10-31", tz: istanbul)), tz: istanbul),
        ok("proje ayın sonuna kadar ekle", task("proje", due: due("2026-11-30", tz: istanbul)), tz: istanbul),
        ok("proje ayin sonuna kadar ekle", task("proje", due: due("2026-11-30", tz: berlin)), tz: berlin),
        ok("proje ay sonuna kadar ekle", task("proje", due: due("2026-11-30", tz: istanbul)), tz: istanbul),
        ok("raporu Ocak sonuna ekle", task("raporu", due: due("2027-01-31", tz: istanbul)), tz: istanbul),
        ok("raporu ayın sonuna ekle", task("raporu", due: due("2026-11-30", tz: istanbul)), tz: istanbul),
        ok("vergi 31 Aralık'a kadar ekle", task("vergi", due: due("2026-12-31", tz: istanbul)), tz: istanbul),
        ok("vergi 31 araliga kadar ekle", task("vergi", due: due("2026-12-31", tz: istanbul)), tz: istanbul),
        ok("yarına kadar raporu bitir ekle", task("raporu bitir", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok(
            "yarın akşama kadar raporu bitir ekle", task("raporu bitir", due: due("2026-11-23", "19:00", tz: istanbul)),
            tz: istanbul),
        ok(
            "raporu bitir cuma sabahına kadar ekle",
            task("raporu bitir", due: due("2026-11-27", "09:00", tz: istanbul)), tz: istanbul),
        ok("ödevi perşembe gününe ekle", task("ödevi", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("rapor cuma gününe kadar ekle", task("rapor", due: due("2026-11-27", tz: berlin)), tz: berlin),
        ok(
            "her cuma çöpü çıkar 30 Haziranʼa kadar ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        ok(
            "her cuma çöpü çıkar 30 Haziran’a kadar ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        ok("sunumu Salı‘ya ekle", task("sunumu", due: due("2026-11-24", tz: istanbul)), tz: istanbul),
        ok("raporu pazartesiye kadar bitir ekle", task("raporu pazartesiye kadar bitir"), tz: istanbul),
        ok("cumaya kadar raporu bitir ekle", task("raporu bitir", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("raporu bitir cumaya kadar ekle", task("raporu bitir", due: due("2026-11-27", tz: berlin)), tz: berlin),
        fail("rapor 31 Şubat'a kadar ekle", bad("add", "31 Şubat'a", .noSuchDay), tz: istanbul),
        fail("rapor 31 Şubat ekle", bad("add", "31 Şubat", .noSuchDay), tz: istanbul),
        fail("raporu 31 subata ekle", bad("add", "31 subata", .noSuchDay), tz: istanbul),
        fail("raporu ayın 32'sine ekle", bad("add", "ayın 32'sine", .noSuchDay), tz: istanbul),
        fail("rapor 30 şubata kadar ekle", bad("add", "30 şubata", .noSuchDay), tz: istanbul),
        ok(
            "ÇARŞAMBA TOPLANTI NOTLARI EKLE", task("TOPLANTI NOTLARI", due: due("2026-11-25", tz: istanbul)),
            tz: istanbul),
        ok(
            "CARSAMBA TOPLANTI NOTLARI EKLE", task("TOPLANTI NOTLARI", due: due("2026-11-25", tz: istanbul)),
            tz: istanbul),
        ok("CUMARTESİ ÇİMLERİ BİÇ EKLE", task("ÇİMLERİ BİÇ", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("PERŞEMBE RAPORU GÖNDER EKLE", task("RAPORU GÖNDER", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("PAZARTESİ FATURA ÖDE EKLE", task("FATURA ÖDE", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("PAZARTESI FATURA ODE EKLE", task("FATURA ODE", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("YARIN SÜT AL EKLE", task("SÜT AL", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("YARİN SÜT AL EKLE", task("SÜT AL", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("BUGÜN FATURA ÖDE EKLE", task("FATURA ÖDE", due: due("2026-11-22", tz: istanbul)), tz: istanbul),
        ok("SUNUMU SALIYA EKLE", task("SUNUMU", due: due("2026-11-24", tz: istanbul)), tz: istanbul),
        ok("SUNUMU SALI'YA EKLE", task("SUNUMU", due: due("2026-11-24", tz: newYork)), tz: newYork),
        ok("RAPOR CUMAYA KADAR EKLE", task("RAPOR", due: due("2026-11-27", tz: istanbul)), tz: istanbul),
        ok("PROJE OCAK SONUNA KADAR EKLE", task("PROJE", due: due("2027-01-31", tz: istanbul)), tz: istanbul),
        ok("RAPORU AYIN 5'İNE EKLE", task("RAPORU", due: due("2026-12-05", tz: istanbul)), tz: istanbul),
        ok("Cumartesi Çimleri Biç ekle", task("Çimleri Biç", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("yarin aksam sinema ekle", task("sinema", due: due("2026-11-23", "19:00", tz: istanbul)), tz: istanbul),
        ok("bugun fatura ode ekle", task("fatura ode", due: due("2026-11-22", tz: istanbul)), tz: istanbul),
        ok("yarin sabah kosu ekle", task("kosu", due: due("2026-11-23", "09:00", tz: istanbul)), tz: istanbul),
        ok(
            "yarin ogleden sonra berber ekle", task("berber", due: due("2026-11-23", "15:00", tz: istanbul)),
            tz: istanbul),
        ok("persembe toplanti ekle", task("toplanti", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok(
            "carsamba 14:00 dis doktoru ekle", task("dis doktoru", due: due("2026-11-25", "14:00", tz: istanbul)),
            tz: istanbul),
        ok("cuma aksami sinema ekle", task("sinema", due: due("2026-11-27", "19:00", tz: istanbul)), tz: istanbul),
        ok("toplantı perşmbe ekle", task("toplantı", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("toplanti persmbe ekle", task("toplanti", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("perşmbe toplantı ekle", task("toplantı", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("pazartsi spor ekle", task("spor", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("perşmebe spor ekle", task("spor", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("spor pazartsi ekle", task("spor", due: due("2026-11-23", tz: berlin)), tz: berlin),
        ok("çarşmba sunum ekle", task("sunum", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("carsmba sunum ekle", task("sunum", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("cumartsi piknik ekle", task("piknik", due: due("2026-11-28", tz: istanbul)), tz: istanbul),
        ok("perşembbe sunum ekle", task("sunum", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("sunum perşembee ekle", task("sunum", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("sunum carşamaba ekle", task("sunum", due: due("2026-11-25", tz: istanbul)), tz: istanbul),
        ok("raporu perşmbeye ekle", task("raporu", due: due("2026-11-26", tz: istanbul)), tz: istanbul),
        ok("rapor pazartsiye kadar ekle", task("rapor", due: due("2026-11-23", tz: istanbul)), tz: istanbul),
        ok("toplantı 5 Agustos ekle", task("toplantı", due: due("2027-08-05", tz: istanbul)), tz: istanbul),
        ok("toplantı 5 agutos ekle", task("toplantı", due: due("2027-08-05", tz: istanbul)), tz: istanbul),
        ok("toplantı 15 eylul ekle", task("toplantı", due: due("2027-09-15", tz: istanbul)), tz: istanbul),
        ok("toplantı 10 aralk ekle", task("toplantı", due: due("2026-12-10", tz: istanbul)), tz: istanbul),
        ok("sunum 3 temmz ekle", task("sunum", due: due("2027-07-03", tz: istanbul)), tz: istanbul),
        ok("sunum 3 hazran ekle", task("sunum", due: due("2027-06-03", tz: istanbul)), tz: istanbul),
        ok("sunum 3 haziarn ekle", task("sunum", due: due("2027-06-03", tz: istanbul)), tz: istanbul),
        ok("fatura 3 kasm ekle", task("fatura 3 kasm"), tz: istanbul),
        ok("her perşmbe spor ekle", task("spor", rule: Recurrence(.weekly, weekdays: [4])), tz: istanbul),
        ok("her cumartsi pazara git ekle", task("pazara git", rule: Recurrence(.weekly, weekdays: [6])), tz: istanbul),
        ok("nişan 12 Ocak ekle", task("nişan", due: due("2027-01-12", tz: istanbul)), tz: istanbul),
        ok(
            "her cuma çöpü çıkar 30 Haziran'a kadar ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        ok(
            "her cuma copu cikar 30 hazirana kadar ekle",
            task("copu cikar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        ok(
            "HER CUMA ÇÖPÜ ÇIKAR 30 HAZİRAN'A KADAR EKLE",
            task("ÇÖPÜ ÇIKAR", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        ok(
            "her cuma çöpü çıkar 30 Haziran'a dek ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: berlin),
        ok(
            "her cuma çöpü çıkar 30 Haziran'a kadar ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: newYork),
        ok(
            "her gün ilaç iç ocak sonuna kadar ekle",
            task("ilaç iç", rule: Recurrence(.daily, until: day("2027-01-31"))), tz: istanbul),
        ok(
            "her gun ilac ic ocak sonuna kadar ekle",
            task("ilac ic", rule: Recurrence(.daily, until: day("2027-01-31"))), tz: istanbul),
        ok(
            "her pazartesi spor yap ayın sonuna kadar ekle",
            task("spor yap", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-11-30"))), tz: istanbul),
        ok(
            "her pazartesi spor yap ayin sonuna kadar ekle",
            task("spor yap", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-11-30")))),
        ok(
            "her salı pilates cumaya kadar ekle",
            task("pilates", rule: Recurrence(.weekly, weekdays: [2], until: day("2026-11-27"))), tz: istanbul),
        ok(
            "her salı pilates 31 Aralık'a dek ekle",
            task("pilates", rule: Recurrence(.weekly, weekdays: [2], until: day("2026-12-31"))), tz: istanbul),
        ok(
            "her ay kira öde 30 haziran'a kadar ekle",
            task("kira öde", rule: Recurrence(.monthly, until: day("2027-06-30"))), tz: istanbul),
        ok(
            "her gün su iç perşembeye kadar ekle", task("su iç", rule: Recurrence(.daily, until: day("2026-11-26"))),
            tz: istanbul),
        ok(
            "her gün su iç persembeye kadar ekle", task("su iç", rule: Recurrence(.daily, until: day("2026-11-26"))),
            tz: istanbul),
        ok(
            "her gün su iç perşmbeye kadar ekle", task("su iç", rule: Recurrence(.daily, until: day("2026-11-26"))),
            tz: istanbul),
        ok(
            "çöpü çıkar her cuma 30 Haziran'a kadar ekle",
            task("çöpü çıkar", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: istanbul),
        fail("her cuma çöpü çıkar yarına kadar ekle", bad("add", "yarına", .inThePast), tz: istanbul),
        fail("her cuma toplantı bu perşembeye kadar ekle", bad("add", "bu perşembeye", .inThePast), tz: istanbul),
        ok(
            "her pazartesi toplantı bu cumaya kadar ekle",
            task("toplantı", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-11-27"))), tz: istanbul),
        fail("her gün ilaç iç 20.11.2026'ya kadar ekle", bad("add", "20.11.2026'ya", .inThePast), tz: istanbul),
        fail("her cuma çöpü çıkar düne kadar ekle", bad("add", "düne", .inThePast), tz: istanbul),
        fail("her cuma çöpü çıkar 31 Şubat'a kadar ekle", bad("add", "31 Şubat'a", .noSuchDay), tz: istanbul),
        fail("her cuma çöpü çıkar yarına kadar ekle", bad("add", "yarına", .inThePast), now: istanbulNight),
        ok(
            "etkinlik ekle doktor persembe 10da",
            .event(.add(EventDraft(title: "doktor", date: day("2026-11-26"), time: LocalTime(hour: 10, minute: 0))))),
        ok(
            "etkinlik ekle doktor perşmbe 10'da",
            .event(.add(EventDraft(title: "doktor", date: day("2026-11-26"), time: LocalTime(hour: 10, minute: 0))))),
        ok(
            "cumartesi 10da piknik takvime ekle",
            .event(.add(EventDraft(title: "piknik", date: day("2026-11-28"), time: LocalTime(hour: 10, minute: 0))))),
        ok(
            "rutin ekle koşu her pazartsi 7de",
            .routine(
                .add(
                    name: "koşu", rule: Recurrence(.weekly, weekdays: [1]), time: LocalTime(hour: 7, minute: 0),
                    assignee: nil))),
    ]

    /// English rows of issue 16's date families (`Friday: dentist`, typos, `until` ending a repeat).
    static let englishDatePhrasings: [Row] = [
        ok(
            "event add dentist fridy 9am",
            .event(.add(EventDraft(title: "dentist", date: day("2026-11-27"), time: LocalTime(hour: 9, minute: 0)))),
            tz: newYork),
        ok(
            "routine add stretch every wednsday at 7",
            .routine(
                .add(
                    name: "stretch", rule: Recurrence(.weekly, weekdays: [3]), time: LocalTime(hour: 7, minute: 0),
                    assignee: nil))),
        ok("add Friday: dentist", task("dentist", due: due("2026-11-27", tz: newYork)), tz: newYork),
        ok("add friday: call the plumber", task("call the plumber", due: due("2026-11-27"))),
        ok("add Saturday: mow the lawn", task("mow the lawn", due: due("2026-11-28", tz: berlin)), tz: berlin),
        ok("add Monday 9am: standup", task("standup", due: due("2026-11-23", "09:00", tz: newYork)), tz: newYork),
        ok("add dentist on Friday", task("dentist", due: due("2026-11-27", tz: newYork)), tz: newYork),
        ok(
            "add dentist on Friday", task("dentist", due: due("2026-11-27", tz: istanbul)), tz: istanbul,
            now: istanbulNight),
        ok("add monday blues playlist", task("monday blues playlist")),
        ok("add meeting decmber 5", task("meeting", due: due("2026-12-05"))),
        ok("add meeting on wednsday", task("meeting", due: due("2026-11-25", tz: newYork)), tz: newYork),
        ok("add call mom on thurday", task("call mom", due: due("2026-11-26", tz: newYork)), tz: newYork),
        ok("add dentist fridy", task("dentist", due: due("2026-11-27"))),
        // Two neighbouring letters swapped.
        ok("add dentist fridya", task("dentist", due: due("2026-11-27"))),
        ok("add trip decmeber 5", task("trip", due: due("2026-12-05"))),
        ok("add trip febuary 3", task("trip", due: due("2027-02-03"))),
        ok("add trip septmber 3", task("trip", due: due("2027-09-03", tz: berlin)), tz: berlin),
        ok("add party saturdy 8pm", task("party", due: due("2026-11-28", "20:00", tz: newYork)), tz: newYork),
        ok("add brunch sundy", task("brunch", due: due("2026-11-29"))),
        ok("add mow lawn sturday", task("mow lawn", due: due("2026-11-28"))),
        ok("add ice cream sundae", task("ice cream sundae")),
        ok("add tennis match 5pm", task("tennis match", due: due("2026-11-22", "17:00"))),
        ok("add call frida", task("call frida")),
        // Two neighbouring letters swapped are one slip, read as the name (they were titles before).
        ok("add meeting on wendesday", task("meeting", due: due("2026-11-25"))),
        ok(
            "add every friday take out trash until June 30",
            task("take out trash", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30")))),
        ok(
            "add every friday take out trash until June 30",
            task("take out trash", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: newYork),
        ok(
            "add every friday: trash out until June 30",
            task("trash out", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30"))), tz: berlin),
        ok(
            "add every monday standup till end of month",
            task("standup", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-11-30")))),
        fail("add every friday take out trash until tomorrow", bad("add", "tomorrow", .inThePast)),
        fail("add yoga starting Dec 10 every day until Dec 5", bad("add", "Dec 5", .inThePast)),
        ok(
            "add mow the lawn every saturday until end of march",
            task("mow the lawn", rule: Recurrence(.weekly, weekdays: [6], until: day("2027-03-31")))),
        ok("add taxes by end of april", task("taxes", due: due("2027-04-30", tz: newYork)), tz: newYork),
        ok("add finish report till friday", task("finish report", due: due("2026-11-27", tz: newYork)), tz: newYork),
        ok(
            "add every day stretch until decmber 24",
            task("stretch", rule: Recurrence(.daily, until: day("2026-12-24")))),
        ok(
            "add Sunday: call grandma", task("call grandma", due: due("2026-11-29", tz: istanbul)), tz: istanbul,
            now: istanbulNight),
        ok("Friday: dentist", task("dentist", due: due("2026-11-27", tz: newYork)), tz: newYork),
        ok("tomorrow 9am: call the bank", task("call the bank", due: due("2026-11-23", "09:00"))),
        ok("Dec 24: pick up the cake", task("pick up the cake", due: due("2026-12-24", tz: berlin)), tz: berlin),
        fail("Re: invoice", .unknownCommand(word: "Re:", suggestion: nil)),
        fail("note: buy milk", .unknownCommand(word: "note:", suggestion: "note")),
        ok("every monday: standup", task("standup", rule: Recurrence(.weekly, weekdays: [1])), tz: newYork),
        ok(
            "add standup every weekday until friday",
            task("standup", rule: Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5], until: day("2026-11-27"))), tz: newYork
        ),
        ok(
            "add every wednsday piano lesson", task("piano lesson", rule: Recurrence(.weekly, weekdays: [3])),
            tz: berlin),
        ok("add Tuesday: call the bank", task("call the bank", due: due("2026-11-24", tz: berlin)), tz: berlin),
        fail("add taxes by February 31", bad("add", "February 31", .noSuchDay)),
    ]
}
