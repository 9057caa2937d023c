// One turn's shares of client addresses: all connections of one address split one slice of commands and time.

/// The accounting that makes a turn fair between client addresses, apart from sockets and the store.
///
/// Every connection of one address (its throttle key) draws on one share per turn: at most `commands` commands
/// and `seconds` of execution together, each connection an equal part of the commands (at least one). So 64
/// connections pipelining from one address weigh what one does, and another couple's command waits for a few
/// milliseconds of their work, not for all of it.
struct TurnShares {
    /// The most commands, and seconds of execution, one address gets in one turn.
    let commands: Int
    let seconds: Double
    /// How many of the turn's connections each address has.
    private var connections: [String: Int] = [:]
    /// What each address used so far this turn.
    private var used: [String: (commands: Int, seconds: Double)] = [:]

    /// Shares for a turn serving connections with these addresses (one key per connection, repeats counted).
    init(addresses: some Sequence<String>, commands: Int, seconds: Double) {
        self.commands = commands
        self.seconds = seconds
        for key in addresses { connections[key, default: 0] += 1 }
    }

    /// Whether `key` has some of its share left; a connection of an address without one waits for the next turn.
    func hasShare(_ key: String) -> Bool {
        let u = used[key] ?? (0, 0)
        return u.commands < commands && u.seconds < seconds
    }

    /// The commands one connection of `key` may run: an equal part of the address's, at least one.
    func connectionBudget(_ key: String) -> Int {
        max(1, commands / max(1, connections[key] ?? 1))
    }

    /// Whether a connection of `key` that ran `consumed` commands in `elapsed` seconds must stop: its part is
    /// used, or its address's commands, or (after at least one command) its address's time.
    func sliceOver(_ key: String, consumed: Int, elapsed: Double) -> Bool {
        let u = used[key] ?? (0, 0)
        return consumed == connectionBudget(key) || u.commands + consumed >= commands
            || (consumed > 0 && u.seconds + elapsed >= seconds)
    }

    /// Charges `key` for what one of its connections ran.
    mutating func charge(_ key: String, commands ran: Int, seconds spent: Double) {
        let u = used[key] ?? (0, 0)
        used[key] = (u.commands + ran, u.seconds + spent)
    }
}
