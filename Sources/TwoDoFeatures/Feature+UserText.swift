// The one place user text is checked for invisible and direction-changing characters (see `UserText`).

import TwoDoCore

extension Feature {
    /// The refusal of a command line holding a character `UserText` forbids, or nil when the line is clean.
    ///
    /// Every command a person types passes here before it is parsed, so titles, notes, `say`, list, couple,
    /// routine and event names (and anything added later) get the same rule; the line is refused whole,
    /// naming the first such character, and nothing of it is stored or relayed.
    func refusalOfInvisibleText(_ body: Substring, on c: CommandContext, tag: String?) -> Outcome? {
        guard let scalar = UserText.firstForbidden(in: body) else { return nil }
        let point = UserText.codePoint(scalar)
        return Outcome(
            connection: c.id, tag: tag,
            reply: .failure(
                .errorInvisibleChar, t(c, .errorInvisibleChar, ["char": point]),
                data: .object([("char", .string(point))])))
    }
}
