// The localization catalogs (en, tr), compiled into the binary, and placeholder substitution.

import Foundation
import TwoDoCore
import TwoDoProtocol

/// Localized user-facing text. Every key exists in every language (a test enforces it).
public enum Catalog {
    /// The parsed catalogs, by language. Loaded once from bytes embedded in the binary.
    public static let tables: [Language: [String: String]] = [
        .en: load(PackageResources.strings_en_json),
        .tr: load(PackageResources.strings_tr_json),
    ]

    private static func load(_ bytes: [UInt8]) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)), let table = object as? [String: String]
        else {
            preconditionFailure("an embedded catalog is not a JSON object of strings")
        }
        return table
    }

    /// Whether `key` exists in the catalogs.
    static func has(_ key: String) -> Bool { tables[.en]?[key] != nil }

    /// The text for a key read back from storage (an inbox row keeps its catalog key as text): a key this
    /// build no longer has shows as itself rather than failing the listing.
    public static func text(storedKey key: String, _ lang: Language, _ args: [String: String] = [:]) -> String {
        text(key, lang, args)
    }

    /// The text for `key` in `lang` with `{placeholder}`s replaced from `args`.
    ///
    /// Internal: code outside the catalogs names keys as `TextKey`s (the compiler checks them) or, for
    /// keys read back from storage, through `text(storedKey:)`. A missing key falls back to English and
    /// then to the key itself rather than crashing a server.
    static func text(_ key: String, _ lang: Language, _ args: [String: String] = [:]) -> String {
        let template = tables[lang]?[key] ?? tables[.en]?[key] ?? key
        return substitute(template, args)
    }

    /// The text for `key` in `lang` with `{placeholder}`s replaced from `args`.
    public static func text(_ key: TextKey, _ lang: Language, _ args: [String: String] = [:]) -> String {
        text(key.rawValue, lang, args)
    }

    /// The text of `message` in `lang`.
    public static func text(_ message: Message, _ lang: Language) -> String {
        text(message.key.rawValue, lang, message.args)
    }

    /// Replaces each `{name}` in `template` with `args[name]`; unknown placeholders stay as written.
    ///
    /// Works on UTF-8 bytes: `String.contains("{")` and `firstIndex(of:)` on characters went through
    /// Foundation's string search and grapheme breaking, a measurable share of the server's CPU under load.
    public static func substitute(_ template: String, _ args: [String: String]) -> String {
        let utf8 = template.utf8
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        guard utf8.contains(open) else { return template }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        var rest = utf8.startIndex
        while let start = utf8[rest...].firstIndex(of: open), let end = utf8[start...].firstIndex(of: close) {
            // Braces are ASCII, so every index here is on a character boundary.
            out += template[rest..<start]
            let name = String(template[utf8.index(after: start)..<end])
            if let value = args[name] { out += value } else { out += template[start...end] }
            rest = utf8.index(after: end)
        }
        out += template[rest...]
        return out
    }

    /// The `{placeholder}` names used by a template.
    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
