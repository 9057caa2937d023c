// `list ...` / `liste ...`, `lists`, and `show [list]` with Turkish object endings (`marketi göster`).

/// Parses list management and list display commands.
enum ListCommandParser {
    private enum Sub {
        case add, rename, delete, show, clear, icon
    }

    private static let subs: [String: Sub] = {
        var map: [String: Sub] = [:]
        for w in ["add", "new", "create", "ekle", "yeni", "oluştur"] { map[Fold.key(w)] = .add }
        for w in ["rename", "adlandır"] { map[Fold.key(w)] = .rename }
        for w in ["delete", "remove", "del", "rm", "sil", "kaldır"] { map[Fold.key(w)] = .delete }
        for w in ["show", "göster", "listele"] { map[Fold.key(w)] = .show }
        for w in ["clear", "temizle"] { map[Fold.key(w)] = .clear }
        for w in ["icon", "emoji", "simge", "ikon"] { map[Fold.key(w)] = .icon }
        return map
    }()

    /// Words that confirm `list delete` (`confirm`, `yes`, `onayla`, `onay`, `evet`), folded.
    private static let confirmations: Set<String> = Set(["confirm", "yes", "onayla", "onay", "evet"].map(Fold.key))

    /// Words that remove a list's icon in place of the emoji (`list icon groceries none`), folded.
    private static let noIcon: Set<String> = Set(
        ["none", "no", "off", "remove", "clear", "yok", "hiç", "kaldır", "sil"].map(Fold.key))

    /// Words that mean "the list" itself, so `listeyi göster` shows the default list.
    private static let listItself: Set<String> = ["list", "liste", "listeyi"]

    /// `list [add <name> | rename <old> to <new> | delete <name> [confirm] | show [name] | <name>]`.
    ///
    /// A name that is not a subcommand shows that list; subcommand words are therefore reserved.
    static func list(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        guard let first = args.first else { return .success(.show(list: nil)) }
        var rest = args.dropFirst()
        let sub: Sub
        if first.key == "yeniden", let next = rest.first, next.key == Fold.key("adlandır") {
            sub = .rename
            rest = rest.dropFirst()
        } else if let found = subs[first.key] {
            sub = found
        } else {
            return .success(.show(list: showName(args, context: context)))
        }
        switch sub {
        case .show: return .success(.show(list: showName(rest, context: context)))
        case .add:
            guard !rest.isEmpty else { return .failure(Verb.list.usage) }
            return .success(.list(.add(String(rest.typed))))
        case .rename: return rename(rest, context: context)
        case .delete: return delete(rest, context: context)
        case .clear:
            guard !rest.isEmpty else { return .failure(Verb.list.usage) }
            return .success(.list(.clear(listName(rest, context: context))))
        case .icon: return icon(rest, context: context)
        }
    }

    /// `show [list]`, verb first or last: `show groceries`, `göster market`, `marketi göster`.
    static func show(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        .success(.show(list: showName(args, context: context)))
    }

    /// The list a show command names: a known list (bare, `market listesi`, or accusative `marketi`),
    /// else the words as typed minus an apostrophe ending; nil for none or for "the list" itself.
    private static func showName(_ args: ArraySlice<Word>, context: ParseContext) -> String? {
        guard !args.isEmpty else { return nil }
        if args.count == 1 && listItself.contains(args[args.startIndex].key) { return nil }
        if let known = context.lists.match(args, as: .bare) ?? context.lists.match(args, as: .accusative) {
            return known
        }
        return String(TurkishSuffix.strippingApostropheEnding(Substring(args.spaced)))
    }

    /// A list reference that need not be known: the known spelling if it is, else the words as typed.
    private static func listName(_ args: ArraySlice<Word>, context: ParseContext) -> String {
        context.lists.match(args, as: .bare) ?? args.spaced
    }

    /// `rename <old> (to|->|=>|→|>) <new>`, or `rename <known list> <new>`, or `rename <one> <two>`.
    ///
    /// With several separators, the first one whose left side is a known list splits; otherwise the
    /// first arrow, otherwise the first `to`.
    private static func rename(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        let separators = Separator.inner(args)
        let split =
            separators.first { context.lists.match(args[args.startIndex..<$0], as: .bare) != nil }
            ?? Separator.preferred(separators, in: args)
        if let split {
            let old = listName(args[args.startIndex..<split], context: context)
            return .success(.list(.rename(old, to: String(args[(split + 1)...].typed))))
        }
        guard args.count >= 2 else { return .failure(Verb.list.usage) }
        // No separator: the longest leading known list name, else exactly two words.
        var end = Swift.min(args.endIndex - 1, args.startIndex + context.lists.maxWords)
        while end > args.startIndex {
            if let old = context.lists.match(args[args.startIndex..<end], as: .bare) {
                return .success(.list(.rename(old, to: String(args[end...].typed))))
            }
            end -= 1
        }
        guard args.count == 2 else { return .failure(Verb.list.usage) }
        return .success(
            .list(.rename(String(args[args.startIndex].text), to: String(args[args.startIndex + 1].text))))
    }

    /// `icon <list> [<emoji> | none | yok]`: the longest leading known list, the rest the emoji as typed
    /// (so `list icon groceries 🛒 🍎` reaches the handler as two emoji, and is refused there); with no
    /// known list, the last word is the emoji. No emoji, or a removal word, removes the icon.
    private static func icon(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        guard !args.isEmpty else { return .failure(Verb.list.usage) }
        var end = Swift.min(args.endIndex, args.startIndex + context.lists.maxWords)
        var split: Int? = nil
        while end > args.startIndex {
            if context.lists.match(args[args.startIndex..<end], as: .bare) != nil {
                split = end
                break
            }
            end -= 1
        }
        if split == nil && args.count >= 2 { split = args.endIndex - 1 }
        let cut = split ?? args.endIndex
        let name = listName(args[args.startIndex..<cut], context: context)
        let emoji = args[cut...]
        if emoji.isEmpty || (emoji.count == 1 && noIcon.contains(emoji[emoji.startIndex].key)) {
            return .success(.list(.icon(name, emoji: nil)))
        }
        return .success(.list(.icon(name, emoji: String(emoji.typed))))
    }

    /// `delete <name> [confirm|yes|onayla|onay|evet]`.
    private static func delete(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        guard let last = args.last else { return .failure(Verb.list.usage) }
        if args.count >= 2 && confirmations.contains(last.key) {
            return .success(.list(.delete(listName(args.dropLast(), context: context), confirmed: true)))
        }
        return .success(.list(.delete(listName(args, context: context), confirmed: false)))
    }
}
