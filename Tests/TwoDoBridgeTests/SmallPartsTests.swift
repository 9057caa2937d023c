// The bridge's small parts: TwoDo JSON lines, host:port endpoints, credential and share commands.

import Testing
import TwoDoBridge

@Suite("Bridge parts", .timeLimit(.minutes(1)))
struct SmallPartsTests {
    @Test("TwoDo JSON lines decode into replies, events or nothing")
    func twodoLines() {
        #expect(
            TwoDoLine(
                parsing:
                    #"{"type":"reply","id":"7","ok":true,"code":"auth.logged_in","text":"Hi","data":{"name":"ayşe","lang":"tr"}}"#
            )
                == .reply(.init(id: "7", ok: true, code: "auth.logged_in", text: "Hi", name: "ayşe", lang: "tr")))
        #expect(
            TwoDoLine(
                parsing: #"{"type":"event","event":"task.added","actor":"bob","text":"bob added milk","data":{"id":1}}"#
            )
                == .event(.init(name: "task.added", actor: "bob", text: "bob added milk")))
        #expect(TwoDoLine(parsing: "Welcome to TwoDo!") == .other)
        #expect(TwoDoLine(parsing: #"{"type":"mystery"}"#) == .other)
        #expect(TwoDoLine(parsing: "{broken") == .other)
    }

    @Test(
        "host:port endpoints parse, bracketed IPv6 included",
        arguments: [
            ("127.0.0.1:6667", Endpoint(host: "127.0.0.1", port: 6667)),
            ("irc.libera.chat:6697", Endpoint(host: "irc.libera.chat", port: 6697)),
            ("[::1]:7878", Endpoint(host: "::1", port: 7878)), ("localhost", nil), ("host:0", nil), ("host:70000", nil),
            (":6667", nil), ("::1:6667", nil), ("[::1]6667", nil),
        ])
    func endpoints(text: String, expected: Endpoint?) {
        #expect(Endpoint(parsing: text) == expected)
    }

    @Test(
        "account verbs are spotted in English and Turkish, in any case",
        arguments: [
            ("login a b", true), ("LOGIN a b", true), ("register a b", true), ("passwd a b", true),
            ("password a b", true),
            ("giriş a b", true), ("GİRİŞ a b", true), ("giris a b", true), ("kaydol a b", true), ("kayıt a b", true),
            ("şifre a b", true), ("parola a b", true), ("@id=1 login a b", true),
            ("add login page", false), ("logins", false), ("show", false), ("", false), ("süt ekle", false),
            ("resume ABCD", true), ("RESUME abcd", true), ("oturumu sürdür ABCD", true), ("Oturumu Sürdür x", true),
            ("oturumu kapat", false), ("rutin devam yürüyüş", false),
        ])
    func credentials(line: String, expected: Bool) {
        #expect(CredentialGuard.carriesCredentials(line) == expected)
    }

    @Test(
        "share commands in both languages",
        arguments: [
            ("share here", ShareCommand.share), ("Share  Here", .share), ("burada paylaş", .share),
            ("BURADA PAYLAŞ", .share),
            ("share off", .unshare), ("unshare", .unshare), ("paylaşma", .unshare), ("share", nil), ("share milk", nil),
        ])
    func shareCommands(line: String, expected: ShareCommand?) {
        #expect(ShareCommand(line) == expected)
    }
}
