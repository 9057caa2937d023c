// The Matrix bridge's own messages (English and Turkish) and the splitting of long replies.

/// What the Matrix bridge says by itself, and how it cuts TwoDo's replies into Matrix messages.
///
/// Messages shared with the IRC bridge (server gone, back, unreachable) come from `BridgeText`.
public enum MatrixText {
    /// The keys of the Matrix bridge's own messages.
    public enum Key: Sendable {
        case welcome, notPrivate, tooManyLines, encrypted
    }

    /// The message for `key` in `lang` (`en`, `tr`, or nil for both), with `{count}` filled in.
    public static func text(_ key: Key, lang: String?, count: Int = 0) -> String {
        let (en, tr) = pair(key)
        let chosen: String
        switch lang {
        case "en": chosen = en
        case "tr": chosen = tr
        default: chosen = en + "\n" + tr
        }
        return chosen.replacingOccurrences(of: "{count}", with: "\(count)")
    }

    private static func pair(_ key: Key) -> (String, String) {
        switch key {
        case .welcome:
            return (
                "Hello! I carry TwoDo into this chat. New here: register <name> <password>. Back: login <name> <password>. Then: help.",
                "Merhaba! TwoDo'yu bu sohbete taşıyorum. Yeniysen: kaydol <ad> <şifre>. Döndüysen: giriş <ad> <şifre>. Sonra: yardım."
            )
        case .notPrivate:
            return (
                "This room has more people than you and me, so I am leaving it: passwords must stay private. Invite me to a direct chat instead.",
                "Bu odada ikimizden fazla kişi var, bu yüzden ayrılıyorum: şifreler gizli kalmalı. Beni bunun yerine doğrudan sohbete davet et."
            )
        case .encrypted:
            return (
                "This chat is end-to-end encrypted, and I cannot read encrypted messages. Start a new chat with me with encryption off.",
                "Bu sohbet uçtan uca şifreli ve ben şifreli mesajları okuyamıyorum. Benimle şifreleme kapalı yeni bir sohbet başlat."
            )
        case .tooManyLines:
            return (
                "That message had too many lines; I passed on the first {count}.",
                "Bu mesajda çok fazla satır vardı; ilk {count} satırı ilettim."
            )
        }
    }

    /// `text` as message bodies of at most `maxBytes` UTF-8 bytes: whole lines are packed together,
    /// and a line too long on its own is cut at spaces (or between characters) by `LineSplitter`.
    public static func chunks(_ text: String, maxBytes: Int) -> [String] {
        var result: [String] = []
        var current = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let pieces = line.utf8.count <= maxBytes ? [line] : LineSplitter.split(line, maxBytes: maxBytes)
            for piece in pieces {
                if current.isEmpty {
                    current = piece
                } else if current.utf8.count + 1 + piece.utf8.count <= maxBytes {
                    current += "\n" + piece
                } else {
                    result.append(current)
                    current = piece
                }
            }
        }
        if !current.allSatisfy({ $0 == " " || $0 == "\n" }) { result.append(current) }
        return result.filter { !$0.allSatisfy { $0 == " " || $0 == "\n" } }
    }

    /// HTML for text laid out in columns (a month grid, a table), which clients would otherwise show in a
    /// proportional font with its spaces collapsed: `<pre><code>…</code></pre>`. Nil for ordinary text.
    ///
    /// Columns are recognized by at least two lines with a run of two spaces after their first word.
    public static func preformattedHTML(_ text: String) -> String? {
        let columnar = text.split(separator: "\n").filter { line in
            let body = line.drop { $0 == " " }
            return body.contains("  ")
        }
        guard columnar.count >= 2 else { return nil }
        var escaped = ""
        for c in text {
            switch c {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(c)
            }
        }
        return "<pre><code>" + escaped + "</code></pre>"
    }
}
