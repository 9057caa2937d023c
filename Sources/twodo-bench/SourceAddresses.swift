// Hands out distinct loopback source addresses (127.x.y.z) so the bench looks like many clients.

/// Distinct source addresses in 127.0.0.0/8, all of which Linux treats as local.
///
/// The server throttles registrations and failed logins per client address. Real clients come from
/// many addresses; binding each bench connection to its own 127.x.y.z keeps the bench from tripping a
/// throttle meant for one abusive address, without weakening the server.
struct SourceAddresses {
    private var next: UInt32

    /// Starts at a random point so repeated runs against one `--target` server use fresh addresses.
    init() {
        next = UInt32.random(in: 0..<4_000_000)
    }

    /// The next unused address, as a dotted quad.
    mutating func take() -> String {
        let n = next
        next &+= 1
        let z = 1 + n % 254
        let y = (n / 254) % 256
        let x = 64 + (n / (254 * 256)) % 190
        return "127.\(x).\(y).\(z)"
    }
}
