// The Matrix bridge's memory between runs: the `/sync` position and the direct rooms, in a small JSON file.

import Foundation

/// What the bridge must not forget when it restarts: where `/sync` stopped (so old messages are not
/// replayed as commands) and which rooms are whose direct chats.
public struct MatrixState: Sendable, Equatable {
    /// The last `next_batch` the bridge finished handling; nil before the first sync.
    public var since: String?
    /// Direct rooms and the user each belongs to.
    public var directRooms: [String: String] = [:]

    /// A state from its parts.
    public init(since: String? = nil, directRooms: [String: String] = [:]) {
        self.since = since
        self.directRooms = directRooms
    }

    /// Reads the file at `path`; a missing file is the empty state, an unreadable one is thrown.
    public static func load(from path: String) throws -> MatrixState {
        guard FileManager.default.fileExists(atPath: path) else { return MatrixState() }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw MatrixError.badResponse("state file \(path) is not a JSON object")
        }
        return MatrixState(
            since: object["since"] as? String, directRooms: object["rooms"] as? [String: String] ?? [:])
    }

    /// Writes the state to `path` atomically (a temporary file renamed over it), so a crash leaves the
    /// old state or the new one, never half of one.
    public func save(to path: String) throws {
        var object: [String: Any] = ["rooms": directRooms]
        if let since { object["since"] = since }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
