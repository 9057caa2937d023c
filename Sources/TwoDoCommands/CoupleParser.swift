// `couple` / `çift` and its subcommands, plus the shortcuts `invite`, `join` and `çiftten ayrıl`.

import TwoDoCore

/// Parses couple commands.
enum CoupleParser {
    private enum Sub {
        case show, create, join, rename, leave
    }

    /// Subcommand words by folding key (both languages).
    private static let subs: [String: Sub] = {
        var map: [String: Sub] = [:]
        for w in ["show", "göster"] { map[Fold.key(w)] = .show }
        for w in ["create", "new", "oluştur", "kur", "yeni"] { map[Fold.key(w)] = .create }
        for w in ["join", "katıl"] { map[Fold.key(w)] = .join }
        for w in ["rename", "adlandır"] { map[Fold.key(w)] = .rename }
        for w in ["leave", "ayrıl"] { map[Fold.key(w)] = .leave }
        return map
    }()

    /// `couple [show | create [name] | join <code> | rename <name> | leave]`.
    static func couple(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first else { return .success(.couple(.show)) }
        var rest = args.dropFirst()
        let sub: Sub
        if first.key == "yeniden", let next = rest.first, next.key == Fold.key("adlandır") {
            sub = .rename
            rest = rest.dropFirst()
        } else if let found = subs[first.key] {
            sub = found
        } else {
            return .failure(Verb.couple.usage)
        }
        switch sub {
        case .show: return AccountParser.bare(.couple, rest, .couple(.show))
        case .leave: return leave(rest)
        case .create: return .success(.couple(.create(name: rest.isEmpty ? nil : String(rest.typed))))
        case .join: return join(rest)
        case .rename:
            guard !rest.isEmpty else { return .failure(Verb.couple.usage) }
            return .success(.couple(.rename(String(rest.typed))))
        }
    }

    /// `leave [confirm]` / `ayrıl [onayla]`.
    static func leave(_ rest: ArraySlice<Word>) -> Result<Command, ParseError> {
        if rest.isEmpty { return .success(.couple(.leave(confirmed: false))) }
        if rest.count == 1, ["confirm", "onayla", "onay", "evet"].contains(where: { Fold.key($0) == rest.first!.key }) {
            return .success(.couple(.leave(confirmed: true)))
        }
        return .failure(Verb.couple.usage)
    }

    /// `join <code>`: the code as typed (dashes, spaces, case free).
    ///
    /// Any text is passed on, even one that cannot be an invite code: the server answers
    /// `error.invite_invalid` and counts the attempt towards the invite throttle, so guessing is throttled the
    /// same way whatever is typed.
    static func join(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard !args.isEmpty else { return .failure(Verb.couple.usage) }
        return .success(.couple(.join(code: String(args.typed))))
    }
}
