// A line that asks ("what's on today", "bugün ne var", "my tasks?", "tüm görevler") gets the view it asks for,
// never a task named after the question.

/// Reads questions about the tasks as views: today, tomorrow, overdue, this week, mine, or everything.
///
/// Conservative: a line is a question only when every word belongs to the small vocabulary of asking (question
/// words, "is/are/do/I/have/on/for/there", the time words, "my/tasks") — so `what to buy for the party` is
/// not taken for one — or when it is one of the fixed phrases (`show my tasks`, `all tasks`, `görevlerim`,
/// `tüm görevler`). A question the reader does not know gets no view, and the handlers do not offer it as a task.
enum QuestionParser {
    /// The view a question asks for, or nil when the line is not one of the questions known here.
    static func parse(_ words: [Word]) -> Result<Command, ParseError>? {
        // Most lines are no question: a long one is refused before any word is folded or joined.
        guard words.count <= 8 else { return nil }
        let keys = keys(of: words)
        guard !keys.isEmpty else { return nil }
        if let view = phrases[keys.joined(separator: " ")] { return .success(.view(view)) }
        let asks = keys.contains { questionWords.contains($0) } || words.last?.text.hasSuffix("?") == true
        guard asks, keys.allSatisfy({ vocabulary.contains($0) }) else { return nil }
        return .success(.view(view(asked: keys)))
    }

    /// Whether a line asks something (a question word first, or `?` at its end): the handlers never offer such
    /// a line as a task, whatever else it holds.
    static func isQuestion(_ line: Substring) -> Bool {
        var s = line
        while s.last == " " { s = s.dropLast() }
        if s.last == "?" { return true }
        guard let first = s.split(separator: " ").first else { return false }
        return questionStarts.contains(strip(Fold.key(first)))
    }

    /// The folded words of a line, apostrophes and question marks dropped (`what's` → `whats`, `var?` → `var`).
    private static func keys(of words: [Word]) -> [String] {
        words.map { strip($0.key) }.filter { !$0.isEmpty }
    }

    private static func strip(_ key: String) -> String {
        String(
            key.unicodeScalars.filter { $0 != "'" && $0 != "?" && $0 != "!" && $0 != "," && $0 != "." }.map(
                Character.init))
    }

    /// The time (or person) a question names; everything when it names none.
    private static func view(asked keys: [String]) -> TaskView {
        let set = Set(keys)
        if !set.isDisjoint(with: ["today", "tonight", "bugun", "bugunku"]) { return .today }
        if !set.isDisjoint(with: ["tomorrow", "yarin", "yarinki"]) { return .tomorrow }
        if !set.isDisjoint(with: ["overdue", "late", "geciken", "gecikenler", "gecikmis"]) { return .overdue }
        if !set.isDisjoint(with: ["week", "upcoming", "soon", "hafta", "yaklasan", "yaklasanlar"]) { return .upcoming }
        if !set.isDisjoint(with: ["my", "mine", "benim", "gorevlerim", "islerim"]) { return .mine }
        return .agenda
    }

    /// Words that make a line a question.
    private static let questionWords: Set<String> = [
        "what", "whats", "whatre", "which", "anything", "ne", "neler", "hangi", "hangileri", "var",
    ]
    /// First words that make a line a question (for `isQuestion`).
    private static let questionStarts: Set<String> = [
        "what", "whats", "whatre", "which", "when", "where", "who", "whos", "why", "how", "anything", "is", "are",
        "do", "does", "ne", "neler", "hangi", "nerede", "kim", "neden", "nasil",
    ]
    /// Every word a question read here may hold.
    private static let vocabulary: Set<String> = questionWords.union([
        // English
        "is", "are", "s", "on", "do", "does", "did", "i", "we", "you", "have", "got", "there", "for", "due", "to",
        "left", "up", "my", "mine", "me", "our", "today", "tonight", "tomorrow", "this", "week", "overdue", "late",
        "upcoming", "soon", "next", "coming", "else", "todo", "tasks", "task", "need", "should", "the", "planned",
        "going",
        // Turkish
        "bugun", "bugunku", "yarin", "yarinki", "bu", "hafta", "haftaki", "geciken", "gecikenler", "gecikmis",
        "yaklasan", "yaklasanlar", "benim", "bizim", "gorev", "gorevler", "gorevlerim", "is", "isler", "islerim",
        "yapacagim", "yapacagiz", "yapilacak", "yapilacaklar", "yok", "mi", "mı", "icin", "baska", "kaldi",
    ])
    /// Fixed phrases, folded, without `?`.
    private static let phrases: [String: TaskView] = [
        "show my tasks": .mine, "show me my tasks": .mine, "my tasks": .mine, "my todo": .mine, "my todos": .mine,
        "my list": .mine, "show mine": .mine, "gorevlerim": .mine, "islerim": .mine, "benim gorevlerim": .mine,
        "gorevlerimi goster": .mine, "benim islerim": .mine,
        "all tasks": .agenda, "show all": .agenda, "show all tasks": .agenda, "show everything": .agenda,
        "everything": .agenda, "todo": .agenda, "to do": .agenda, "todos": .agenda, "todo list": .agenda,
        "tum gorevler": .agenda, "butun gorevler": .agenda, "tum isler": .agenda, "tumu": .agenda,
        "hepsi": .agenda, "tum gorevleri goster": .agenda, "yapilacaklar": .agenda,
    ]
}
