// Completes `limited` sync timelines from the room's history, so no command is lost when a room is busy.

import TwoDoSystem

/// Fetches the events a `limited` timeline left out (`GET /rooms/{room}/messages`, paging back from
/// `prev_batch`) and puts them, oldest first, before the timeline's own events.
///
/// Paging stops at the previous sync's position (passed as `to`), at an event already handled in an
/// earlier batch, when the homeserver has nothing older, or after `maxPages` pages. Lives on the sync
/// thread and is used by it alone.
struct MatrixGapFiller {
    /// What filling one room's gap came to.
    struct Outcome: Sendable, Equatable {
        /// The room.
        var room: String
        /// How many events were recovered (before deduplication against the timeline).
        var recovered: Int
        /// Whether paging reached the previous position; false when `maxPages` ran out first.
        var complete: Bool
    }

    /// The client that fetches history pages.
    let client: MatrixClient
    /// The most pages fetched for one gap (each of `pageSize` events).
    var maxPages = 5
    /// Events per page.
    var pageSize = 100
    /// How many recent event ids are remembered per room.
    var rememberedPerRoom = 300
    /// Recently handled event ids by room, oldest first; at most `rememberedPerRoom` each.
    private var recent: [String: [String]] = [:]
    private var recentSets: [String: Set<String>] = [:]

    /// A filler fetching through `client`.
    init(client: MatrixClient) {
        self.client = client
    }

    /// Fills the gap of every `limited` joined room of `batch`, which followed a sync at `since`.
    ///
    /// - Returns: what each gap came to, by room order.
    /// - Throws: a `MatrixError` worth retrying (rate limit, server or network trouble): the whole sync
    ///   should then be retried, so nothing is handled with a hole in it. Other errors (the room is
    ///   gone, say) leave that room's gap as it is.
    mutating func fill(_ batch: inout MatrixSyncBatch, since: String) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for room in batch.timelines.keys.sorted() {
            guard let timeline = batch.timelines[room], timeline.limited, let start = timeline.previousBatch else {
                continue
            }
            do {
                let (recovered, complete) = try history(of: room, from: start, to: since)
                batch.fillGap(in: room, with: recovered)
                outcomes.append(Outcome(room: room, recovered: recovered.count, complete: complete))
            } catch let error as MatrixError {
                var probe = Backoff(initial: 1, maximum: 1)
                if error.retryDelay(backoff: &probe) != nil { throw error }
                Log.error("bridge.matrix_gap_failed", ["room": room, "error": "\(error)"])
            }
        }
        return outcomes
    }

    /// The events of `room` between `to` and `from`, oldest first, and whether all of them were fetched.
    private func history(
        of room: String, from start: String, to since: String
    ) throws -> (
        [MatrixSyncBatch.Timeline.Entry], Bool
    ) {
        let seen = recentSets[room] ?? []
        var newestFirst: [MatrixSyncBatch.Timeline.Entry] = []
        var from = start
        for _ in 0..<maxPages {
            let page = try client.history(of: room, from: from, to: since, limit: pageSize)
            for entry in page.events {
                if let id = entry.id, seen.contains(id) { return (newestFirst.reversed(), true) }
                newestFirst.append(entry)
            }
            guard let end = page.end, end != from else { return (newestFirst.reversed(), true) }
            from = end
        }
        return (newestFirst.reversed(), false)
    }

    /// Remembers the event ids of `batch` as handled, so a later gap stops paging where they begin.
    mutating func remember(_ batch: MatrixSyncBatch) {
        for (room, timeline) in batch.timelines {
            let ids = (timeline.state + timeline.events).compactMap(\.id)
            guard !ids.isEmpty else { continue }
            var list = recent[room, default: []] + ids
            if list.count > rememberedPerRoom { list.removeFirst(list.count - rememberedPerRoom) }
            recent[room] = list
            recentSets[room] = Set(list)
        }
        for room in batch.left {
            recent[room] = nil
            recentSets[room] = nil
        }
    }
}
