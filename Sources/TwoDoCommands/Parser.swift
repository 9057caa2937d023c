// The entry point of the command language: finds the verb of a line and hands its words to a sub-parser.

/// Parses command lines typed in English or Turkish into `Command` values.
///
/// The verb is looked for first at the start of the line (one- and two-word spellings, any language),
/// then, for lines whose first word is no verb, as a Turkish verb at the end (`#3 bitti`,
/// `markete süt ekle`) or before a trailing list phrase (`süt ekle markete`). Verb-first wins
/// (`add milk done` adds "milk done") unless it is a usage error and a verb-last reading is valid
/// (`not defteri al ekle` adds "not defteri al"); `yeni … ekle` adds "yeni …". The view verbs `bugün` and
/// `yarın` are also dates, so by the same rule `yarın 18:00 annemi ara ekle` adds "annemi ara". A line that
/// is only a known member's possessive (`bob's`, `bob'unkiler`) is that member's view.
public enum Parser {
    /// One reading of a line: the result when the line has this form, nil to let the next reading try.
    typealias Alternative = @Sendable (_ line: Line, _ context: ParseContext) -> Result<Command, ParseError>?

    /// A line being parsed: its text and its words (split once, folded lazily, shared by every reading).
    struct Line {
        /// The line as received.
        let text: String
        /// `text` split at spaces.
        let words: [Word]

        /// Splits `text` into words.
        init(_ text: String) {
            self.text = text
            self.words = Word.split(text[...])
        }
    }

    /// The readings of a line, most specific first; the first that answers wins. A line none of them
    /// reads is an unknown command.
    static let alternatives: [(name: String, read: Alternative)] = [
        // `show groceries page 3`: a page clause after a listing (only there: `add read page 3` adds that title).
        ("paged listing", { line, context in PageParser.parse(line.text, context: context) }),
        // `what's on today`, `bugün ne var`, `show my tasks`, `tüm görevler`: a question gets the view it asks for.
        ("question", { line, _ in QuestionParser.parse(line.words) }),
        // `mark … as done`, `check off …`, `rename … to …`, `clear done`, `remind me in 2 minutes to …`.
        (
            "english rephrasing",
            { line, context in EnglishRephrasing.parse(line.words, context: context) }
        ),
        // Routines, events, the calendar and their notes: `routine add …`, `… rutini ekle`.
        ("planner", { line, context in PlannerParser.parse(line.words, context: context) }),
        ("verb first", verbFirst),
        // `parti hazırlığı görevine adım ekle: yumurta`: a step, the Turkish verb in the middle.
        ("step in the middle", { line, _ in StepParser.middle(line.words) }),
        // A line that is only a member's possessive (`bob's`, `bob'unkiler`) is that member's view; with `plan`
        // / `planı` (`alice'in planı`, `eşimin yarınki planı`), that member's day plan.
        ("member view", { line, context in ViewParser.member(line.words, context: context).map { .success($0) } }),
        ("verb last", verbLast),
        ("add in the middle", { line, context in middleAdd(line.words, context: context) }),
        // `urgent: call the plumber`, `URGENT call mom`, `acil faturayı öde`: no verb, a priority word first.
        ("priority first", { line, context in priorityFirst(line.words, context: context) }),
        // `Friday: dentist`: no verb, a date and a colon first.
        ("date colon add", { line, context in DateColonAdd.parse(line.words, context: context) }),
    ]

    /// Whether a line asks something (a question word first, or `?` at its end): never offered as a task.
    public static func isQuestion(_ line: Substring) -> Bool { QuestionParser.isQuestion(line) }

    /// Parses one framed line (no CR/LF, no control characters, tag prefix already removed).
    ///
    /// Pure: no I/O, no clock reads. A line of only spaces gives `.usage(verb: "help")`.
    public static func parse(_ line: String, context: ParseContext) -> Result<Command, ParseError> {
        read(Line(line), context: context, alternatives: alternatives[...])
    }

