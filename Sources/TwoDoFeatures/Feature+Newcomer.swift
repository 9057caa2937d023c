// A newcomer's first minutes: the grouped help index, "Did you mean: add …?" with yes/evet, and the countdown text.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoText

extension Handlers {
    /// The help groups, in the order `help` lists them (each a catalog line with a one-line example).
    static let helpGroups: [(name: String, key: TextKey)] = [
        ("tasks", .helpGroupTasks), ("time", .helpGroupTime), ("views", .helpGroupViews),
        ("routines", .helpGroupRoutines), ("calendar", .helpGroupCalendar), ("notes", .helpGroupNotes),
        ("inbox", .helpGroupInbox), ("account", .helpGroupAccount), ("couple", .helpGroupCouple),
        ("settings", .helpGroupSettings), ("plan", .helpGroupPlan),
    ]

    /// Whether a line is only a confirmation: `yes`, `y`, `evet`, `e` in any case (Turkish-aware: `EVET`).
    static func isConfirmation(_ line: Substring) -> Bool {
        guard line.utf8.count <= 12 else { return false }
        var s = line
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return ["yes", "y", "evet", "e"].contains(TextFold.key(s))
    }

    /// Whether a line only answers no: `no`, `n`, `nope`, `cancel`, `hayır`, `vazgeç`, `iptal`, `boşver`.
    static func isRefusal(_ line: Substring) -> Bool {
        guard line.utf8.count <= 16 else { return false }
        var s = line
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " || s.last == "." || s.last == "!" { s = s.dropLast() }
        return ["no", "n", "nope", "cancel", "hayir", "hayır", "vazgec", "vazgeç", "iptal", "bosver", "boşver"]
            .contains(TextFold.key(s))
    }

    /// A nag countdown as people read it: `4m`, `12h 49m` (`4 dk`, `12 sa 49 dk`).
    static func countdown(minutes: Int64, lang: Language) -> String {
        let h = minutes / 60
        let m = minutes % 60
        if lang == .tr { return h > 0 ? (m > 0 ? "\(h) sa \(m) dk" : "\(h) sa") : "\(m) dk" }
        return h > 0 ? (m > 0 ? "\(h)h \(m)m" : "\(h)h") : "\(m)m"
    }
}

extension Feature {
    /// `help` alone: every group of commands with an example, in the reader's language.
    func helpIndex(_ c: CommandContext) -> Reply {
        let lines = [t(c, .helpIndex)] + Handlers.helpGroups.map { "  " + t(c, $0.key) } + [t(c, .helpFooter)]
        let groups = Handlers.helpGroups.map {
            JSONValue.object([("group", .string($0.name)), ("text", .string(t(c, $0.key)))])
        }
        return .success(.help, lines, data: .object([("groups", .array(groups))]))
    }

    /// `no` / `hayır` / `cancel` / `vazgeç`: drops the question asked just before, doing nothing.
    func refuse(_ pending: Command?, on c: CommandContext, tag: String?) -> Outcome {
        guard pending != nil else {
            return Outcome(
                connection: c.id, tag: tag, reply: .failure(.errorNothingToConfirm, t(c, .errorNothingToConfirm)))
        }
        return Outcome(connection: c.id, tag: tag, reply: .success(.confirmDropped, [t(c, .confirmDropped)]))
    }

    /// `yes` / `evet`: runs what the question before offered (an `add`, leaving the couple), exactly as parsed then.
    func confirm(_ pending: Command?, on c: CommandContext, user: User?, tag: String?) throws -> Handled {
        guard let pending, user != nil else {
            return .outcome(
                Outcome(
                    connection: c.id, tag: tag,
                    reply: .failure(.errorNothingToConfirm, t(c, .errorNothingToConfirm))))
        }
        let handled = try dispatchRecordingUndo(pending, on: c, user: user, tag: tag)
        guard case .outcome(var outcome?) = handled else { return handled }
        outcome.wrote = outcome.wrote || pending.isWrite
        return .outcome(outcome)
    }

    /// "Did you mean: add "buy milk" — due Tue 24 Nov 17:00? Answer "yes"" for a line with no verb that reads
    /// as a task; nil when the line gets today's error instead.
    ///
    /// Conservative: only a line of two words or more that the parser refused as an unknown command, or as a
    /// misuse of the view verbs that are also dates (`yarın akşam 7'de faturayı öde`); and only when it
    /// parses as an `add` with `add ` before it (or ` ekle` after it) and at least one slot besides the
    /// title, so plain prose is not offered as a task. When the first word is also close to a verb
    /// (`buy` ~ `bul`), the slot must be a date or a rule; one-word lines keep "did you mean <verb>".
    func suggestAdd(for line: Substring, after error: ParseError, context: ParseContext, on c: CommandContext) -> Reply?

    {
        let nearVerb: Bool
        switch error {
        case .unknownCommand(_, let suggestion): nearVerb = suggestion != nil
        case .usage(let verb) where verb == "today" || verb == "tomorrow": nearVerb = false
        default: return nil
        }
        // `etkinlk ekle doktor yarın`: a typo of a two-word command keeps its "did you mean <verb>".
        let words = line.split(separator: " ")
        if nearVerb, words.count >= 2, Parser.canonicalVerb(String(words[1])) != nil { return nil }
        let text = String(line)
        // `what do I have tomorrow`, `bugün ne var?`: a question is never offered as a task.
        guard text.utf8.count <= 1000, words.count >= 2, !Parser.isQuestion(line) else { return nil }
        let readings = c.lang == .tr ? [text + " ekle", "add " + text] : ["add " + text, text + " ekle"]
        for reading in readings {
            guard case .success(let command) = Parser.parse(reading, context: context),
                case .add(let title, let list, let details) = command,
                details != TaskDetails() || list != nil,
                !nearVerb || details.due != nil || details.recurrence != nil
            else { continue }
            c.pendingSuggestion = command
            var parts: [TaskDetail] = []
            if let due = details.due { parts.append(.due(due)) }
            if let rule = details.recurrence { parts.append(.rule(rule)) }
            if let p = details.priority, p != .none { parts.append(.priority(p)) }
            if case .member(let name)? = details.assignee { parts.append(.assignee(name)) }
            var detailText = TaskDetail.text(parts, lang: c.lang, tz: context.timeZone)
            if let list { detailText = (detailText.isEmpty ? "" : detailText + ", ") + list }
            let tail = detailText.isEmpty ? "" : " — " + detailText
            return .success(
                .suggestAdd, [t(c, .suggestAdd, ["title": title, "details": tail])],
                data: .object([
                    ("command", .string("add")), ("title", .string(title)),
                    ("list", list.map(JSONValue.string) ?? .null),
                    ("due", details.due.map { .string(TimeText.iso8601($0.instant, tz: context.timeZone)) } ?? .null),
                ]))
        }
        return nil
    }
}
