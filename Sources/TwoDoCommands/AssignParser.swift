// `assign <ref> to <name|me|nobody>` and its Turkish forms (`ata 3 bob`, `#3 bob'a ata`, `#3'ü kimseye ata`).

/// Parses `assign`.
enum AssignParser {
    /// Words meaning the speaker, folded: me, myself, ben, bana, kendim, kendime.
    private static let me: Set<String> = Set(["me", "myself", "ben", "bana", "kendim", "kendime"].map(Fold.key))
    /// Words meaning nobody, folded: nobody, none, noone, no-one, no one, kimse, kimseye, hiç kimse, ...
    private static let nobody: Set<String> = Set(
        [
            "nobody", "none", "noone", "no-one", "no one", "kimse", "kimseye", "hiç kimse", "hiç kimseye",
            "hiçkimse", "hiçkimseye",
        ].map(Fold.key))

    /// Parses the arguments of `assign`.
    ///
    /// A separator (`to`, `->`, ...) followed by one or two words splits first. Otherwise the assignee
    /// is the last word (or `hiç kimse`/`no one`) when that is me/nobody/a known member, else the first
    /// word when that is (`ata bana süt`), else the last word as typed minus an apostrophe ending.
    static func parse(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        let s = args.startIndex
        let e = args.endIndex
        // `assign 3 to` names nobody (as opposed to `assign 3 to nobody`).
        guard args.count >= 2, !Separator.isSeparator(args[e - 1].key) else { return .failure(Verb.assign.usage) }
        func result(_ ref: ArraySlice<Word>, _ who: AssigneeRef) -> Result<Command, ParseError> {
            RefParser.parse(ref, verb: .assign).map { .assign($0, to: who) }
        }
        if let i = Separator.inner(args).last, e - i - 1 <= 2 {
            guard let (who, _) = assignee(args[(i + 1)..<e], context: context) else {
                return .failure(Verb.assign.usage)
            }
            return result(args[s..<i], who)
        }
        if e - s >= 3, let (who, _) = assignee(args[(e - 2)..<e], context: context) {
            return result(args[s..<(e - 2)], who)
        }
        if let (who, definite) = assignee(args[(e - 1)..<e], context: context), definite {
            return result(args[s..<(e - 1)], who)
        }
        if let (who, definite) = assignee(args[s..<(s + 1)], context: context), definite {
            return result(args[(s + 1)..<e], who)
        }
        guard let (who, _) = assignee(args[(e - 1)..<e], context: context) else {
            return .failure(Verb.assign.usage)
        }
        return result(args[s..<(e - 1)], who)
    }

    /// Who `words` names, and whether that is certain (me, nobody, or a known member).
    private static func assignee(_ words: ArraySlice<Word>, context: ParseContext) -> (AssigneeRef, Bool)? {
        let key = words.key
        if me.contains(key) { return (.me, true) }
        if nobody.contains(key) { return (.nobody, true) }
        guard words.count == 1 else { return nil }
        if let member = context.members.match(words, as: .bare) ?? context.members.match(words, as: .dative) {
            return (.member(member), true)
        }
        let typed = TurkishSuffix.strippingApostropheEnding(words[words.startIndex].text)
        return (.member(String(typed)), false)
    }
}