    /// Parses `line` and, when it fails, says where: the position of the first word not understood.
    public static func parseLocated(_ line: String, context: ParseContext) -> Result<Command, ParseError.Located> {
        let parsed = Line(line)
        switch read(parsed, context: context, alternatives: alternatives[...]) {
        case .success(let command): return .success(command)
        case .failure(let error): return .failure(error.located(in: parsed))
        }
    }

    /// Parses a line that has no page clause to strip (every reading but the first).
    static func parseLine(_ line: String, context: ParseContext) -> Result<Command, ParseError> {
        read(Line(line), context: context, alternatives: alternatives.dropFirst())
    }

    /// Tries `alternatives` in order.
    private static func read(
        _ line: Line, context: ParseContext, alternatives: ArraySlice<(name: String, read: Alternative)>
    ) -> Result<Command, ParseError> {
        guard let first = line.words.first else { return .failure(.usage(verb: "help")) }
        // `add fix sink tomorrow -- the washer is worn`: the part before `--` is read alone (DescribeParser).
        if let described = DescribeParser.inlineDescription(
            line, reading: { read(Line($0), context: context, alternatives: alternatives) })
        {
            return described
        }
        for alternative in alternatives {
            if let result = alternative.read(line, context) { return result }
        }
        return .failure(
            .unknownCommand(
                word: String(first.text),
                suggestion: Suggester.nearest(to: first, testClock: context.testClock, turkish: context.suggestsTurkish)
            ))
    }

    /// A verb at the start of the line (one- and two-word spellings, any language).
    private static func verbFirst(_ line: Line, context: ParseContext) -> Result<Command, ParseError>? {
        let words = line.words
        guard let first = words.first, let match = VerbTable.leading(words), match.verb != .clock || context.testClock
        else { return nil }
        // "yeni" is also the adjective "new": `yeni ekmek ekle` adds "yeni ekmek".
        if first.key == "yeni" && words.count >= 3 && words[words.count - 1].key == "ekle" {
            return run(.add, words[0..<(words.count - 1)], turkish: true, list: nil, context: context)
        }
        if match.verb == .addStep {
            // `add step counter to groceries`: the spelling's `step` may begin a title (see `StepParser`).
            return StepParser.explicit(
                words[match.wordCount...], turkish: match.isTurkish, context: context,
                spelledStep: match.wordCount == 2 && words[1].key == "step")
        }
        let result = run(match.verb, words[match.wordCount...], turkish: match.isTurkish, list: nil, context: context)
        // A Turkish first word that is also a plain word (`not defteri al ekle`: "not" is the noun
        // "note"): when the verb-first reading is a usage error, or only a guess the handler must still
        // split (`note` without a colon), a valid verb-last reading whose arguments go beyond the first
        // verb (so not `liste ekle`) is taken instead. An English `plan` verb-first reading that fails is
        // also tried verb-last (`plan yap ekle` adds a task).
        // An add read that way which fails on its values (`yarın faturayı öde cuma ekle`: two dates; `bugün
        // x düne kadar ekle`) says so, rather than the view verb's usage.
        if result.isWeak, match.isTurkish || match.verb == .plan,
            let trailing = TrailingVerb.find(in: words, context: context),
            trailing.args.count > match.wordCount
        {
            let last = run(trailing.verb, trailing.args, turkish: true, list: trailing.list, context: context)
            switch last {
            case .success: return last
            case .failure(.twoValues) where trailing.verb == .add: return last
            case .failure(.badDate) where trailing.verb == .add: return last
            default: break
            }
        }
        // `yarın 09:30 markete ekmek ekle acil`: a view verb that is also a date, `ekle` before the last slots.
        if result.isWeak, match.isTurkish, let middle = middleAdd(words, context: context) {
            switch middle {
            case .success, .failure(.twoValues): return middle
            default: break
            }
        }
        // The view verbs that are also dates open a date-colon add: `tomorrow 9am: call the bank`.
        if result.isWeak, match.verb == .today || match.verb == .tomorrow,
            case .success(let command)? = DateColonAdd.parse(words, context: context)
        {
            return .success(command)
        }
        return result
    }

