// The day-plan commands: `plan [member] [day]`, `plan <ref> <region> [bucket] [day]`, `plan add …`, reordering,
// `start`, `defer`, `unplan` and `backlog`, English and Turkish.

import TwoDoCore

/// Parses the arguments of the day-plan verbs.
///
/// Regions: `morning`/`sabah`, `afternoon`/`öğleden sonra` (also `öğle`, `öğlen`), `evening`/`akşam` (also
/// `night`/`gece`), with Turkish case endings (`sabaha`, `akşama`, `öğleden sonraya`). Buckets: `must`/`big`/
/// `şart`/`büyük`, `complementary`/`medium`/`tamamlayıcı`/`orta`, `misc`/`small`/`ufak`/`küçük`/`çeşitli`. Days:
/// every date `events` reads (`tomorrow`, `friday`, `2 Dec`, `yarın`, `cuma`, `2 Aralık`), on or after today.
enum PlanParser {
    /// The arguments of `verb` (one of the plan verbs).
    static func parse(_ verb: Verb, _ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        switch verb {
        case .start: return RefParser.parse(args, verb: verb).map { .plan(.start($0)) }
        case .deferTask: return RefParser.parse(args, verb: verb).map { .plan(.deferTask($0)) }
        case .unplan: return RefParser.parse(args, verb: verb).map { .plan(.unplan($0)) }
        case .backlog: return args.isEmpty ? .success(.plan(.backlog)) : .failure(verb.usage)
        default: return plan(Array(args), context: context)
        }
    }

    /// The words after `plan`.
    private static func plan(_ t: [Word], context: ParseContext) -> Result<Command, ParseError> {
        guard let first = t.first else { return .success(.plan(.board(member: nil, day: nil))) }
        if let board = board(t, context: context) { return board }
        if ["add", "ekle", "new", "yeni"].contains(first.key) {
            guard t.count >= 3 else { return .failure(Verb.plan.usage) }
            return placement(Array(t.dropFirst()), context: context) { rest, region, bucket, day in
                .success(.plan(.add(title: String(rest.typed), region: region, bucket: bucket, day: day)))
            }
        }
        if let reorder = reorder(t) { return reorder }
        return placement(t, context: context) { rest, region, bucket, day in
            RefParser.parse(rest, verb: .plan).map { .plan(.place($0, region: region, bucket: bucket, day: day)) }
        }
    }

    /// `plan [member] [day]`: nil when the words are not only a member and a day.
    private static func board(_ t: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        if let name = memberName(t[0], context: context) {
            return board(t, from: 1, member: name, context: context)
        }
        return board(t, from: 0, member: nil, context: context)
    }

    /// `member`'s board as `t` (a day, a region, a region and a day, or nothing) asks for it: the reading of
    /// `bob'un planı yarın` after its possessive. Nil when `t` is anything else, or names an impossible date.
    static func board(_ t: [Word], member: String, context: ParseContext) -> Command? {
        guard case .success(let command)? = board(t, from: 0, member: member, context: context) else { return nil }
        return command
    }

    /// The words of `t` from `i` as a day, a region or both, for `member`'s board (nil: the user's own).
    private static func board(
        _ t: [Word], from i: Int, member: String?, context: ParseContext
    ) -> Result<Command, ParseError>? {
        if i == t.count { return .success(.plan(.board(member: member, day: nil))) }
        // `plan morning [day]`: one region of the board (a region and nothing to plan into it).
        let twoWords = i + 1 < t.count ? Self.region(t[i].bareKey + " " + t[i + 1].bareKey).map { ($0, i + 2) } : nil
        if let (region, after) = twoWords ?? Self.region(t[i].bareKey).map({ ($0, i + 1) }) {
            if after == t.count { return .success(.plan(.region(member: member, region: region, day: nil))) }
            let clock = LocalClock(now: context.now, tz: context.timeZone)
            if case .yes(let day, let next) = PlannerDateParser.date(
                t, after, end: t.count, clock: clock, direction: .future), next == t.count
            {
                return .success(.plan(.region(member: member, region: region, day: day)))
            }
        }
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        switch PlannerDateParser.date(t, i, end: t.count, clock: clock, direction: .future) {
        case .yes(let day, let next) where next == t.count:
            return .success(.plan(.board(member: member, day: day)))
        case .bad(let problem, let typed) where i == 0 && member == nil && t.count <= 3:
            return .failure(.badDate(verb: "plan", value: typed, problem: problem))
        default:
            return nil
        }
    }

    /// A member's name, bare or with a Turkish ending (`bob'un`, `ayşe'nin`).
    private static func memberName(_ word: Word, context: ParseContext) -> String? {
        guard !context.memberNames.isEmpty, word.text.utf8.count <= 64 else { return nil }
        let text = word.text
        let bare = text.firstIndex { $0 == "'" || $0 == "\u{2019}" }.map { text[..<$0] } ?? text
        guard !bare.isEmpty else { return nil }
        return context.members.match([Word(bare)][...], as: .bare)
    }

