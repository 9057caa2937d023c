// Account lifecycle rows (issue 14 items 2, 3, 8): account delete, forgot, approve reset, reset and resume, in both
// languages.

import TwoDoCommands

extension Corpus {
    /// English account deletion and password reset lines.
    static let englishAccountLifecycle: [Row] = [
        ok("account delete", .accountDelete(password: nil)),
        ok("ACCOUNT DELETE", .accountDelete(password: nil)),
        ok("account delete confirm s3cret-pw", .accountDelete(password: "s3cret-pw")),
        ok("account remove confirm s3cret-pw", .accountDelete(password: "s3cret-pw")),
        fail("account", .usage(verb: "account")),
        fail("account delete confirm", .usage(verb: "account")),
        fail("account delete confirm two words", .usage(verb: "account")),
        fail("account rename bob", .usage(verb: "account")),
        ok("forgot alice", .forgot(name: "alice")),
        ok("forgot password alice", .forgot(name: "alice")),
        fail("forgot", .usage(verb: "forgot")),
        fail("forgot alice bob", .usage(verb: "forgot")),
        ok("approve reset alice", .approveReset(name: "alice")),
        fail("approve reset", .usage(verb: "approve reset")),
        ok(
            "reset alice K7QM-2XHD-9PWA-RT4B new-pass-99",
            .reset(name: "alice", code: "K7QM-2XHD-9PWA-RT4B", password: "new-pass-99")),
        ok(
            "reset alice K7QM 2XHD 9PWA RT4B new-pass-99",
            .reset(name: "alice", code: "K7QM2XHD9PWART4B", password: "new-pass-99")),
        fail("reset alice new-pass-99", .usage(verb: "reset")),
        fail("reset", .usage(verb: "reset")),
        // issue 14 item 8: resume tokens (the token as typed; the server checks it)
        ok("resume K7QM2XHD9PWART4BK7QM2XHD9PWART4B", .resume(token: "K7QM2XHD9PWART4BK7QM2XHD9PWART4B")),
        ok("RESUME k7qm2xhd", .resume(token: "k7qm2xhd")),
        fail("resume", .usage(verb: "resume")),
        fail("resume two words", .usage(verb: "resume")),
    ]

    /// Turkish account deletion and password reset lines.
    static let turkishAccountLifecycle: [Row] = [
        ok("hesap sil", .accountDelete(password: nil)),
        ok("hesabımı sil", .accountDelete(password: nil)),
        ok("HESAP SİL", .accountDelete(password: nil)),
        ok("hesap sil onayla gizli-şifre", .accountDelete(password: "gizli-şifre")),
        fail("hesap sil onayla", .usage(verb: "account")),
        ok("şifremi unuttum ayşe", .forgot(name: "ayşe")),
        ok("parolamı unuttum ayşe", .forgot(name: "ayşe")),
        fail("şifremi unuttum", .usage(verb: "forgot")),
        ok("sıfırlamayı onayla ayşe", .approveReset(name: "ayşe")),
        ok("SIFIRLAMAYI ONAYLA ayşe", .approveReset(name: "ayşe")),
        fail("sıfırlamayı onayla", .usage(verb: "approve reset")),
        ok(
            "sıfırla ayşe K7QM-2XHD-9PWA-RT4B yeni-şifre-99",
            .reset(name: "ayşe", code: "K7QM-2XHD-9PWA-RT4B", password: "yeni-şifre-99")),
        fail("sıfırla ayşe kod", .usage(verb: "reset")),
        ok("oturumu sürdür K7QM2XHD9PWART4BK7QM2XHD9PWART4B", .resume(token: "K7QM2XHD9PWART4BK7QM2XHD9PWART4B")),
        ok("OTURUMU SÜRDÜR abc", .resume(token: "abc")),
        fail("oturumu sürdür", .usage(verb: "resume")),
        // `hesap` is also the noun "bill": a verb-last line still adds it.
        ok("hesap makinesi al ekle", .add(title: "hesap makinesi al", list: nil, details: TaskDetails())),
    ]
}
