// How a rule reads in Turkish: the locative follows vowel harmony.

import Testing
import TwoDoCore
import TwoDoText

@Suite("Recurrence wording")
struct RecurrenceWordingTests {
    @Test("every N days, weeks, months, years: günde, haftada, ayda, yılda bir")
    func turkishLocative() {
        #expect(RecurrenceText.describe(Recurrence(.daily, interval: 3), lang: .tr) == "3 günde bir")
        #expect(RecurrenceText.describe(Recurrence(.weekly, interval: 2), lang: .tr) == "2 haftada bir")
        #expect(RecurrenceText.describe(Recurrence(.monthly, interval: 2), lang: .tr) == "2 ayda bir")
        #expect(RecurrenceText.describe(Recurrence(.yearly, interval: 2), lang: .tr) == "2 yılda bir")
        #expect(RecurrenceText.describe(Recurrence(.daily), lang: .tr) == "her gün")
    }
}
