// The bridge's own messages to IRC users, in English and Turkish.

import Foundation

/// What the bridge says by itself (TwoDo's replies come from the server, already localized).
///
/// Before a user has logged in the bridge does not know their language and says both.
public enum BridgeText {
    /// The keys of the bridge's messages.
    public enum Key: Sendable {
        case serverGone, serverBack, serverUnreachable, stillReconnecting, serverGoneResuming, resumed
        case credentialsInChannel, privateOnly, shareNeedsLogin, shareNeedsChannel, shared, unshared, ircLost, jsonFixed
    }

    /// The message for `key` in `lang` (`en`, `tr`, or nil for both), with `{nick}`, `{bot}` and `{channel}` filled in.
    public static func text(
        _ key: Key, lang: String?, nick: String = "", bot: String = "", channel: String = ""
    )
        -> String
    {
        let (en, tr) = pair(key)
        let chosen: String
        switch lang {
        case "en": chosen = en
        case "tr": chosen = tr
        default: chosen = en + " / " + tr
        }
        return chosen.replacingOccurrences(of: "{nick}", with: nick).replacingOccurrences(of: "{bot}", with: bot)
            .replacingOccurrences(of: "{channel}", with: channel)
    }

    private static func pair(_ key: Key) -> (String, String) {
        switch key {
        case .serverGone:
            return (
                "The TwoDo server went away; you are logged out. I am reconnecting.",
                "TwoDo sunucusu gitti; oturumun kapandı. Yeniden bağlanıyorum."
            )
        case .serverBack:
            return (
                "TwoDo is back. Please log in again: login <name> <password>",
                "TwoDo geri geldi. Lütfen yeniden giriş yap: giriş <ad> <şifre>"
            )
        case .serverGoneResuming:
            return (
                "The TwoDo server went away. I am reconnecting and will log you back in.",
                "TwoDo sunucusu gitti. Yeniden bağlanıyorum, seni yeniden giriş yaptıracağım."
            )
        case .resumed:
            return (
                "TwoDo is back, and you are still logged in as {nick}.",
                "TwoDo geri geldi; hâlâ {nick} olarak giriş yapmış durumdasın."
            )
        case .serverUnreachable:
            return (
                "I cannot reach the TwoDo server right now. Try again in a moment.",
                "Şu an TwoDo sunucusuna ulaşamıyorum. Birazdan yeniden dene."
            )
        case .stillReconnecting:
            return (
                "The TwoDo server is still away; I will tell you when it is back.",
                "TwoDo sunucusu hâlâ yok; geri gelince sana haber vereceğim."
            )
        case .credentialsInChannel:
            return (
                "Never send passwords in a channel: I did not pass that on. Use a private message: /msg {bot} login <name> <password>. If that was your real password, change it (passwd <old> <new>).",
                "Şifreni asla kanala yazma: bunu iletmedim. Özel mesaj kullan: /msg {bot} giriş <ad> <şifre>. Gerçek şifrense değiştir (şifre <eski> <yeni>)."
            )
        case .privateOnly:
            return (
                "I take commands in private messages: /msg {bot} help",
                "Komutları özel mesajla alıyorum: /msg {bot} yardım"
            )
        case .shareNeedsLogin:
            return (
                "Log in first, in a private message to me: /msg {bot} login <name> <password>",
                "Önce bana özel mesajla giriş yap: /msg {bot} giriş <ad> <şifre>"
            )
        case .shareNeedsChannel:
            return (
                "Say \"share here\" in {channel} to have your couple's updates announced there.",
                "Çiftinizin haberlerinin {channel} kanalında duyurulması için orada \"burada paylaş\" yaz."
            )
        case .shared:
            return (
                "{nick}'s couple updates will be announced here. \"share off\" stops it.",
                "{nick} ve eşinin haberleri burada duyurulacak. \"paylaşma\" ile durur."
            )
        case .unshared:
            return (
                "{nick}'s couple updates are no longer announced here.",
                "{nick} ve eşinin haberleri artık burada duyurulmayacak."
            )
        case .jsonFixed:
            return (
                "The bridge keeps JSON mode on to tell replies from events; what you see here is already plain text.",
                "Köprü yanıtları olaylardan ayırmak için JSON modunu açık tutar; burada gördüğün zaten düz metin."
            )
        case .ircLost:
            return (
                "I lost my IRC connection, so your TwoDo session ended. Log in again: /msg {bot} login <name> <password>",
                "IRC bağlantım koptu, TwoDo oturumun kapandı. Yeniden giriş yap: /msg {bot} giriş <ad> <şifre>"
            )
        }
    }
}
