// Inbox management rows: `inbox delete <n>`, `mute`/`unmute` and `sustur`/`sesi aç`, in both languages.

import TwoDoCommands

extension Corpus {
    /// English inbox-management lines and their expected parses.
    static let englishInbox: [Row] = [
        ok("inbox delete 2", .inboxDelete(number: 2)),
        ok("INBOX DELETE 12", .inboxDelete(number: 12)),
        ok("inbox remove 1", .inboxDelete(number: 1)),
        ok("mute", .mute(nil)),
        ok("mute reminders", .mute(.reminders)),
        ok("mute nags", .mute(.reminders)),
        ok("mute partner", .mute(.partner)),
        ok("mute chat", .mute(.chat)),
        ok("Mute Messages", .mute(.chat)),
        ok("unmute reminders", .unmute(.reminders)),
        ok("unmute partner", .unmute(.partner)),
        ok("unmute chat", .unmute(.chat)),
        ok("mute tasks", .mute(.tasks)),
        ok("mute lists", .mute(.tasks)),
        ok("mute calendar", .mute(.calendar)),
        ok("mute events", .mute(.calendar)),
        ok("mute routines", .mute(.routines)),
        ok("mute plan", .mute(.plan)),
        ok("unmute calendar", .unmute(.calendar)),
        fail("inbox delete", .usage(verb: "inbox")),
        fail("inbox delete 0", .badValue(verb: "inbox", value: "0")),
        fail("inbox delete two", .badValue(verb: "inbox", value: "two")),
        fail("inbox delete 1 2", .badValue(verb: "inbox", value: "1 2")),
        fail("inbox delete 1234567890", .badValue(verb: "inbox", value: "1234567890")),
        fail("unmute", .usage(verb: "mute")),
        fail("mute everything", .badValue(verb: "mute", value: "everything")),
        fail("mute chat partner", .badValue(verb: "mute", value: "chat partner")),
    ]

    /// Turkish inbox-management lines and their expected parses.
    static let turkishInbox: [Row] = [
        ok("bildirimler sil 2", .inboxDelete(number: 2)),
        ok("bildirimleri sil 3", .inboxDelete(number: 3)),
        ok("sustur", .mute(nil)),
        ok("sustur hatırlatmalar", .mute(.reminders)),
        ok("sustur hatırlatmaları", .mute(.reminders)),
        ok("sustur eş", .mute(.partner)),
        ok("sustur eşim", .mute(.partner)),
        ok("sustur sohbet", .mute(.chat)),
        ok("SUSTUR MESAJLAR", .mute(.chat)),
        ok("sustur görevler", .mute(.tasks)),
        ok("sustur takvim", .mute(.calendar)),
        ok("sustur etkinlikler", .mute(.calendar)),
        ok("sustur rutinler", .mute(.routines)),
        ok("sustur planı", .mute(.plan)),
        ok("sessize al sohbet", .mute(.chat)),
        ok("sesi aç hatırlatmalar", .unmute(.reminders)),
        ok("sesi aç eş", .unmute(.partner)),
        ok("sesini aç sohbet", .unmute(.chat)),
        fail("bildirimler sil", .usage(verb: "inbox")),
        fail("bildirimler sil iki", .badValue(verb: "inbox", value: "iki")),
        fail("sesi aç", .usage(verb: "mute")),
        fail("sustur herkes", .badValue(verb: "mute", value: "herkes")),
    ]
}
