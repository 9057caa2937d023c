// Steps of a task: `add eggs under party prep`, `add step eggs to party prep`, `parti hazırlığı altına yumurta ekle`.

/// Parses the lines that add a step under a task, in English and Turkish.
///
/// Explicit forms (`add step|subtask …`, `adım ekle …`, `<ref> görevine adım ekle: …`) always mean a step.
/// The forms whose keyword may belong to a title (`under`, `altına`) carry the plain `add` reading too, for
/// the server to take when the words after the keyword name no task (`add look under the sofa`).
enum StepParser {
    /// English words between a step's title and its task: `add step eggs to party prep`.
    private static let joiners: Set<String> = ["to", "under", "for", "into", "onto", "on"]
    /// Turkish words that may close the task's words before a colon: `parti hazırlığı görevine adım ekle: …`.
    private static let taskWords: Set<String> = ["gorevine", "gorevinin", "altina"]

    /// The arguments of `add step`, `add subtask`, `adım ekle`: `<title> to|under <ref>`, `to <ref>: <title>`,
    /// `<ref>: <title>` or `<ref> altına <title>`.
    ///
    /// `add step counter to groceries` (`spelledStep`: the verb was spelled with `step`), where the words after
    /// `to` name a known list, also carries the plain `add` of "step counter" to that list, taken when no task
    /// has those words.
    static func explicit(
        _ args: ArraySlice<Word>, turkish: Bool, context: ParseContext, spelledStep: Bool = false
    ) -> Result<Command, ParseError> {
        let text = args.typed
        if let colon = text.firstIndex(of: ":") {
            var refWords = Word.split(text[..<colon])[...]
            if let first = refWords.first, joiners.contains(first.key) { refWords = refWords.dropFirst() }
            if let last = refWords.last, taskWords.contains(last.key) { refWords = refWords.dropLast() }
            return step(title: text[text.index(after: colon)...], parent: refWords, plain: nil)
        }
        if !turkish, let i = lastJoiner(in: args, among: joiners) {
            var plain: Command?
            if spelledStep, context.lists.match(args[(i + 1)...], as: .bare) != nil,
                case .success(let add) = AddParser.parse(
                    Word.split(Substring("step " + args.typed))[...], turkish: false, list: nil, context: context)
            {
                plain = add
            }
            return step(title: args[args.startIndex..<i].typed, parent: args[(i + 1)...], plain: plain)
        }
        if let i = args.firstIndex(where: { isAltina($0) }), i > args.startIndex {
            return step(title: args[(i + 1)...].typed, parent: args[args.startIndex..<i], plain: nil)
        }
        return .failure(Verb.addStep.usage)
    }

    /// An `add` line that names a task after `under` (any spelling of the verb) or before `altına` (a Turkish
    /// one); nil when it has neither, so it is an ordinary `add`.
    static func implicit(
        _ args: ArraySlice<Word>, turkish: Bool, list: String?, context: ParseContext
    ) -> Result<Command, ParseError>? {
        guard list == nil, args.count >= 3 else { return nil }
        // A keyword inside quotes is title: only words after the last quote count.
        let firstFree =
            (args.lastIndex { $0.text.contains { $0 == "\"" || $0 == "“" || $0 == "”" || $0 == "„" } })
            .map { $0 + 1 } ?? args.startIndex
        let plain = { () -> Command? in
            guard case .success(let command) = AddParser.parse(args, turkish: turkish, list: nil, context: context)
            else { return nil }
            return command
        }
        if let i = lastJoiner(in: args, among: ["under"]), i >= firstFree {
            return step(title: args[args.startIndex..<i].typed, parent: args[(i + 1)...], plain: plain())
        }
        if turkish, let i = args[firstFree...].firstIndex(where: { isAltina($0) }), i > args.startIndex,
            i < args.endIndex - 1
        {
            return step(title: args[(i + 1)...].typed, parent: args[args.startIndex..<i], plain: plain())
        }
        return nil
    }

    /// `<ref> [görevine] adım ekle: <title>` (the Turkish verb in the middle), or nil when the line has no
    /// `adım ekle` after its first word.
    static func middle(_ words: [Word]) -> Result<Command, ParseError>? {
        guard words.count >= 4 else { return nil }
        for i in 1..<(words.count - 1) where words[i].text.utf8.count <= 5 && words[i].key == "adim" {
            let verb = words[i + 1].key
            guard verb == "ekle" || verb == "ekle:" else { continue }
            var refWords = words[0..<i]
            if let last = refWords.last, taskWords.contains(last.key) { refWords = refWords.dropLast() }
            var title = words[(i + 2)...].typed
            if verb == "ekle" {
                guard title.first == ":" else { continue }
                title = title.dropFirst()
            }
            return step(title: title, parent: refWords, plain: nil)
        }
        return nil
    }

    /// The index of the last word of `args` (not the first or the last word) whose key is one of `keys`.
    private static func lastJoiner(in args: ArraySlice<Word>, among keys: Set<String>) -> Int? {
        guard args.count >= 3 else { return nil }
        var i = args.endIndex - 2
        while i > args.startIndex {
            if args[i].text.utf8.count <= 8 && keys.contains(args[i].key) { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `word` is `altına` (`altina`, `ALTINA`; with an apostrophe ending it is no keyword).
    private static func isAltina(_ word: Word) -> Bool {
        word.text.utf8.count <= 8 && word.key == "altina"
    }

    /// The step command for a title and its task's words, or the usage error when either is empty.
    private static func step(
        title raw: Substring, parent: ArraySlice<Word>, plain: Command?
    ) -> Result<
        Command, ParseError
    > {
        var title = raw.drop { $0 == " " }
        while title.last == " " { title = title.dropLast() }
        if let inner = RefParser.unquoted(title) { title = inner }
        guard !title.isEmpty, !parent.isEmpty else { return .failure(Verb.addStep.usage) }
        return RefParser.parse(parent, verb: .addStep).map {
            .addStep(title: String(title), parent: $0, plain: plain)
        }
    }
}
