// The bench's one error type: bad command lines, failed system calls and servers that misbehave.

import TwoDoSystem

/// Why a benchmark could not run or finish.
enum BenchError: Error, CustomStringConvertible {
    /// A command-line mistake (exit status 64).
    case usage(String)
    /// A system call failed.
    case system(SystemError)
    /// The server could not be started or stopped.
    case server(String)
    /// The server answered something the scenario cannot continue from.
    case protocolFailure(String)
    /// A phase did not finish in time.
    case timeout(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .system(let error): return error.description
        case .server(let message): return "server: \(message)"
        case .protocolFailure(let message): return "unexpected reply: \(message)"
        case .timeout(let message): return "timed out: \(message)"
        }
    }
}
