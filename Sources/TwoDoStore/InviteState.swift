// What the store knows of a couple invite code.

import TwoDoCore

/// What is known of an invite code: whether it can still be used, and for which space.
public enum InviteState: Equatable, Sendable {
    case unknown
    case expired
    case used
    case valid(space: SpaceID, createdBy: UserID)
}

extension Store {
    /// The invite state, by the name the server has always used.
    public typealias InviteState = TwoDoStore.InviteState
}