    /// A Turkish verb at the end (`#3 bitti`, `markete süt ekle`) or before a trailing list phrase
    /// (`süt ekle markete`).
    private static func verbLast(_ line: Line, context: ParseContext) -> Result<Command, ParseError>? {
        guard let match = TrailingVerb.find(in: line.words, context: context) else { return nil }
        return run(match.verb, match.args, turkish: true, list: match.list, context: context)
    }

    /// The canonical English verb for a spelling in either language (`ekle` → `add`, `GÖSTER` → `show`),
    /// e.g. to map `help ekle` to its topic; nil if `word` is no verb.
    public static func canonicalVerb(_ word: String) -> String? {
        let words = Word.split(word[...])
        guard let match = VerbTable.leading(words), match.wordCount == words.count else { return nil }
        return match.verb.canonical
    }

    /// `süt ekle yarın`, `süt ekle markete yarın 9'da`: a Turkish `ekle` after the title, followed only by
    /// slots (date, time, rule, list, priority, assignee). Other words after `ekle` make no such reading.
    private static func middleAdd(_ words: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        let n = words.count
        guard n >= 3 else { return nil }
        for i in 1..<(n - 1) where words[i].key == "ekle" {
            // Words are slices of one line, so the readings are made from new lines, not spliced word arrays.
            let tail = String(words[(i + 1)...].typed)
            // The tail must be all slots: after a one-word stand-in title, that title is all that is left.
            let probe = Word.split(Substring("x " + tail))
            switch AddParser.parse(probe[...], turkish: true, list: nil, context: context) {
            case .success(.add(let title, _, _)) where title == "x",
                .success(.addToUnknownList(_, .add(let title, _, _))) where title == "x":
                let joined = Word.split(Substring(String(words[0..<i].typed) + " " + tail))
                return AddParser.parse(joined[...], turkish: true, list: nil, context: context)
            case .failure(.badDate(let verb, let value, let problem)):
                return .failure(.badDate(verb: verb, value: value, problem: problem))
            case .failure(.twoValues):
                // The tail's own values disagree (`x ekle !low p1`); the joined line says which two.
                return AddParser.parse(
                    Word.split(Substring(String(words[0..<i].typed) + " " + tail))[...], turkish: true, list: nil,
                    context: context)
            default:
                continue
            }
        }
        return nil
    }

    /// A line with no verb whose first words are a priority (`urgent:`, `ASAP`, `acil`, `çok önemli`) is an
    /// `add` of the rest, when that priority is taken; nil otherwise (`acil durum çantası` stays unknown).
    private static func priorityFirst(_ words: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        guard words.count >= 2, words[0].text.utf8.count <= 12 else { return nil }
        let head = Lexer(Array(words.prefix(3)))
        let count = [2, 1].first { words.count > $0 && DetailPhrases.priorityPhrase(head, 0..<$0) != nil }
        guard let count else { return nil }
        let first = words[0].key
        let turkish = first == "cok" || first.hasPrefix("acil") || first.hasPrefix("onemli")
        let result = AddParser.parse(words[...], turkish: turkish, list: nil, context: context, bareToList: !turkish)
        switch result {
        case .success(.add(_, _, let details)) where details.priority != nil,
            .success(.addToUnknownList(_, .add(_, _, let details))) where details.priority != nil:
            return result
        case .failure(.twoValues):
            return result
        default:
            return nil
        }
    }

