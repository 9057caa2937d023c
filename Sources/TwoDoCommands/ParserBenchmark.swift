// A fixed mix of typical command lines parsed in a loop, to measure parser throughput.

/// Measures how many typical lines per second `Parser.parse` handles on the calling thread.
public enum ParserBenchmark {
    /// The context the lines are parsed in: a couple's space with a few lists.
    static let context = ParseContext(
        listNames: ["Inbox", "Groceries", "Market", "Alışveriş Listesi", "Bills"],
        memberNames: ["alice", "bob"], now: 1_795_338_000, timeZone: "Europe/Istanbul")

    /// Typical lines, English and Turkish, weighted toward task commands, about a fifth with dates.
    static let lines: [String] = [
        "add milk to groceries", "show", "done #3", "ekle süt", "markete ekmek ekle", "#2 bitti",
        "list groceries", "göster market", "add buy new batteries", "assign 3 to bob", "#4 bob'a ata",
        "note milk: the oat one", "say love you", "ping", "lists", "undone 2", "sil #5",
        "move #1 to bills", "edit 2 to buy oat milk", "inbox", "ekle yumurta markete", "json on",
        "tamam süt", "Market'e peynir ekle", "who", "add call mom #inbox", "login alice hunter22",
        "yardım", "geri al #3", "çift", "add call mom tomorrow at 6pm", "yarın 18:00 annemi ara ekle",
        "add pay rent to bills every month on the 1st !high", "snooze 10m", "done", "due 3 friday",
        "remind 3 30 minutes before", "bugün",
    ]

    /// Parses `lines` lines (cycling through the mix) and reports the rate and a checksum of the results
    /// (so the work cannot be optimized away; equal across runs).
    public static func run(lines count: Int) -> (linesPerSecond: Double, checksum: Int) {
        let mix = lines
        var checksum = 0
        let clock = ContinuousClock()
        let start = clock.now
        for i in 0..<count {
            switch Parser.parse(mix[i % mix.count], context: context) {
            case .success(let command): checksum &+= command.verb.utf8.count &* (i & 7 &+ 1)
            case .failure: checksum &+= 1000
            }
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (seconds > 0 ? Double(count) / seconds : .infinity, checksum)
    }
}
