// Recurrence rules written out for people, in English and Turkish ("every month on the 1st", "her ayın 1'i").

import TwoDoCore

/// Describes recurrence rules and priorities in a user's language.
public enum RecurrenceText {
    private static let dayNames: [Language: [String]] = [
        .en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        .tr: ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"],
    ]

    /// `every month on the 1st`, `every 2 weeks on Monday and Friday`, `3 days after done`, ...
    public static func describe(_ rule: Recurrence, lang: Language) -> String {
        var text = lang == .en ? english(rule) : turkish(rule)
        if let until = rule.until {
            text +=
                lang == .en
                ? " until \(TimeText.human(until, lang: .en))" : ", \(TimeText.human(until, lang: .tr)) tarihine kadar"
        }
        return text
    }

    private static func list(_ items: [String], and: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(and) " + items.last!
    }

    private static func ordinalEN(_ n: Int) -> String {
        if n == -1 { return "last" }
        let suffix =
            (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }

    private static func english(_ r: Recurrence) -> String {
        let unit = ["daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"][r.frequency.rawValue]!
        if r.fromCompletion { return "\(r.interval) \(unit)\(r.interval == 1 ? "" : "s") after done" }
        let every =
            r.interval == 1
            ? "every \(unit)" : (r.interval == 2 ? "every other \(unit)" : "every \(r.interval) \(unit)s")
        let days = r.weekdays.map { dayNames[.en]![$0 - 1] }
        switch r.frequency {
        case .daily:
            return every
        case .weekly:
            if r.weekdays == [1, 2, 3, 4, 5] && r.interval == 1 { return "every weekday" }
            if days.isEmpty { return every }
            return r.interval == 1 ? "every " + list(days, and: "and") : "\(every) on " + list(days, and: "and")
        case .monthly:
            if let ordinal = r.ordinal, let day = days.first { return "\(every) on the \(ordinalEN(ordinal)) \(day)" }
            return r.monthDay.map { "\(every) on the \(ordinalEN($0))" } ?? every
        case .yearly:
            if let m = r.month, let d = r.monthDay { return "\(every) on \(d) \(CalendarGrid.monthName(m, lang: .en))" }
            return every
        }
    }

    private static func turkish(_ r: Recurrence) -> String {
        let unit = ["daily": "gün", "weekly": "hafta", "monthly": "ay", "yearly": "yıl"][r.frequency.rawValue]!
        if r.fromCompletion { return "bitince \(r.interval) \(unit) sonra" }
        // The locative follows vowel harmony: günde, haftada, ayda, yılda ("3 günda bir" was wrong).
        let locative = ["gün": "günde", "hafta": "haftada", "ay": "ayda", "yıl": "yılda"][unit]!
        let every = r.interval == 1 ? "her \(unit)" : "\(r.interval) \(locative) bir"
        let days = r.weekdays.map { dayNames[.tr]![$0 - 1] }
        switch r.frequency {
        case .daily:
            return every
        case .weekly:
            if r.weekdays == [1, 2, 3, 4, 5] && r.interval == 1 { return "her hafta içi" }
            if days.isEmpty { return every }
            return r.interval == 1 ? "her " + list(days, and: "ve") : "\(every), " + list(days, and: "ve")
        case .monthly:
            if let ordinal = r.ordinal, let day = days.first {
                return ordinal == -1 ? "her ayın son \(day) günü" : "her ayın \(ordinal). \(day) günü"
            }
            return r.monthDay.map {
                r.interval == 1 ? "her ayın \(possessive($0))" : "\(every), ayın \(possessive($0))"
            } ?? every
        case .yearly:
            if let m = r.month, let d = r.monthDay { return "her yıl \(d) \(CalendarGrid.monthName(m, lang: .tr))" }
            return every
        }
    }

    /// A day number with its Turkish possessive suffix, read aloud: 1'i, 2'si, 3'ü, 6'sı, 9'u, 10'u, 20'si.
    static func possessive(_ n: Int) -> String {
        let suffixes = [1: "i", 2: "si", 3: "ü", 4: "ü", 5: "i", 6: "sı", 7: "si", 8: "i", 9: "u"]
        let tens = [1: "u", 2: "si", 3: "u"]
        let suffix = n % 10 == 0 ? tens[n / 10] ?? "ı" : suffixes[n % 10]!
        return "\(n)'\(suffix)"
    }

    /// `high`, `önemli`, ... (empty for no priority).
    public static func describe(_ priority: Priority, lang: Language) -> String {
        switch (priority, lang) {
        case (.none, _): ""
        case (.low, .en): "low priority"
        case (.medium, .en): "medium priority"
        case (.high, .en): "high priority"
        case (.low, .tr): "düşük öncelik"
        case (.medium, .tr): "orta öncelik"
        case (.high, .tr): "yüksek öncelik"
        }
    }
}
