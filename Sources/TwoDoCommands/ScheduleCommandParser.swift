// The scheduling commands on one task: due, priority, repeat, remind, nag, unnag and snooze.

import TwoDoCore

/// Parses `<verb> <ref> <argument>` for the scheduling verbs, in both word orders of Turkish
/// (`hatırlat #3 30 dk önce`, `#3 için yarın 9'da hatırlat`, `#3'ü 10 dakikada bir dürt`).
///
/// The ref is a number-like first word (`3`, `#3`, `id:7`, `#3'ü`, optionally followed by `için`) with the
/// rest as the argument; otherwise the argument is the longest tail of the line that reads as one and the
/// words before it (minus `için`) are the ref. With a number ref, an argument that does not read is an
/// error naming it (`.badDate(…, .unrecognized)` for dates, `.badValue` for other values).
enum ScheduleCommandParser {
    /// Reads a tail of the line: nil when it is not this kind of argument, else its value or error.
    typealias Argument<T> = (Lexer, Range<Int>) -> Result<T, ParseError>?

    /// Words that clear a value: `none`, `no`, `never`, `off`, `clear`, `yok`, `hiç`, `kaldır`, `iptal`.
    private static let clearWords: Set<String> = Set(
        ["none", "no", "never", "off", "clear", "remove", "yok", "hiç", "kaldır", "iptal"].map(Fold.key))

    /// The ref and the argument's value (nil when the line names only a ref).
    static func split<T>(
        _ lex: Lexer, verb: Verb, argument: Argument<T>, invalid: (String) -> ParseError
    ) -> Result<(TaskRef, T?), ParseError> {
        let n = lex.count
        guard n > 0 else { return .failure(verb.usage) }
        let words = lex.words[...]
        if RefParser.looksNumeric(lex.words[0].text) {
            let ref = RefParser.parse(words.prefix(1), verb: verb)
            let start = n > 1 && lex.key(1) == "icin" ? 2 : 1
            guard start < n else { return ref.map { ($0, nil) } }
            guard let value = argument(lex, start..<n) else { return .failure(invalid(lex.typed(start..<n))) }
            return ref.flatMap { r in value.map { (r, $0) } }
        }
        // No argument is longer than a schedule phrase, so only the last words need trying.
        for start in Swift.max(1, n - ScheduleParser.maxWords)..<Swift.max(1, n) {
            guard let value = argument(lex, start..<n) else { continue }
            let end = start >= 2 && lex.key(start - 1) == "icin" ? start - 1 : start
            return RefParser.parse(words[0..<end], verb: verb).flatMap { r in value.map { (r, $0) } }
        }
        return RefParser.parse(words, verb: verb).map { ($0, nil) }
    }

    private static func clock(_ context: ParseContext) -> LocalClock {
        LocalClock(now: context.now, tz: context.timeZone)
    }

    /// `due <ref> <date>|none`; also the date of `edit <ref> due <date>`.
    static func due(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        let lex = Lexer(Array(args))
        return split(lex, verb: .due, argument: { dueValue($0, $1, context: context) }) {
            .badDate(verb: "due", value: $0, problem: .unrecognized)
        }.flatMap { ref, value in
            guard let value else { return .failure(Verb.due.usage) }
            return .success(.due(ref, value))
        }
    }

    /// A due date (past dates allowed) or `none` covering `range`.
    static func dueValue(_ lex: Lexer, _ range: Range<Int>, context: ParseContext) -> Result<DueDate?, ParseError>? {
        if range.count == 1, clearWords.contains(lex.key(range.lowerBound)) { return .success(nil) }
        guard let p = ScheduleParser.parse(lex, range, mode: .init(standalone: true, recurrence: false)) else {
            return nil
        }
        return DateResolver.moment(p, words: range, lex: lex, clock: clock(context), defaultTime: nil, future: false)
            .map { Optional($0) }.mapError { $0.error("due") }
    }

    /// `priority <ref> high|medium|low|none|!!!|p1|yüksek|…`.
    static func priority(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        let lex = Lexer(Array(args))
        return split(lex, verb: .priority, argument: { DetailPhrases.priorityValue($0, $1).map { .success($0) } }) {
            .badValue(verb: "priority", value: $0)
        }.flatMap { ref, value in
            guard let value else {
                // `priority laundry super`: the last word was meant as the level; name it (with the levels)
                // rather than print the whole usage. `priority 3` alone still gets the usage.
                if args.count >= 2, let last = args.last {
                    return .failure(.badValue(verb: "priority", value: String(last.text)))
                }
                return .failure(Verb.priority.usage)
            }
            return .success(.priority(ref, value))
        }
    }

    /// `repeat <ref> <rule>|none` (`repeat 3 every monday`, `tekrarla #3 her pazartesi`, `#3'ü her gün tekrarla`).
    ///
    /// Only a rule and an `until` are accepted; a time (`every monday at 9`) is set with `due`.
    static func repeating(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        let lex = Lexer(Array(args))
        let argument: Argument<Recurrence?> = { lex, range in
            if range.count == 1, clearWords.contains(lex.key(range.lowerBound)) { return .success(nil) }
            guard let p = ScheduleParser.parse(lex, range, mode: .init(standalone: true)), p.recurrence != nil,
                p.date == nil, p.time == nil
            else { return nil }
            return DateResolver.resolve(p, lex: lex, clock: clock(context)).map { $0.recurrence }
                .mapError { $0.error("repeat") }
        }
        return split(lex, verb: .recur, argument: argument) { .badValue(verb: "repeat", value: $0) }
            .flatMap { ref, value in
                guard let value else { return .failure(Verb.recur.usage) }
                return .success(.repeating(ref, value))
            }
    }

