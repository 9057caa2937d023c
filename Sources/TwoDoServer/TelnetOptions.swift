// Telnet option negotiation for one connection: answers the client's WILL/WONT/DO/DONT without loops.

/// The telnet options in force on one connection and the answers to the client's requests.
///
/// The server accepts two options on its own side, ECHO (RFC 857: the server echoes what the user types)
/// and SUPPRESS-GO-AHEAD (RFC 858), and one on the client's side, SUPPRESS-GO-AHEAD; it refuses every
/// other option. It never offers anything unprompted (a plain `nc` user must never see negotiation
/// bytes), so it never has a request of its own outstanding and RFC 1143's Q method reduces to this:
/// a request that would change an option's state is answered once (agreed or refused); a request that
/// confirms the state already in force is not answered at all, which is what keeps two hosts from looping.
public struct TelnetOptions: Sendable, Equatable {
    /// IAC, the byte that starts every telnet command.
    public static let iac: UInt8 = 255
    /// The negotiation verbs (RFC 854).
    public static let will: UInt8 = 251, wont: UInt8 = 252, `do`: UInt8 = 253, dont: UInt8 = 254
    /// The ECHO option (RFC 857).
    public static let echo: UInt8 = 1
    /// The SUPPRESS-GO-AHEAD option (RFC 858).
    public static let suppressGoAhead: UInt8 = 3

    /// Whether the server echoes the user's typing (the client sent DO ECHO and we agreed).
    public private(set) var serverEchoes = false
    /// Whether the server has agreed to suppress go-aheads (it never sends GA anyway).
    public private(set) var serverSuppressesGoAhead = false
    /// Whether the client suppresses go-aheads (it offered WILL SGA and we agreed).
    public private(set) var clientSuppressesGoAhead = false

    /// Creates the state of a fresh connection: every option off.
    public init() {}

    /// Handles one received `IAC <verb> <option>` and appends the answer, if any, to `reply`.
    public mutating func receive(verb: UInt8, option: UInt8, reply: inout [UInt8]) {
        switch verb {
        case Self.do:
            // The client asks us to enable an option on our side.
            switch option {
            case Self.echo: Self.enable(&serverEchoes, verb: Self.will, option: option, reply: &reply)
            case Self.suppressGoAhead:
                Self.enable(&serverSuppressesGoAhead, verb: Self.will, option: option, reply: &reply)
            default: reply += [Self.iac, Self.wont, option]  // refused, as often as it is asked (RFC 1143)
            }
        case Self.dont:
            switch option {
            case Self.echo: Self.disable(&serverEchoes, verb: Self.wont, option: option, reply: &reply)
            case Self.suppressGoAhead:
                Self.disable(&serverSuppressesGoAhead, verb: Self.wont, option: option, reply: &reply)
            default: break  // already off: nothing to confirm
            }
        case Self.will:
            // The client offers to enable an option on its side.
            switch option {
            case Self.suppressGoAhead:
                Self.enable(&clientSuppressesGoAhead, verb: Self.do, option: option, reply: &reply)
            default: reply += [Self.iac, Self.dont, option]  // LINEMODE, NAWS, TTYPE, ...: refused
            }
        case Self.wont:
            if option == Self.suppressGoAhead {
                Self.disable(&clientSuppressesGoAhead, verb: Self.dont, option: option, reply: &reply)
            }
        default:
            preconditionFailure("not a negotiation verb: \(verb)")
        }
    }

    private static func enable(_ state: inout Bool, verb: UInt8, option: UInt8, reply: inout [UInt8]) {
        guard !state else { return }
        state = true
        reply += [Self.iac, verb, option]
    }

    private static func disable(_ state: inout Bool, verb: UInt8, option: UInt8, reply: inout [UInt8]) {
        guard state else { return }
        state = false
        reply += [Self.iac, verb, option]
    }
}
