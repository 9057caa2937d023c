// A word classified for the date, time, recurrence, priority and reminder grammar.

import TwoDoCore

/// The language a vocabulary word belongs to, so that Turkish `her` ("every") does not pair with English
/// `monday` in `call her monday`.
enum Lang: Sendable, Equatable {
    case en, tr, any
}

/// A Turkish case ending on a word (`cuma-ya`, `9'-da`, `ayın 1'-i`), after an apostrophe or attached.
enum Ending: Sendable, Equatable {
    case none
    /// "to": `cumaya`, `Aralık'a`, `yarına` (used with `kadar` "until", and as a snooze target).
    case dative
    /// "at/on/in": `9'da`, `Aralık'ta`, `haftada`, `15'inde`.
    case locative
    /// Possessive or accusative: `günü`, `akşamı`, `1'i`, `cuması`.
    case possessive
    /// "of": `ayın`.
    case genitive
    /// Plural possessive: `günleri`, `cumaları` ("on Fridays").
    case plural
    /// "from": `yarından` (`yarından sonra`, the day after tomorrow).
    case ablative
}

/// A unit of an amount of time.
enum TimeUnit: Sendable, Equatable {
    case second, minute, hour, day, week, month, year

    /// Length in seconds for fixed-length units (nil for months and years).
    var seconds: Int64? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        case .week: 604_800
        case .month, .year: nil
        }
    }

    /// Length in whole minutes (nil for seconds, months and years).
    var minutes: Int? { self == .second ? nil : seconds.map { Int($0 / 60) } }
}

/// Before or after noon.
enum Meridiem: Sendable, Equatable {
    case am, pm
}

/// Words for a part of the day, with their documented default times.
enum TimeOfDay: Sendable, Equatable {
    case morning, noon, afternoon, evening, night, tonight, midnight

    /// morning 09:00, noon 12:00, afternoon 15:00, evening 19:00, night and tonight 20:00, midnight 00:00.
    var time: LocalTime {
        switch self {
        case .morning: LocalTime(hour: 9, minute: 0)
        case .noon: LocalTime(hour: 12, minute: 0)
        case .afternoon: LocalTime(hour: 15, minute: 0)
        case .evening: LocalTime(hour: 19, minute: 0)
        case .night, .tonight: LocalTime(hour: 20, minute: 0)
        case .midnight: LocalTime(hour: 0, minute: 0)
        }
    }

    /// Whether a bare hour from 1 to 11 next to this word is after noon (`akşam 7` is 19:00).
    var isAfterNoon: Bool { self == .afternoon || self == .evening || self == .night || self == .tonight }
}

/// Grammar words of both languages (Turkish ones are spelled by their folding keys).
enum Keyword: Sendable, Equatable {
    // English
    case today, tonight, tomorrow, yesterday, after, next, this, coming, `in`, at, on, by, due, starting, every
    case everyBang, other, and, the, a, of, end, weekend, weekday, weekdays, weekends, until, before, oclock
    case done, daily, weekly, monthly, yearly, biweekly, remind, me, us, nag, `for`, urgent, priority, half
    case high, medium, low, hourly, or, from, through, previous, quarter, past
    // Turkish
    case bugun, yarin, dun, obur, oburgun, bu, haftaya, gelecek, onumuzdeki, sonra, once, icinde, ogleden
    case yarisi, her, hergun, ici, sonu, kadar, ve, bitince, hatirlat, durt, icin, benim, kendim, haftasonu
    case yuksek, orta, dusuk, oncelik, acil, onemli, yarim, bana, beni, haftaici, gecen, veya, sonraki, onceki
    case bucuk
}

/// A word of a line as the schedule grammar sees it.
struct Token: Sendable {
    /// What a word is.
    enum Kind: Sendable, Equatable {
        /// Not part of the vocabulary (an ordinary title word).
        case other
        /// A quoted title (`"meet at 5pm"`): never a slot.
        case quoted
        /// Digits (`digits` > 0, value up to six digits) or a number word (`digits` == 0: `two`, `iki`, `bir`).
        case number(Int, digits: Int)
        /// `1st`, `15th`.
        case ordinal(Int)
        /// `first` … `fifth`, `last` (-1); `ilk`, `birinci` … `beşinci`, `son` (-1).
        case ordinalWord(Int)
        /// `17:00`, `5pm`, `5:30pm`, `5.30pm`.
        case clock(hour: Int, minute: Int, meridiem: Meridiem?)
        /// `24.12`, `17.30`, `24.12.2026`; `secondDigits` tells `1.05` from `1.5`.
        case dotted(Int, Int, year: Int?, secondDigits: Int)
        /// `24/12`, `24/12/2026`.
        case slashed(Int, Int, year: Int?, secondDigits: Int)
        /// `2026-12-24`.
        case iso(Int, Int, Int)
        /// `10m`, `2h`, `3d`, `10dk`, `1h30m`: `days` is set when the amount is whole days or weeks.
        case duration(seconds: Int64, days: Int?)
        /// A weekday name, ISO number; abbreviations (`fri`) are only taken with a marker.
        case weekday(Int, abbreviated: Bool)
        /// `mon,wed,fri`.
        case weekdays([Int])
        /// A month name, 1…12.
        case month(Int)
        /// `days`, `hafta`, `saat`, `dk`, …
        case unit(TimeUnit)
        /// `am`/`pm` as a separate word.
        case meridiem(Meridiem)
        /// `morning`, `noon`, `akşam`, …
        case timeOfDay(TimeOfDay)
        /// A grammar word.
        case keyword(Keyword)
        /// `!high`, `!!!`, `p1`, … (symbol forms, taken at either end of a title).
        case priority(Priority)
        /// `@name`.
        case mention
    }

    /// What the word is, with any Turkish ending removed.
    var kind: Kind
    /// The Turkish case ending the word carried.
    var ending: Ending = .none
    /// Which language's vocabulary the word is from (`.any` for numbers and symbols).
    var lang: Lang = .any

    /// The keyword, if this is one (any ending).
    var keyword: Keyword? {
        if case .keyword(let k) = kind { return k }
        return nil
    }

    /// The unit, if this is one.
    var unit: TimeUnit? {
        if case .unit(let u) = kind { return u }
        return nil
    }
}
