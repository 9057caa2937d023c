// Stores recurrence rules as small JSON objects in a TEXT column.

import Foundation
import TwoDoCore

/// Encodes and decodes `Recurrence` for the `tasks.recurrence` column.
package enum RecurrenceCoding {
    package static func encode(_ rule: Recurrence) -> String {
        var object: [String: Any] = ["freq": rule.frequency.rawValue, "interval": rule.interval]
        if !rule.weekdays.isEmpty { object["weekdays"] = rule.weekdays }
        if let v = rule.monthDay { object["month_day"] = v }
        if let v = rule.month { object["month"] = v }
        if let v = rule.ordinal { object["ordinal"] = v }
        if let v = rule.until { object["until"] = v.description }
        if rule.fromCompletion { object["from_completion"] = true }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    package static func decode(_ text: String) -> Recurrence? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let freq = (object["freq"] as? String).flatMap(Recurrence.Frequency.init(rawValue:))
        else { return nil }
        return Recurrence(
            freq, interval: object["interval"] as? Int ?? 1, weekdays: object["weekdays"] as? [Int] ?? [],
            monthDay: object["month_day"] as? Int, month: object["month"] as? Int, ordinal: object["ordinal"] as? Int,
            until: (object["until"] as? String).flatMap(LocalDate.init(iso:)),
            fromCompletion: object["from_completion"] as? Bool ?? false)
    }
}
