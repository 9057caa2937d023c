// `add … #tools` naming a list nobody made: the question that names the lists, and `yes`/`evet` after it.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// The most list names the question shows; more are cut to `…`.
    static let unknownListNamesShown = 10

    /// `name` with the Turkish dative ending after an apostrophe, by the last vowel: `Inbox'a`, `Ev'e`,
    /// `Bahçe'ye` (a buffer `y` after a vowel), and `Gelen Kutusu'na` (a compound of several words whose
    /// last one ends in the possessive `-sı/-si/-su/-sü` takes the buffer `n`).
    static func turkishDative(_ name: String) -> String {
        let back: Set<Character> = ["a", "ı", "o", "u", "A", "I", "O", "U"]
        let front: Set<Character> = ["e", "i", "ö", "ü", "E", "İ", "Ö", "Ü"]
        let isVowel = { (c: Character) in back.contains(c) || front.contains(c) }
        let lastVowel = name.last(where: isVowel)
        let vowel = lastVowel.map { back.contains($0) ? "a" : "e" } ?? "e"
        guard let last = name.last, isVowel(last) else { return name + "'" + vowel }
        let beforeLast = name.dropLast().last
        let compound = name.contains(" ") && (beforeLast == "s" || beforeLast == "S")
        return name + "'" + (compound ? "n" : "y") + vowel
    }
}

extension Tasks {
    /// `.addToUnknownList`: asks whether to add to the default list instead, naming the space's lists, and keeps
    /// the plain add as the session's `pendingSuggestion` (`yes`/`evet` on this session runs it).
    ///
    /// A list of that name made since the line was parsed is simply used. Only the user's own space is named,
    /// so the question never shows another couple's lists; the echoed name is cut to the longest list name
    /// (`TextRules.nameLimit` characters, then `…`), so a 2,000-character `#name` is not echoed whole.
    func unknownList(_ name: String, add: Command, user: User, on c: CommandContext) throws -> Reply {
        guard case .add(let raw, _, let details) = add else { preconditionFailure("the plain add of an unknown list") }
        if let list = try store.list(named: name, in: user.space) {
            return try task(.add(title: raw, list: list.name, details: details), user: user, on: c)
        }
        let title: String
        do {
            title = try cleaned(raw, limit: TextRules.titleLimit, c)
        } catch {
            return error.reply
        }
        let names = try store.listNames(in: user.space)
        let shown = Array(names.prefix(Handlers.unknownListNamesShown))
        let listText = shown.joined(separator: ", ") + (names.count > shown.count ? ", …" : "")
        let home = try store.defaultList(in: user.space)
        let echo = name.count > TextRules.nameLimit ? String(name.prefix(TextRules.nameLimit)) + "…" : name
        c.pendingSuggestion = add
        // Turkish asks `"tohum" Inbox'a eklensin mi?`: the default list's name in the dative.
        let args = [
            "name": echo, "lists": listText, "title": title,
            "default": c.lang == .tr ? Handlers.turkishDative(home.name) : home.name,
        ]
        return .failure(
            .errorNoSuchList, t(c, .errorNoSuchList, args),
            data: .object([
                ("list", .string(echo)), ("title", .string(title)), ("default_list", .string(home.name)),
                ("lists", .array(shown.map(JSONValue.string))), ("more_lists", .bool(names.count > shown.count)),
                ("answer", .string(c.lang == .tr ? "evet" : "yes")),
            ]))
    }
}
