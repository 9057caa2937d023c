// The Turkish rows of the second held-out corpus for issue 16's families; see HeldOut2CorpusTests.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// Turkish rows of the second held-out corpus: issue 16's families, then the everyday lines.
    static let heldOut2Turkish: [Row] = heldOut2TurkishFamilies + heldOut2TurkishEveryday

    /// Turkish rows on issue 16's families, in phrasings of their own.
    static let heldOut2TurkishFamilies: [Row] = [
        // 1. A weekday first, the verb last; genitive compounds stay title.
        ok("cumartesi kilimleri yıka ekle", task("kilimleri yıka", due: due("2026-11-28"))),
        ok("pazartesi faturaları öde ekle", task("faturaları öde", due: due("2026-11-23"))),
        ok("salı postaneye uğra ekle", task("postaneye uğra", due: due("2026-11-24"))),
        ok("perşembe kombiciyi ara ekle", task("kombiciyi ara", due: due("2026-11-26"))),
        ok("çarşamba temizlikçiyi ara ekle", task("temizlikçiyi ara", due: due("2026-11-25"))),
        ok("cuma halıları yıkat ekle", task("halıları yıkat", due: due("2026-11-27"))),
        ok("persembe dolaplari topla ekle", task("dolaplari topla", due: due("2026-11-26"))),
        ok("carsamba bankaya git ekle", task("bankaya git", due: due("2026-11-25"))),
        ok("pazartesi 09:00 dişçiyi ara ekle", task("dişçiyi ara", due: due("2026-11-23", "09:00"))),
        ok("cuma 18:30 sinema biletlerini al ekle", task("sinema biletlerini al", due: due("2026-11-27", "18:30"))),
        ok("salı 14:00 veterinere git ekle", task("veterinere git", due: due("2026-11-24", "14:00"))),
        ok("cumartesi lastikleri değiştir ekle", task("lastikleri değiştir", due: due("2026-11-28"))),
        ok("cuma toplantısı ekle", task("cuma toplantısı")),
        ok("salı pazarı ekle", task("salı pazarı")),
        ok("cumartesi maçı ekle", task("cumartesi maçı")),
        ok("cuma namazından sonra kahve ekle", task("cuma namazından sonra kahve")),
        ok("perşembe nöbeti ekle", task("perşembe nöbeti")),
        ok("çarşamba dersi ekle", task("çarşamba dersi")),
        ok("cumartesi pikniği ekle", task("cumartesi pikniği")),
        ok(
            "salı faturaları yatır ekle", task("faturaları yatır", due: due("2026-11-24", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "cuma arabayı servise götür ekle", task("arabayı servise götür", due: due("2026-11-27")),
            now: Corpus.wednesday),
        ok("haftaya cuma müşteriyi ara ekle", task("müşteriyi ara", due: due("2026-12-04")), now: Corpus.wednesday),
        ok("salı: kuaför", task("kuaför", due: due("2026-11-24"))),
        ok("perşembe: veteriner randevusu", task("veteriner randevusu", due: due("2026-11-26"))),
        // 3. Upper case (the title keeps it), dotless capitals.
        ok("ÇARŞAMBA BANKAYA GİT EKLE", task("BANKAYA GİT", due: due("2026-11-25"))),
        ok("CUMARTESİ ARABAYI YIKA EKLE", task("ARABAYI YIKA", due: due("2026-11-28"))),
        ok("PERŞEMBE DİŞÇİYİ ARA EKLE", task("DİŞÇİYİ ARA", due: due("2026-11-26"))),
        ok("YARIN ANNEMİ ARA EKLE", task("ANNEMİ ARA", due: due("2026-11-23"))),
        ok("VİTAMİNLERİ AL EKLE", task("VİTAMİNLERİ AL")),
        ok("SÜT AL EKLE", task("SÜT AL")),
        ok("MARKETE PEYNİR EKLE", task("PEYNİR", list: "Market")),
        ok("ACİL KOMBİYİ TAMİR ETTİR EKLE", task("KOMBİYİ TAMİR ETTİR", priority: .high)),
        ok("TEKLİFİ CUMAYA EKLE", task("TEKLİFİ", due: due("2026-11-27"))),
        ok("PAZARTESI FATURALARI ODE EKLE", task("FATURALARI ODE", due: due("2026-11-23"))),
        ok("CUMA 10:00 TOPLANTIYA GİR EKLE", task("TOPLANTIYA GİR", due: due("2026-11-27", "10:00"))),
        ok(
            "HER CUMA ÇÖPÜ ÇIKAR 31 ARALIK'A KADAR EKLE",
            task("ÇÖPÜ ÇIKAR", rule: Recurrence(.weekly, weekdays: [5], until: day("2026-12-31")))),
        ok("ÖNEMLİ: VERGİYİ ÖDE", task("VERGİYİ ÖDE", priority: .high)),
        ok("ÇOK ÖNEMLİ TAPUYA GİT EKLE", task("TAPUYA GİT", priority: .high)),
        ok("ACIL SU KAÇAĞINA BAK EKLE", task("SU KAÇAĞINA BAK", priority: .high)),
        // 2. Case endings on dates and days, with and without apostrophes and Turkish letters.
        ok("sunumu perşembeye ekle", task("sunumu", due: due("2026-11-26"))),
        ok("özeti Cuma'ya ekle", task("özeti", due: due("2026-11-27"))),
        ok("odevi carsambaya ekle", task("odevi", due: due("2026-11-25"))),
        ok("faturayi pazartesiye ekle", task("faturayi", due: due("2026-11-23"))),
        ok("kargoyu Cumartesi'ye ekle", task("kargoyu", due: due("2026-11-28"))),
        ok("dilekçeyi yarına ekle", task("dilekçeyi", due: due("2026-11-23"))),
        ok("dilekceyi yarina ekle", task("dilekceyi", due: due("2026-11-23"))),
        ok("aidatı ayın 10'una ekle", task("aidatı", due: due("2026-12-10"))),
        ok("kirayi ayin 2sine ekle", task("kirayi", due: due("2026-12-02"))),
        ok("sigortayı ayın 28'ine ekle", task("sigortayı", due: due("2026-11-28"))),
        ok("vizeyi 5 Aralık'a ekle", task("vizeyi", due: due("2026-12-05"))),
        ok("bileti 3 marta ekle", task("bileti", due: due("2027-03-03"))),
        ok("hediyeyi 14 Şubat'a ekle", task("hediyeyi", due: due("2027-02-14"))),
        ok(
            "aşıyı Salı'ya ekle", task("aşıyı", due: due("2026-11-24", tz: "Europe/Istanbul")), tz: "Europe/Istanbul"),
        ok("makaleyi Perşembe'ye ekle", task("makaleyi", due: due("2026-11-26")), now: Corpus.wednesday),
        ok("broşürü salıya ekle", task("broşürü", due: due("2026-12-01")), now: Corpus.wednesday),
        ok("raporu perşembeye kadar ekle", task("raporu", due: due("2026-11-26"))),
        ok("raporu bitir cumaya dek ekle", task("raporu bitir", due: due("2026-11-27"))),
        ok("ödevi teslim et ayın sonuna kadar ekle", task("ödevi teslim et", due: due("2026-11-30"))),
        ok("vergiyi öde Ocak sonuna kadar ekle", task("vergiyi öde", due: due("2027-01-31"))),
        ok("kitabı iade et şubat sonuna kadar ekle", task("kitabı iade et", due: due("2027-02-28"))),
        ok("fotoğrafları yükle yarın akşama kadar ekle", task("fotoğrafları yükle", due: due("2026-11-23", "19:00"))),
        ok("sunumu hazırla Salı'ya kadar ekle", task("sunumu hazırla", due: due("2026-11-24"))),
        ok("sunumu hazirla saliya kadar ekle", task("sunumu hazirla", due: due("2026-11-24"))),
        ok("pazara uğrayıp meyve al ekle", task("pazara uğrayıp meyve al")),
        ok("eczaneye reçeteyi götür ekle", task("eczaneye reçeteyi götür")),
        ok("kuaföre git ekle", task("kuaföre git")),
        // 3. One-letter typos in day and month names of five letters or more.
        ok("kargoyu gönder cumrtesi ekle", task("kargoyu gönder", due: due("2026-11-28"))),
        ok("perşemb eczaneye uğra ekle", task("eczaneye uğra", due: due("2026-11-26"))),
        ok("pazrtesi faturaları öde ekle", task("faturaları öde", due: due("2026-11-23"))),
        ok("çarşaamba spor salonuna git ekle", task("spor salonuna git", due: due("2026-11-25"))),
        ok("raporu gönder cumartes ekle", task("raporu gönder", due: due("2026-11-28"))),
        ok("vizeyi 15 Arlık'a ekle", task("vizeyi", due: due("2026-12-15"))),
        ok("bileti al 20 Hazran ekle", task("bileti al", due: due("2027-06-20"))),
        ok("tatili planla 4 Temmz ekle", task("tatili planla", due: due("2027-07-04"))),
        ok("vergiyi öde 10 Şubt ekle", task("vergiyi öde", due: due("2027-02-10"))),
        ok("ÇARŞAMB KUAFÖRE GİT EKLE", task("KUAFÖRE GİT", due: due("2026-11-25"))),
        // 4. `kadar` / `dek` ending a repeat, and an end before the first occurrence.
        ok(
            "her pazartesi çöpleri çıkar 31 Aralık'a kadar ekle",
            task("çöpleri çıkar", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-12-31")))),
        ok(
            "her gün vitamin iç ay sonuna kadar ekle",
            task("vitamin iç", rule: Recurrence(.daily, until: day("2026-11-30")))),
        ok(
            "her salı yoga yap Ocak sonuna kadar ekle",
            task("yoga yap", rule: Recurrence(.weekly, weekdays: [2], until: day("2027-01-31")))),
        ok(
            "her cuma raporu gönder 15 Mart'a dek ekle",
            task("raporu gönder", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-03-15")))),
        ok(
            "her ayın 1'i kirayı öde Haziran sonuna kadar ekle",
            task("kirayı öde", rule: Recurrence(.monthly, monthDay: 1, until: day("2027-06-30")))),
        ok(
            "her çarşamba piyano dersi 20 Aralık'a dek ekle",
            task("piyano dersi", rule: Recurrence(.weekly, weekdays: [3], until: day("2026-12-20")))),
        ok(
            "her gün 21:00 ilaç iç 10 Aralık'a kadar ekle",
            task("ilaç iç", due: due("2026-11-22", "21:00"), rule: Recurrence(.daily, until: day("2026-12-10")))),
        ok(
            "her perşembe kursa git 30 nisana kadar ekle",
            task("kursa git", rule: Recurrence(.weekly, weekdays: [4], until: day("2027-04-30")))),
        ok(
            "her cumartesi bahçeyi sula eylül sonuna kadar ekle",
            task("bahçeyi sula", rule: Recurrence(.weekly, weekdays: [6], until: day("2027-09-30")))),
        ok(
            "her gun yuruyus yap 31 marta kadar ekle",
            task("yuruyus yap", rule: Recurrence(.daily, until: day("2027-03-31")))),
        ok(
            "HER PAZAR ANNEMİ ARA 28 ŞUBAT'A KADAR EKLE",
            task("ANNEMİ ARA", rule: Recurrence(.weekly, weekdays: [7], until: day("2027-02-28")))),
        ok(
            "her hafta sonu kamp malzemelerini kontrol et ocak sonuna dek ekle",
            task(
                "kamp malzemelerini kontrol et", rule: Recurrence(.weekly, weekdays: [6, 7], until: day("2027-01-31")))),
        ok(
            "her ayın 15'i aidatı öde yıl sonuna kadar ekle",
            task("aidatı öde", rule: Recurrence(.monthly, monthDay: 15, until: day("2026-12-31")))),
        ok(
            "her cuma çöpü dışarı koy 31 Aralık'a kadar ekle",
            task("çöpü dışarı koy", rule: Recurrence(.weekly, weekdays: [5], until: day("2026-12-31"))),
            tz: "Europe/Istanbul"),
        ok(
            "her salı çamaşır yıka 15 Ocak'a kadar ekle",
            task("çamaşır yıka", rule: Recurrence(.weekly, weekdays: [2], until: day("2027-01-15")))),
        fail("her perşembe kursa git yarına kadar ekle", bad("add", "yarına", .inThePast)),
        fail("her gün yürüyüş yap düne kadar ekle", bad("add", "düne", .inThePast)),
        fail("her cuma sunum yap salıya kadar ekle", bad("add", "salıya", .inThePast)),
        fail("her cumartesi bahçeyi temizle pazartesiye kadar ekle", bad("add", "pazartesiye", .inThePast)),
        fail("her ayın 5'i faturayı öde 1 Aralık'a kadar ekle", bad("add", "1 Aralık'a", .inThePast)),
        // 5. Priority words at either end, with a colon, in upper case, ASCII.
        ok("acil çatıyı tamir ettir ekle", task("çatıyı tamir ettir", priority: .high)),
        ok("kargoyu takip et ekle önemli", task("kargoyu takip et", priority: .high)),
        ok("çok önemli vergi beyannamesini ver ekle", task("vergi beyannamesini ver", priority: .high)),
        ok("pasaportu yenile ekle çok önemli", task("pasaportu yenile", priority: .high)),
        ok("onemli faturalari ode ekle", task("faturalari ode", priority: .high)),
        ok("cok onemli: sigortayi yenile", task("sigortayi yenile", priority: .high)),
        ok("acil: kombi servisini ara", task("kombi servisini ara", priority: .high)),
        ok("ACİL eczaneye uğra", task("eczaneye uğra", priority: .high)),
        ok("Önemli: noterden randevu al", task("noterden randevu al", priority: .high)),
        ok("düşük öncelikli dolabı topla ekle", task("dolabı topla", priority: .low)),
        ok("perdeleri yıka ekle orta öncelikli", task("perdeleri yıka", priority: .medium)),
        ok("balkonu boya ekle düşük öncelik", task("balkonu boya", priority: .low)),
        ok("acil durum numaralarını yaz ekle", task("acil durum numaralarını yaz")),
        ok("acil yarın 10:00 bankayı ara ekle", task("bankayı ara", due: due("2026-11-23", "10:00"), priority: .high)),
        ok("su faturasını öde ekle !yüksek", task("su faturasını öde", priority: .high)),
        ok("kediyi veterinere götür ekle acil", task("kediyi veterinere götür", priority: .high)),
        ok("yüksek öncelikli sözleşmeyi imzala ekle", task("sözleşmeyi imzala", priority: .high)),
        ok("önemli vergiyi yatır ekle acil", task("vergiyi yatır", priority: .high)),
        ok("acil musluğu tamir et ekle ACİL", task("musluğu tamir et", priority: .high)),
        fail(
            "acil doğalgazı öde ekle düşük öncelikli",
            .twoValues(verb: "add", slot: .priority, first: "acil", second: "düşük öncelikli")),
        fail("önemli raporu yaz ekle p3", .twoValues(verb: "add", slot: .priority, first: "önemli", second: "p3")),
        fail(
            "yarın sunumu hazırla ekle perşembe",
            .twoValues(verb: "add", slot: .date, first: "yarın", second: "perşembe")),
        fail(
            "bugün kargoyu gönder ekle cumartesi",
            .twoValues(verb: "add", slot: .date, first: "bugün", second: "cumartesi")),
        fail("cuma toplantıya gir ekle yarın", .twoValues(verb: "add", slot: .date, first: "cuma", second: "yarın")),
        // 6. Several slots in free order around the verb.
        ok(
            "markete yarın 17:30 deterjan ekle önemli",
            task("deterjan", list: "Market", due: due("2026-11-23", "17:30"), priority: .high)),
        ok("acil markete yarın maya ekle", task("maya", list: "Market", due: due("2026-11-23"), priority: .high)),
        ok("yarın 08:00 markete yumurta ekle", task("yumurta", list: "Market", due: due("2026-11-23", "08:00"))),
        ok(
            "markete zeytin ekle pazartesi 10:00 önemli",
            task("zeytin", list: "Market", due: due("2026-11-23", "10:00"), priority: .high)),
        ok("cuma 19:00 markete şarap ekle", task("şarap", list: "Market", due: due("2026-11-27", "19:00"))),
        ok(
            "cuma 18:00 terziye pantolon ekle önemli",
            task("terziye pantolon", due: due("2026-11-27", "18:00"), priority: .high)),
        ok(
            "yarın 09:15 eczaneye reçete ekle acil",
            task("eczaneye reçete", due: due("2026-11-23", "09:15"), priority: .high)),
        ok(
            "önemli yarın 11:00 markete kahve ekle",
            task("kahve", list: "Market", due: due("2026-11-23", "11:00"), priority: .high)),
        ok("markete süt ekle yarın 07:45", task("süt", list: "Market", due: due("2026-11-23", "07:45"))),
        ok(
            "alışveriş listesine yarın deterjan ekle",
            task("deterjan", list: "Alışveriş Listesi", due: due("2026-11-23"))),
        ok(
            "bob için yarın 18:00 markete ekmek ekle",
            task("ekmek", list: "Market", due: due("2026-11-23", "18:00"), assignee: .member("bob"))),
        ok(
            "markete bugün 20:00 ayran ekle acil",
            task("ayran", list: "Market", due: due("2026-11-22", "20:00", tz: "Europe/Istanbul"), priority: .high),
            tz: "Europe/Istanbul"),
        ok(
            "yarın 10:00 markete simit ekle",
            task("simit", list: "Market", due: due("2026-11-24", "10:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul",
            now: Corpus.istanbulNight),
        ok(
            "markete cuma 09:00 peynir ekle önemli",
            task("peynir", list: "Market", due: due("2026-11-27", "09:00"), priority: .high), now: Corpus.wednesday),
        ok(
            "YARIN 12:30 MARKETE LİMON EKLE ACİL",
            task("LİMON", list: "Market", due: due("2026-11-23", "12:30"), priority: .high)),
        // 7. Lists that do not exist; known list names win.
        ok("kırtasiye listesine defter ekle", .addToUnknownList(list: "kırtasiye", add: task("defter"))),
        ok("kalem ekle kırtasiye listesine", .addToUnknownList(list: "kırtasiye", add: task("kalem"))),
        ok("hediye listeme kitap ekle", .addToUnknownList(list: "hediye", add: task("kitap"))),
        ok("ilaç listesi'ne vitamin ekle", .addToUnknownList(list: "ilaç", add: task("vitamin"))),
        ok("#kamp çadır ekle", .addToUnknownList(list: "kamp", add: task("çadır"))),
        ok("uyku tulumu ekle #kamp", .addToUnknownList(list: "kamp", add: task("uyku tulumu"))),
        ok("bahce listesine gubre ekle", .addToUnknownList(list: "bahce", add: task("gubre"))),
        ok("KIRTASİYE LİSTESİNE SİLGİ EKLE", .addToUnknownList(list: "KIRTASİYE", add: task("SİLGİ"))),
        ok("tohum ekle #Bahçe", .addToUnknownList(list: "Bahçe", add: task("tohum"))),
        ok("market listesine peynir ekle", task("peynir", list: "Market")),
        ok("alisveris listesine bulaşık süngeri ekle", task("bulaşık süngeri", list: "Alışveriş Listesi")),
        ok("#market zeytinyağı ekle", task("zeytinyağı", list: "Market")),
    ]
}