    /// `remind <ref> at 5pm|30 minutes before|tomorrow 9am`, or `remind me|bob to <task>` (an `add`); Turkish
    /// `bob'a|bana|bize <görev> hatırlat` (verb last or first) is also an `add` for that person.
    ///
    /// A reminder date without a time is at 09:00; a reminder that is not in the future is `.inThePast`.
    static func remind(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        // `2 dakika sonra bana çayı demle diye hatırlat`: a quoted clause is a new task, never a task's name.
        if let saying = ReminderSaying.parse(args, context: context) { return saying }
        let s = args.startIndex
        if args.count >= 3, args[s + 1].key == "to" {
            let who = args[s].key == "us" ? nil : DetailPhrases.person(args[s], context: context)
            if who != nil || args[s].key == "us" {
                return AddParser.parse(args[(s + 2)...], turkish: false, list: nil, context: context, assignee: who)
            }
        }
        // Turkish: `bob'a yarın 18:00 annesini aramayı hatırlat`, `hatırlat bana cuma fatura öde`.
        if args.count >= 2, TurkishSuffix.hasApostrophe(args[s].text) || ["bana", "bize"].contains(args[s].key) {
            let who: AssigneeRef?? =
                switch args[s].key {
                case "bana": .some(.me)
                case "bize": .some(nil)
                default: context.members.match(args[s..<(s + 1)], as: .dative).map { .some(.member($0)) }
                }
            if let who,
                case .success(let command) = AddParser.parse(
                    args[(s + 1)...], turkish: true, list: nil, context: context, assignee: who)
            {
                return .success(command)
            }
        }
        let lex = Lexer(Array(args))
        let argument: Argument<ReminderSpec> = { lex, range in
            if let m = DetailPhrases.minutesBefore(lex, range) { return .success(.before(minutes: m)) }
            let r =
                range.count > 1 && lex.key(range.lowerBound) == "me" ? (range.lowerBound + 1)..<range.upperBound : range
            guard let p = ScheduleParser.parse(lex, r, mode: .init(standalone: true, recurrence: false)) else {
                return nil
            }
            return DateResolver.moment(
                p, words: r, lex: lex, clock: clock(context), defaultTime: LocalTime(hour: 9, minute: 0), future: true
            ).map { .at($0) }.mapError { $0.error("remind") }
        }
        return split(lex, verb: .remind, argument: argument) {
            .badDate(verb: "remind", value: $0, problem: .unrecognized)
        }.flatMap { ref, value in
            guard let value else { return .failure(Verb.remind.usage) }
            return .success(.remind(ref, value))
        }
    }

    /// `nag <ref> every 10 minutes` (1 minute to 24 hours), `dürt #3 10 dakikada bir`.
    static func nag(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        let lex = Lexer(Array(args))
        let argument: Argument<Int> = { lex, range in
            guard let minutes = DetailPhrases.interval(lex, range) ?? DetailPhrases.otherInterval(lex, range) else {
                return nil
            }
            guard (1...1440).contains(minutes) else { return .failure(.badValue(verb: "nag", value: lex.typed(range))) }
            return .success(minutes)
        }
        return split(lex, verb: .nag, argument: argument) { .badValue(verb: "nag", value: $0) }
            .flatMap { ref, value in
                guard let value else { return .failure(Verb.nag.usage) }
                return .success(.nag(ref, minutes: value))
            }
    }

    /// `snooze [<ref>] [<duration>|<date>]`: no ref means the task of the last reminder (`snooze 10m`).
    ///
    /// Durations: `10m`, `10 minutes`, `for 2 hours`, `an hour`, `yarım saat`, `3 days`; dates:
    /// `tomorrow 9am`, `until friday`, `to monday`, `yarına`, `cumaya`. A date must be in the future.
    static func snooze(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        guard !args.isEmpty else { return .success(.snooze(.context, nil)) }
        let lex = Lexer(Array(args))
        let argument: Argument<SnoozeSpec> = { lex, range in snoozeSpec(lex, range, context: context) }
        if let whole = argument(lex, 0..<lex.count) { return whole.map { .snooze(.context, $0) } }
        return split(lex, verb: .snooze, argument: argument) {
            .badDate(verb: "snooze", value: $0, problem: .unrecognized)
        }.map { ref, value in .snooze(ref, value) }
    }

    private static func snoozeSpec(
        _ lex: Lexer, _ range: Range<Int>, context: ParseContext
    ) -> Result<
        SnoozeSpec, ParseError
    >? {
        var s = range.lowerBound
        let e = range.upperBound
        let first = lex.key(s)
        if first == "for" && e - s > 1 { s += 1 }
        if let seconds = DetailPhrases.seconds(lex, s..<e) {
            guard seconds > 0 else { return .failure(.badValue(verb: "snooze", value: lex.typed(range))) }
            return .success(.duration(seconds: seconds))
        }
        guard first != "for" else { return nil }
        if first == "to" || lex[s].keyword == .until, e - s > 1 { s += 1 }
        guard let p = ScheduleParser.parse(lex, s..<e, mode: .init(standalone: true, recurrence: false)) else {
            return nil
        }
        return DateResolver.moment(p, words: s..<e, lex: lex, clock: clock(context), defaultTime: nil, future: true)
            .map { .until($0) }.mapError { $0.error("snooze") }
    }
}