    /// `plan <ref> first|last`, `plan <ref> before <ref>`, `planla 3 başa|sona`, `planla 3 5'in önüne`.
    private static func reorder(_ t: [Word]) -> Result<Command, ParseError>? {
        guard t.count >= 2, let last = t.last else { return nil }
        let head = t[0..<(t.count - 1)]
        switch last.bareKey {
        case "first", "top", "basa":
            return RefParser.parse(head, verb: .plan).map { .plan(.reorder($0, .first)) }
        case "last", "bottom", "sona":
            return RefParser.parse(head, verb: .plan).map { .plan(.reorder($0, .last)) }
        case "onune":
            // `planla 3 5'in önüne`: the task (one word) goes in front of the other.
            guard t.count >= 3 else { return .failure(Verb.plan.usage) }
            // The genitive ending of the other (`5'in`, `süt'ün`) is cut at its apostrophe.
            var other = Array(t[1..<(t.count - 1)])
            if let lastWord = other.last, let mark = lastWord.text.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }),
                mark > lastWord.text.startIndex
            {
                other[other.count - 1] = Word(lastWord.text[..<mark])
            }
            return RefParser.parse(t[0..<1], verb: .plan).flatMap { ref in
                RefParser.parse(other[...], verb: .plan).map { .plan(.reorder(ref, .before($0))) }
            }
        default:
            break
        }
        guard let split = t.indices.dropFirst().first(where: { t[$0].key == "before" }) else { return nil }
        guard split + 1 < t.count else { return .failure(Verb.plan.usage) }
        return RefParser.parse(t[0..<split], verb: .plan).flatMap { ref in
            RefParser.parse(t[(split + 1)...], verb: .plan).map { .plan(.reorder(ref, .before($0))) }
        }
    }

    /// `<words> <region> [bucket] [day]`, read from the end; `make` builds the command from the words before.
    private static func placement(
        _ t: [Word], context: ParseContext,
        make: (ArraySlice<Word>, PlanRegion, PlanBucket?, LocalDate?) -> Result<Command, ParseError>
    ) -> Result<Command, ParseError> {
        var end = t.count
        var day: LocalDate?
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        // The day: the longest date phrase (at most 3 words) that ends the line, leaving a region and a ref.
        for start in max(2, end - 3)..<max(2, end) {
            switch PlannerDateParser.date(t, start, end: end, clock: clock, direction: .future) {
            case .yes(let d, let next) where next == end:
                day = d
            case .bad(let problem, let typed):
                return .failure(.badDate(verb: "plan", value: typed, problem: problem))
            default:
                continue
            }
            end = start
            break
        }
        var bucket: PlanBucket?
        if end >= 3, let b = Self.bucket(t[end - 1].bareKey) {
            bucket = b
            end -= 1
        }
        guard end >= 2 else { return .failure(Verb.plan.usage) }
        var region: PlanRegion?
        if end >= 3, let r = Self.region(t[end - 2].bareKey + " " + t[end - 1].bareKey) {
            region = r
            end -= 2
        } else if let r = Self.region(t[end - 1].bareKey) {
            region = r
            end -= 1
        }
        guard let region, end >= 1 else { return .failure(Verb.plan.usage) }
        return make(t[0..<end], region, bucket, day)
    }

    /// The region a folded word (or two) names, by its part of the day, with Turkish endings (`sabaha`,
    /// `akşamki`, `öğleden sonraya`), or `am`/`pm`.
    static func region(_ key: String) -> PlanRegion? {
        let words = key.split(separator: " ")
        if words.count == 2 {
            let first = Vocabulary.token(key: String(words[0]))
            let second = Vocabulary.token(key: String(words[1]))
            guard first.keyword == .ogleden, first.ending == .none, second.keyword == .sonra,
                second.ending == .none || second.ending == .dative
            else { return nil }
            return .afternoon
        }
        // `-ki` makes an adjective of a part of the day: `sabahki`, `akşamki` ("the morning's").
        var token = Vocabulary.token(key: key)
        if token.kind == .other, key.hasSuffix("ki") { token = Vocabulary.token(key: String(key.dropLast(2))) }
        guard [.none, .dative, .possessive].contains(token.ending) else { return nil }
        switch token.kind {
        case .timeOfDay(.morning), .meridiem(.am): return .morning
        case .timeOfDay(.noon), .timeOfDay(.afternoon), .meridiem(.pm): return .afternoon
        case .timeOfDay(.evening), .timeOfDay(.night): return .evening
        default: return nil
        }
    }

    /// The bucket a folded word names.
    static func bucket(_ key: String) -> PlanBucket? {
        switch key {
        case "must", "big", "sart", "buyuk", "mutlaka": .must
        case "complementary", "medium", "tamamlayici", "orta": .complementary
        case "misc", "small", "miscellaneous", "ufak", "kucuk", "cesitli": .misc
        default: nil
        }
    }
}
