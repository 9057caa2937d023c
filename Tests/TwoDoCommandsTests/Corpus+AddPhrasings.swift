// Corpus rows: the ways to phrase an add that a held-out set of real lines showed, and nearby phrasings people type.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// The zone of the Turkish rows with a date or time.
    private static let istanbulZone = "Europe/Istanbul"

    /// English rows: a known list named by its own name however it was typed, `tomorrow`/`tonight` as typed
    /// in chat, `next week friday`/`this week thursday`, an ordinal day alone after `on`/`by`/`due`, `priority
    /// high`, a dash or comma before a slot, `tuesday - call the bank`, `the end of the month`, `urgent!`.
    static let englishAddPhrasings: [Row] = [
        // A known list comes back as the list's own name.
        ok("add milk to GROCERIES", task("milk", list: "Groceries")),
        ok("add rent #BILLS", task("rent", list: "Bills")),
        ok("add soap to the groceries list", task("soap", list: "Groceries")),
        ok("add eggs in Groceries tomorrow", task("eggs", list: "Groceries", due: due("2026-11-23"))),
        ok("ADD WATER BILL TO BILLS", task("WATER BILL", list: "Bills")),
        ok("move 4 to GROCERIES", .move(.number(4), list: "Groceries")),
        ok("SHOW MARKET", .show(list: "Market")),
        ok("list rename GROCERIES to Food", .list(.rename("Groceries", to: "Food"))),
        ok("add butter to market", task("butter", list: "Market")),

        // Chat spellings of tomorrow and tonight.
        ok("add call mom 2moro", task("call mom", due: due("2026-11-23"))),
        ok("add dentist tomorow 9am", task("dentist", due: due("2026-11-23", "09:00"))),
        ok("add pay rent tommorow", task("pay rent", due: due("2026-11-23"))),
        ok("add movie tonite", task("movie", due: due("2026-11-22", "20:00"))),
        ok("add laundry 2nite", task("laundry", due: due("2026-11-22", "20:00"))),
        ok("add gym tmw 7am", task("gym", due: due("2026-11-23", "07:00"))),
        ok("ADD CALL DAD 2MORO", task("CALL DAD", due: due("2026-11-23"))),
        ok("add renew passport tommorrow at 10", task("renew passport", due: due("2026-11-23", "10:00"))),

        // A weekday of next week or of this week.
        ok("add report next week friday", task("report", due: due("2026-11-27"))),
        ok("add gym next wk monday 7am", task("gym", due: due("2026-11-23", "07:00"))),
        ok("add review this week thursday", task("review", due: due("2026-11-26"))),
        ok("add dentist next week tuesday at 3pm", task("dentist", due: due("2026-11-24", "15:00"))),
        ok("ADD REPORT NEXT WEEK FRIDAY", task("REPORT", due: due("2026-11-27"))),
        ok(
            "add standup next week wednesday 9:30",
            task("standup", due: due("2026-12-02", "09:30", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),

        // An ordinal day alone after `on`, `by` or `due`: that day this month, or next month once it has passed.
        ok("add pay rent due 1st", task("pay rent", due: due("2026-12-01"))),
        ok("add rent on 15th", task("rent", due: due("2026-12-15"))),
        ok("add invoice by 3rd", task("invoice", due: due("2026-12-03"))),
        ok("add water bill due 28th", task("water bill", due: due("2026-11-28"))),
        ok("ADD RENT DUE 1ST", task("RENT", due: due("2026-12-01"))),
        ok("add 1st draft on monday", task("1st draft", due: due("2026-11-23"))),
        ok("add pay rent 1st", task("pay rent 1st")),
        fail("add x due 32nd", bad("add", "32nd", .noSuchDay)),

        // Deadlines as people type them, already understood: `by`, `due`, short forms.
        ok("add pay rent by friday", task("pay rent", due: due("2026-11-27"))),
        ok("add report due fri 5pm", task("report", due: due("2026-11-27", "17:00"))),
        ok("add review next wk", task("review", due: due("2026-11-23"))),
        ok("add call mom tmrw 6pm", task("call mom", due: due("2026-11-23", "18:00"))),
        ok("add taxes due end of month", task("taxes", due: due("2026-11-30"))),
        ok("add gift by dec 20", task("gift", due: due("2026-12-20"))),
        ok("add report by next friday", task("report", due: due("2026-11-27"))),

        // The level after the word (`priority high`, `prio: low`).
        ok("add buy milk priority high", task("buy milk", priority: .high)),
        ok("add buy milk priority: high", task("buy milk", priority: .high)),
        ok("add renew visa prio low", task("renew visa", priority: .low)),
        ok(
            "add call plumber tomorrow priority medium", task("call plumber", due: due("2026-11-23"), priority: .medium)
        ),
        ok("ADD FIX SINK PRIORITY HIGH", task("FIX SINK", priority: .high)),
        ok("add book flights Priority: Low", task("book flights", priority: .low)),
        fail("add x priority high p3", .twoValues(verb: "add", slot: .priority, first: "priority high", second: "p3")),

        // A dash or a comma between the title and a slot is not the title's.
        ok("add call mom, tomorrow", task("call mom", due: due("2026-11-23"))),
        ok("add buy milk - urgent", task("buy milk", priority: .high)),
        ok("add urgent - book the vet", task("book the vet", priority: .high)),
        ok("add pay rent — friday", task("pay rent", due: due("2026-11-27"))),
        ok("add milk, eggs to groceries", task("milk, eggs", list: "Groceries")),
        ok("add salt - pepper", task("salt - pepper")),
        ok("add \"milk,\" tomorrow", task("milk,", due: due("2026-11-23"))),

        // A lone dash after a date at the start stands for its colon (`Friday: dentist`).
        ok("tuesday - call the bank", task("call the bank", due: due("2026-11-24"))),
        ok("Tuesday — renew the lease", task("renew the lease", due: due("2026-11-24"))),
        ok("tomorrow 9am - call the plumber", task("call the plumber", due: due("2026-11-23", "09:00"))),
        ok("tomorrow - pick up the dry cleaning", task("pick up the dry cleaning", due: due("2026-11-23"))),
        ok("FRIDAY - DENTIST", task("DENTIST", due: due("2026-11-27"))),
        ok("dec 24 - wrap the presents", task("wrap the presents", due: due("2026-12-24"))),
        fail("salt - pepper", .unknownCommand(word: "salt", suggestion: nil)),

        // `the end of the month|week|year`, also ending a repeat.
        ok(
            "add pay rent daily till the end of the month",
            task("pay rent", rule: Recurrence(.daily, until: day("2026-11-30")))),
        ok("add taxes until the end of the year", task("taxes", due: due("2026-12-31"))),
        ok("add report by the end of the week", task("report", due: due("2026-11-22"))),
        ok(
            "add stretch every morning until the end of the month",
            task("stretch", due: due("2026-11-23", "09:00"), rule: Recurrence(.daily, until: day("2026-11-30")))),
        ok("add invoice by the end of december", task("invoice", due: due("2026-12-31"))),
        ok("ADD BUDGET BY THE END OF THE MONTH", task("BUDGET", due: due("2026-11-30"))),

        // Priority words with exclamation marks.
        ok("add buy milk URGENT!", task("buy milk", priority: .high)),
        ok("URGENT! call the landlord back", task("call the landlord back", priority: .high)),
        ok("add call mom asap!!", task("call mom", priority: .high)),
        ok("add renew visa important!", task("renew visa", priority: .high)),
        ok("Asap! book the vet", task("book the vet", priority: .high)),
        ok("add fix the heater tomorrow urgent!", task("fix the heater", due: due("2026-11-23"), priority: .high)),

        // A place (`at` and capitalized words) stays in the title, right after its words, the slots around it
        // read (issue 28); `at Noon` is a time, `at home` no place, `at Bills` no list.
        ok("add dinner at Luigi's friday 8pm", task("dinner at Luigi's", due: due("2026-11-27", "20:00"))),
        ok("add dinner friday 8pm at Luigi's", task("dinner at Luigi's", due: due("2026-11-27", "20:00"))),
        ok("add brunch sunday 11am at Café Moda", task("brunch at Café Moda", due: due("2026-11-22", "11:00"))),
        ok(
            "add drinks tomorrow 7pm at Sam's for bob",
            task("drinks at Sam's", due: due("2026-11-23", "19:00"), assignee: .member("bob"))),
        ok(
            "add dinner at Luigi's with Sam friday 8pm",
            task("dinner at Luigi's with Sam", due: due("2026-11-27", "20:00"))),
        ok("add meet tomorrow at Noon", task("meet", due: due("2026-11-23", "12:00"))),
        ok("add pay rent tomorrow at Bills", task("pay rent at Bills", due: due("2026-11-23"))),
        ok("add lunch tomorrow at home", task("lunch tomorrow at home")),
        ok("add \"dinner friday\" 8pm at Luigi's", task("\"dinner friday\" 8pm at Luigi's")),
    ]

    /// Turkish rows: a known list named by its own name, a weekday that forms a compound after a rule or date,
    /// a verb-last add's two values or bad date reported past a view verb, `en geç <tarih>`, a weekday of next
    /// week or this week (`gelecek hafta cuma`, `bu hafta cuma`), times with an ending and no apostrophe
    /// (`17.30da`), `öncelik yüksek`, a dash or comma before a slot, `cuma - dişçi`, `pazar sabahı kahvaltı`,
    /// `acil!`.
    static let turkishAddPhrasings: [Row] = [
        // A known list comes back as the list's own name.
        ok("MARKETE ÇAY EKLE", task("ÇAY", list: "Market")),
        ok("markete cay ekle", task("cay", list: "Market")),
        ok("Market'e şeker ekle", task("şeker", list: "Market")),
        ok("alisveris listesine un ekle", task("un", list: "Alışveriş Listesi")),
        ok("ALIŞVERİŞ LİSTESİNE UN EKLE", task("UN", list: "Alışveriş Listesi")),
        ok("kira ekle bills'e", task("kira", list: "Bills")),
        ok("#4 MARKETE TAŞI", .move(.number(4), list: "Market")),
        ok("liste sil MARKET", .list(.delete("Market", confirmed: false))),
        ok(
            "yarin markete peynir ekle", task("peynir", list: "Market", due: due("2026-11-23", tz: istanbulZone)),
            tz: istanbulZone),

        // A weekday that forms a compound noun stays title after a rule or a date, as it does at the start.
        ok(
            "her hafta sonu pazar kahvaltısı ekle",
            task("pazar kahvaltısı", rule: Recurrence(.weekly, weekdays: [6, 7]))),
        ok(
            "her hafta sonu pazar alisverisi ekle",
            task("pazar alisverisi", rule: Recurrence(.weekly, weekdays: [6, 7]))),
        ok(
            "HER HAFTA SONU PAZAR ALIŞVERİŞİ EKLE",
            task("PAZAR ALIŞVERİŞİ", rule: Recurrence(.weekly, weekdays: [6, 7]))),
        ok(
            "her hafta sonu pazar alışverişi yap ekle",
            task("pazar alışverişi yap", rule: Recurrence(.weekly, weekdays: [6, 7]))),
        ok("yarın cuma namazı ekle", task("cuma namazı", due: due("2026-11-23"))),
        ok(
            "yarın 10:00 pazar kahvaltısı ekle",
            task("pazar kahvaltısı", due: due("2026-11-23", "10:00", tz: istanbulZone)), tz: istanbulZone),
        ok("bugün cuma mesaisi ekle", task("cuma mesaisi", due: due("2026-11-22"))),

        // After a view verb that is also a date (`yarın`, `bugün`), a verb-last add that fails on its values
        // says which values, rather than the view's usage.
        fail("yarin kirayi ode cuma ekle", .twoValues(verb: "add", slot: .date, first: "yarin", second: "cuma")),
        fail("bugün rapor yarın ekle", .twoValues(verb: "add", slot: .date, first: "bugün", second: "yarın")),
        fail("YARIN RAPOR PERŞEMBE EKLE", .twoValues(verb: "add", slot: .date, first: "YARIN", second: "PERŞEMBE")),
        fail(
            "bugün raporu bitir 3 aralık ekle",
            .twoValues(verb: "add", slot: .date, first: "bugün", second: "3 aralık")),
        fail("yarın x !low acil ekle", .twoValues(verb: "add", slot: .priority, first: "!low", second: "acil")),
        fail(
            "yarın faturayı öde acil ekle !low", .twoValues(verb: "add", slot: .priority, first: "acil", second: "!low")
        ),

        // `en geç <tarih>` ("by … at the latest") is the due date.
        ok("en geç cuma raporu gönder ekle", task("raporu gönder", due: due("2026-11-27"))),
        ok("en gec cuma rapor ekle", task("rapor", due: due("2026-11-27"))),
        ok("raporu gonder en gec persembe ekle", task("raporu gonder", due: due("2026-11-26"))),
        ok("EN GEÇ YARIN FATURAYI ÖDE EKLE", task("FATURAYI ÖDE", due: due("2026-11-23"))),
        ok("en geç 5 aralık vergi ekle", task("vergi", due: due("2026-12-05"))),
        ok("vergi ekle en geç cuma", task("vergi", due: due("2026-11-27"))),
        ok("en geç cumaya kadar rapor ekle", task("rapor", due: due("2026-11-27"))),
        ok(
            "en gec yarin 17:00 sunumu bitir ekle",
            task("sunumu bitir", due: due("2026-11-23", "17:00", tz: istanbulZone)), tz: istanbulZone),

        // A weekday of next week or of this week.
        ok("gelecek hafta cuma rapor ekle", task("rapor", due: due("2026-11-27"))),
        ok("onumuzdeki hafta sali kuafor ekle", task("kuafor", due: due("2026-11-24"))),
        ok("GELECEK HAFTA PAZARTESİ TOPLANTI EKLE", task("TOPLANTI", due: due("2026-11-23"))),
        ok("bu hafta cuma sinema ekle", task("sinema", due: due("2026-11-27"))),
        ok("gelecek hafta çarşamba günü dişçi ekle", task("dişçi", due: due("2026-11-25"))),
        ok(
            "toplantı gelecek hafta perşembe 14:00 ekle",
            task("toplantı", due: due("2026-11-26", "14:00", tz: istanbulZone)), tz: istanbulZone),
        ok(
            "gelecek hafta cuma spor ekle", task("spor", due: due("2026-12-04", tz: istanbulZone)), tz: istanbulZone,
            now: Corpus.wednesday),
        ok("bu hafta persembe 9da dis doktoru ekle", task("dis doktoru", due: due("2026-11-26", "09:00"))),

        // Day phrases as people type them (no Turkish letters, upper case), already understood.
        ok("onumuzdeki pazartesi toplanti ekle", task("toplanti", due: due("2026-11-23"))),
        ok("cuma gunu dis doktoru ekle", task("dis doktoru", due: due("2026-11-27"))),
        ok("haftaya cuma kuafor ekle", task("kuafor", due: due("2026-11-27"))),
        ok("yarin aksam babami ara ekle", task("babami ara", due: due("2026-11-23", "19:00"))),
        ok("bu cuma 18:00 sinema ekle", task("sinema", due: due("2026-11-27", "18:00"))),
        ok("ONUMUZDEKI CUMA GUNU SINEMA EKLE", task("SINEMA", due: due("2026-11-27"))),
        ok("haftaya cuma 15:00 kuafor ekle", task("kuafor", due: due("2026-11-27", "15:00"))),
        ok("yarin aksam 7de annemi ara ekle", task("annemi ara", due: due("2026-11-23", "19:00"))),

        // A time or date with `:`, `.` or `-` and its ending typed without an apostrophe.
        ok("yarın 17.30da annemi ara ekle", task("annemi ara", due: due("2026-11-23", "17:30"))),
        ok("yarin 9:15te toplanti ekle", task("toplanti", due: due("2026-11-23", "09:15"))),
        ok("24.12de hediye al ekle", task("hediye al", due: due("2026-12-24"))),
        ok("hediye al 24.12.2026da ekle", task("hediye al", due: due("2026-12-24"))),
        ok("rapor 30.11e kadar ekle", task("rapor", due: due("2026-11-30"))),
        ok("CUMA 18:45TE SİNEMA EKLE", task("SİNEMA", due: due("2026-11-27", "18:45"))),
        ok("her gun 08:30da ilac ic ekle", task("ilac ic", due: due("2026-11-23", "08:30"), rule: Recurrence(.daily))),
        fail("yarın 25:00te x ekle", bad("add", "25:00te", .noSuchTime)),

        // The level after the word (`öncelik yüksek`).
        ok("faturayı öde ekle öncelik yüksek", task("faturayı öde", priority: .high)),
        ok("faturayi ode ekle oncelik dusuk", task("faturayi ode", priority: .low)),
        ok("öncelik: yüksek kira öde ekle", task("kira öde", priority: .high)),
        ok("KİRA ÖDE EKLE ÖNCELİK ORTA", task("KİRA ÖDE", priority: .medium)),
        ok("yarın raporu bitir ekle öncelik yüksek", task("raporu bitir", due: due("2026-11-23"), priority: .high)),
        ok("öncelik #4 yüksek", .priority(.number(4), .high)),

        // A dash or a comma between the title and a slot is not the title's.
        ok("annemi ara, yarın ekle", task("annemi ara", due: due("2026-11-23"))),
        ok("faturayı öde - acil ekle", task("faturayı öde", priority: .high)),
        ok("acil - kombiyi tamir ettir ekle", task("kombiyi tamir ettir", priority: .high)),
        ok("süt, ekmek ekle markete", task("süt, ekmek", list: "Market")),
        ok("tuz - biber ekle", task("tuz - biber")),
        ok("dişçi — cuma ekle", task("dişçi", due: due("2026-11-27"))),

        // A lone dash after a date at the start stands for its colon (`cuma: dişçi`).
        ok("cuma - dişçi", task("dişçi", due: due("2026-11-27"))),
        ok("yarın 9:30 - toplantı", task("toplantı", due: due("2026-11-23", "09:30"))),
        ok("yarin - kargoyu al", task("kargoyu al", due: due("2026-11-23"))),
        ok("PERŞEMBE - KUAFÖR", task("KUAFÖR", due: due("2026-11-26"))),
        ok("24 aralik - hediyeleri paketle", task("hediyeleri paketle", due: due("2026-12-24"))),
        ok("cumartesi sabah — koşu", task("koşu", due: due("2026-11-28", "09:00"))),

        // A part of the day with its own ending dates the line; a bare one before a meal stays the meal.
        ok("pazar sabahı kahvaltı hazırla ekle", task("kahvaltı hazırla", due: due("2026-11-29", "09:00"))),
        ok("pazar sabahi kahvalti hazirla ekle", task("kahvalti hazirla", due: due("2026-11-29", "09:00"))),
        ok("cumartesi akşamı yemek yap ekle", task("yemek yap", due: due("2026-11-28", "19:00"))),
        ok("yarın akşam yemeği hazırla ekle", task("akşam yemeği hazırla", due: due("2026-11-23"))),
        ok("PAZAR SABAHI KAHVALTI EKLE", task("KAHVALTI", due: due("2026-11-29", "09:00"))),
        ok("cuma öğleni yemek ısmarla ekle", task("yemek ısmarla", due: due("2026-11-27", "12:00"))),

        // Priority words with exclamation marks.
        ok("acil! kombiyi tamir ettir ekle", task("kombiyi tamir ettir", priority: .high)),
        ok("faturayi ode ekle acil!", task("faturayi ode", priority: .high)),
        ok("ÖNEMLİ! vergi dairesini ara ekle", task("vergi dairesini ara", priority: .high)),
        ok("acil!! su kaçağı", task("su kaçağı", priority: .high)),
        ok("yarın bankayı ara ekle önemli!", task("bankayı ara", due: due("2026-11-23"), priority: .high)),
        ok("pasaportu yenile ekle cok onemli!", task("pasaportu yenile", priority: .high)),

        // A place (a capitalized name with `'de`/`'da`/`'te`/`'ta`/`'nde`) stays in the title, right after its
        // words, the slots around it read (issue 28); an event puts it in its place field. A month with an
        // ending (`Aralık'ta`) is a date, a list in the locative (`Market'te`) a place, a lowercase word no place.
        ok("kahvaltı yarın Kadıköy'de ekle", task("kahvaltı Kadıköy'de", due: due("2026-11-23"))),
        ok("ekle kahve cumartesi 10'da Moda'da", task("kahve Moda'da", due: due("2026-11-28", "10:00"))),
        ok(
            "ekle kahve cumartesi 10'da Moda Sahili'nde",
            task("kahve Moda Sahili'nde", due: due("2026-11-28", "10:00"))),
        ok("yarın Kadıköy'de kahvaltı ekle", task("Kadıköy'de kahvaltı", due: due("2026-11-23"))),
        ok("cumartesi 10'da Moda'da kahve ekle", task("Moda'da kahve", due: due("2026-11-28", "10:00"))),
        ok(
            "kahve yarın Moda'da bob için ekle",
            task("kahve Moda'da", due: due("2026-11-23"), assignee: .member("bob"))),
        ok("ekle Kadıköy'de kahvaltı yap yarın", task("Kadıköy'de kahvaltı yap", due: due("2026-11-23"))),
        ok(
            "toplantı yarın 10'da Ankara'da 30 dk önce hatırlat ekle",
            task("toplantı Ankara'da", due: due("2026-11-23", "10:00"), reminders: [.before(minutes: 30)])),
        ok("ekle süt yarın Market'te", task("süt Market'te", due: due("2026-11-23"))),
        ok("ekle toplantı 3 Aralık'ta", task("toplantı", due: due("2026-12-03"))),
        ok("ekle kahve yarın moda'da", task("kahve yarın moda'da")),
        ok(
            "etkinlik ekle kahvaltı yarın 10'da Kadıköy'de",
            .event(
                .add(
                    EventDraft(
                        title: "kahvaltı", date: day("2026-11-23"), time: LocalTime(hour: 10, minute: 0),
                        location: "Kadıköy")))),
        ok(
            "etkinlik ekle kahvaltı Moda Sahili'nde cumartesi 10'da",
            .event(
                .add(
                    EventDraft(
                        title: "kahvaltı", date: day("2026-11-28"), time: LocalTime(hour: 10, minute: 0),
                        location: "Moda Sahili")))),
        ok(
            "kahvaltı yarın 10'da Kadıköy'de etkinliği ekle",
            .event(
                .add(
                    EventDraft(
                        title: "kahvaltı", date: day("2026-11-23"), time: LocalTime(hour: 10, minute: 0),
                        location: "Kadıköy")))),
        ok(
            "etkinlik ekle Kadıköy'de kahvaltı yarın 10'da",
            .event(
                .add(
                    EventDraft(
                        title: "Kadıköy'de kahvaltı", date: day("2026-11-23"), time: LocalTime(hour: 10, minute: 0))))),
        ok(
            "etkinlik ekle toplantı 3 Aralık'ta 14:00",
            .event(.add(EventDraft(title: "toplantı", date: day("2026-12-03"), time: LocalTime(hour: 14, minute: 0))))),
        ok("etkinlik düzenle kahvaltı Moda'da", .event(.edit(ref: "kahvaltı", changes: EventDraft(location: "Moda")))),
    ]
}
