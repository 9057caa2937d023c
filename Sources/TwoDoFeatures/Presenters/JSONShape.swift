// The JSON shapes of domain values in replies, events and export: one place per shape, out of the handlers.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

/// How TwoDo writes its domain values as JSON `data` (docs/PROTOCOL.md documents each shape). Pure
/// functions of the values and the reader's zone; the handlers and the export stream call them.
public enum JSONShape {
    /// A user as JSON (`name`, `lang`, `tz`).
    public static func user(_ user: User) -> JSONValue {
        .object([("name", .string(user.name)), ("lang", .string(user.lang.rawValue)), ("tz", .string(user.tz))])
    }
}