    private static func run(
        _ verb: Verb, _ args: ArraySlice<Word>, turkish: Bool, list: String?, context: ParseContext
    ) -> Result<Command, ParseError> {
        switch verb {
        case .help: AccountParser.help(args)
        case .register, .login, .passwd: AccountParser.pair(verb, args)
        case .logout: AccountParser.bare(verb, args, .logout)
        case .quit: AccountParser.bare(verb, args, .quit)
        case .ping: AccountParser.bare(verb, args, .ping)
        case .couple: CoupleParser.couple(args)
        case .invite: AccountParser.bare(verb, args, .couple(.create(name: nil)))
        case .join: CoupleParser.join(args)
        case .leaveCouple: CoupleParser.leave(args)
        case .who: AccountParser.bare(verb, args, .who)
        case .me: AccountParser.bare(verb, args, .me)
        case .displayName:
            args.isEmpty
                ? .success(.displayName(nil))
                : args.count == 1 && ["none", "yok", "-"].contains(args.first!.key)
                    ? .success(.displayName("")) : .success(.displayName(String(args.typed)))
        case .lists: AccountParser.bare(verb, args, .lists)
        case .list: ListCommandParser.list(args, context: context)
        case .show: ListCommandParser.show(args, context: context)
        case .add:
            StepParser.implicit(args, turkish: turkish, list: list, context: context)
                ?? AddParser.parse(args, turkish: turkish, list: list, context: context, bareToList: !turkish)
        case .addStep: StepParser.explicit(args, turkish: turkish, context: context)
        case .steps: RefParser.parse(args, verb: .steps).map { .steps($0) }
        case .undone where turkish && args.isEmpty: .success(.undo)
        case .done, .undone, .delete, .notes, .unnag: TaskParser.simple(verb, args)
        case .edit: TaskParser.edit(args, context: context)
        case .move: MoveParser.parse(args, turkish: turkish, list: list, context: context)
        case .assign: AssignParser.parse(args, context: context)
        case .note: TaskParser.note(args)
        case .due: ScheduleCommandParser.due(args, context: context)
        case .priority: ScheduleCommandParser.priority(args)
        case .recur: ScheduleCommandParser.repeating(args, context: context)
        case .remind: ScheduleCommandParser.remind(args, context: context)
        case .nag: ScheduleCommandParser.nag(args)
        case .snooze: ScheduleCommandParser.snooze(args, context: context)
        case .overdue, .today, .tomorrow, .upcoming, .agenda, .mine: ViewParser.view(verb, args)
        case .say: SettingsParser.say(args)
        case .inbox: SettingsParser.inbox(args)
        case .inboxRead: SettingsParser.inboxRead(args)
        case .mute: SettingsParser.mute(args, on: true)
        case .unmute: SettingsParser.mute(args, on: false)
        case .lang: SettingsParser.lang(args)
        case .tz: SettingsParser.tz(args)
        case .json: SettingsParser.json(args)
        case .export: AccountParser.export(args)
        case .clock: ClockParser.parse(args)
        case .stats: AccountParser.bare(verb, args, .stats)
        case .more: AccountParser.bare(verb, args, .more)
        case .undo: AccountParser.bare(verb, args, .undo)
        case .account: AccountParser.account(args)
        case .forgot: args.count == 1 ? .success(.forgot(name: String(args.typed))) : .failure(verb.usage)
        case .approveReset: args.count == 1 ? .success(.approveReset(name: String(args.typed))) : .failure(verb.usage)
        case .reset: AccountParser.reset(args)
        case .resume: args.count == 1 ? .success(.resume(token: String(args.typed))) : .failure(verb.usage)
        case .search: args.isEmpty ? .failure(Verb.search.usage) : .success(.search(String(args.typed)))
        case .describe: DescribeParser.describe(args)
        case .info: DescribeParser.info(args)
        case .plan, .start, .deferTask, .unplan, .backlog: PlanParser.parse(verb, args, context: context)
        }
    }
}

extension Result where Success == Command, Failure == ParseError {
    /// A usage error, or a `note` without a colon: readings a valid verb-last reading of the same line beats.
    fileprivate var isWeak: Bool {
        switch self {
        case .failure(.usage), .success(.noteUnsplit): true
        default: false
        }
    }
}
