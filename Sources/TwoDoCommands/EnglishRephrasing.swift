// English word orders people type for commands that have one canonical form: `mark … as done`, `check off …`,
// `rename … to …`, `clear done`, `remind me in 2 minutes to …` (or any time before `to`), `move … to <date>`.

/// Reads an English phrasing as the canonical command line it means, and parses that.
///
/// Each form is matched on its own fixed words (first word, and `as done`, `off`, `to`, `in` where they must
/// be), so a title holding those words elsewhere is never bent: `add check off list` stays an add.
enum EnglishRephrasing {
    static func parse(_ words: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        let keys = words.map(\.key)
        guard let first = keys.first, keys.count >= 2 else { return nil }
        let texts = words.map { String($0.text) }
        func rest(_ range: Range<Int>) -> String { texts[range].joined(separator: " ") }
        func reparse(_ line: String) -> Result<Command, ParseError>? {
            switch Parser.parseLine(line, context: context) {
            case .success(let command): return .success(command)
            case .failure: return nil
            }
        }
        switch first {
        case "mark":
            // `mark stretch as done`, `mark 2 done`, `mark stretch as not done` / `as undone` / `as open`.
            guard keys.count >= 3 else { return nil }
            let tails: [([String], String)] = [
                (["as", "not", "done"], "undone"), (["as", "undone"], "undone"), (["as", "open"], "undone"),
                (["not", "done"], "undone"), (["as", "done"], "done"), (["as", "complete"], "done"),
                (["as", "completed"], "done"), (["as", "finished"], "done"), (["done"], "done"),
                (["complete"], "done"),
            ]
            for (tail, verb) in tails where keys.count > tail.count + 1 && Array(keys.suffix(tail.count)) == tail {
                return reparse(verb + " " + rest(1..<(keys.count - tail.count)))
            }
            return nil
        case "check", "tick", "cross":
            // `check off water plants`, `tick off 2`, `check water plants off`.
            if keys[1] == "off", keys.count >= 3 { return reparse("done " + rest(2..<keys.count)) }
            if keys.last == "off", keys.count >= 3 { return reparse("done " + rest(1..<(keys.count - 1))) }
            return nil
        case "rename":
            // `rename groceries to market` (a list), `rename stretch to long stretch` (a task).
            guard let to = keys.lastIndex(of: "to"), to > 1, to < keys.count - 1 else { return nil }
            let old = rest(1..<to)
            let new = rest((to + 1)..<keys.count)
            if context.listNames.contains(where: { Fold.key($0) == Fold.key(old) }) {
                return reparse("list rename \(old) to \(new)")
            }
            return reparse("edit \(old) to \(new)")
        case "clear":
            // `clear done`, `clear done tasks`, `clear completed`, `clear done in groceries`, `clear done groceries`.
            guard ["done", "completed", "finished"].contains(keys[1]) else { return nil }
            var from = 2
            if from < keys.count, ["tasks", "ones", "items"].contains(keys[from]) { from += 1 }
            if from < keys.count, ["in", "from", "on"].contains(keys[from]) { from += 1 }
            return .success(.list(.clear(from < keys.count ? rest(from..<keys.count) : "")))
        case "remind":
            // `remind me in 2 minutes to stretch` → `remind me to stretch in 2 minutes`.
            if keys.count >= 6, keys[1] == "me", keys[2] == "in",
                let to = keys[3...].firstIndex(of: "to"), to > 3, to < keys.count - 1
            {
                return reparse("remind me to \(rest((to + 1)..<keys.count)) in \(rest(3..<to))")
            }
            // `remind me tomorrow at 9 to pay rent`, `remind bob at 8pm to call mom`: the same, when the words
            // between the person and `to` are only a time (a stand-in title keeps nothing of them). Both lines
            // re-read have `to` third, which this branch leaves alone: no reading comes back here.
            guard keys.count >= 5, keys[2] != "to",
                keys[1] == "me" || keys[1] == "us" || context.members.match(words[1..<2], as: .bare) != nil,
                let to = keys[3...].firstIndex(of: "to"), to < keys.count - 1,
                case .success(.add("x", _, let details))? = reparse("remind \(texts[1]) to x \(rest(2..<to))"),
                details.due != nil || !details.reminders.isEmpty
            else { return nil }
            return reparse("remind \(texts[1]) to \(rest((to + 1)..<keys.count)) \(rest(2..<to))")
        case "move":
            // `move water plants to tomorrow`: no list of that name, but a date: the task's due date.
            guard let to = keys.lastIndex(of: "to"), to > 1, to < keys.count - 1 else { return nil }
            let target = rest((to + 1)..<keys.count)
            guard !context.listNames.contains(where: { Fold.key($0) == Fold.key(target) }),
                case .success(let command)? = reparse("due \(rest(1..<to)) \(target)"),
                case .due(_, .some) = command
            else { return nil }
            return .success(command)
        default:
            return nil
        }
    }
}
