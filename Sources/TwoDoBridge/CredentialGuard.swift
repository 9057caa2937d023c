// Recognizes lines that carry a secret (`login`, `register`, `passwd`, `resume` and their Turkish spellings).

/// Spots account commands so the bridge can refuse them outside private messages.
///
/// The verbs are those the TwoDo parser accepts for the three account commands, compared after the
/// same kind of folding (case, Turkish letters), so `LOGIN`, `Giriş` and `giris` are all caught.
public enum CredentialGuard {
    /// Folded spellings of `register`, `login`, `passwd` and `resume`, English and Turkish.
    static let verbs: Set<String> = [
        "register", "kaydol", "kayit",
        "login", "giris", "gir",
        "passwd", "password", "sifre", "parola",
        "resume",
    ]

    /// Folded two-word spellings (`oturumu sürdür <token>`).
    static let twoWordVerbs: Set<String> = ["oturumu surdur"]

    /// Whether the first word of `line` (after any `@id=` tag) is an account verb.
    public static func carriesCredentials(_ line: String) -> Bool {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard let verb = words.first else { return false }
        if verbs.contains(fold(verb)) { return true }
        guard words.count > 1 else { return false }
        return twoWordVerbs.contains(fold(verb) + " " + fold(words[words.startIndex + 1]))
    }

    /// Lower case with the Turkish letters mapped to their ASCII look-alikes (`Şİfre` → `sifre`).
    public static func fold(_ word: some StringProtocol) -> String {
        var out = ""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "ş", "Ş": out += "s"
            case "ı", "I", "İ", "i": out += "i"
            case "ğ", "Ğ": out += "g"
            case "ç", "Ç": out += "c"
            case "ö", "Ö": out += "o"
            case "ü", "Ü": out += "u"
            case "\u{0307}": continue  // the dot of a decomposed İ
            default: out += String(scalar).lowercased()
            }
        }
        return out
    }
}
