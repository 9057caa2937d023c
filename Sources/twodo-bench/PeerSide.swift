// The two servers `peer` compares, behind one interface: start fresh, set up writers, send one write.

/// What a writer sends in `peer`.
enum PeerWrite {
    /// Redis `SET k:<conn>:<n> <value>`; TwoDo `add <title>` with the partner offline.
    case store
    /// Redis `EVAL` of SET + PUBLISH to a subscribed channel; TwoDo `add` with the partner connected.
    case storeAndNotify
    /// Redis `PUBLISH ch:<conn> <value>` to a subscriber; TwoDo `add` (the partner's event is the relay).
    case relay
}

/// One server under comparison, started fresh, driven through the bench's own client loop.
///
/// Writers are numbered 0..<n; every written value is `t<send nanos>` so a receiver reads its latency
/// straight from what it receives.
protocol PeerSide: AnyObject {
    /// "Redis" or "TwoDo".
    var name: String { get }
    /// The loop all of this side's connections run on.
    var loop: ClientLoop { get }
    /// The server's process id (for CPU and RSS).
    var pid: Int32 { get }
    /// Called for each reply to a write: writer index, whether it succeeded, when the write was sent.
    var onReply: ((Int, Bool, UInt64) -> Void)? { get set }
    /// Called with the send stamp of each write a receiver got.
    var onDelivered: ((UInt64) -> Void)? { get set }
    /// Connections the server closed (or that failed) since `prepare`, and why the first one closed.
    var lost: (count: Int, first: String?) { get }
    /// Error lines from the server's log, for the notes.
    func errorLines() -> [String]

    /// Opens `count` writers, each with its receiver connected when `receivers` (else none, or offline).
    func prepare(writers count: Int, receivers: Bool) throws
    /// Sends one write of kind `write` from writer `i`, stamped `stamp`.
    func send(_ write: PeerWrite, writer i: Int, stamp: UInt64)
    /// What must exist before idle connections are counted (TwoDo: the users they log in as).
    func prepareIdle(_ count: Int) throws
    /// Opens `count` idle connections in this side's ready state (Redis: one PING answered; TwoDo: logged in).
    func openIdle(_ count: Int) throws
    /// Stops the server and deletes its files.
    func stop()
}

extension PeerSide {
    /// The server's resident set size in KB.
    func residentKB() -> Int? { ServerProcess.residentKB(pid: pid) }
}
