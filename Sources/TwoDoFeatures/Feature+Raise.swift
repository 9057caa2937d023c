// Raising an event for the couple: the one way a command tells the partner (and the user's other sessions).

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Feature {
    /// Raises an event for the other sessions of `recipients`; offline recipients, and those who muted its kind,
    /// get it as an unread notification instead.
    func raise(
        in c: CommandContext, _ name: EventName, key: TextKey? = nil, actor: User, recipients: [User],
        args: [String: String],
        data: JSONValue,
        when: DueDate? = nil,
        localArgs: LocalArgs? = nil
    ) throws {
        let catalogKey = key ?? name.key
        var live: [UserID] = []
        for r in recipients {
            // The actor's own other sessions always hear of it; a partner who muted its kind reads it in the
            // inbox, unread, as if offline (Inbox.swift).
            if r.id == actor.id {
                live.append(r.id)
                continue
            }
            // Asked once per recipient: with several nodes, presence elsewhere is a query.
            if isOnline(r.id), try !hasMuted(Handlers.muteKind(of: name), r.id) {
                live.append(r.id)
                continue
            }
            var base = args
            base["actor"] = Handlers.actorLabel(actor, name)
            // The item it is about, for the inbox's `link`.
            if let link = InboxArgs.link(of: name, data: data) { base[InboxArgs.linkKey] = link }
            // Worded when read, in the reader's language and zone of that day (InboxArgs).
            let stored = InboxArgs.stored(
                base, perLanguage: localArgs.map { f in { lang in f(lang, r.tz) } }, when: when)
            try store.addNotification(for: r.id, key: catalogKey.rawValue, args: stored, now: clock.now)
        }
        var event = Event(
            name: name, actor: actor.name, key: catalogKey, args: args, data: data,
            recipients: live, when: when,
            localArgs: localArgs)
        event.actorLabel = actor.displayName == nil ? nil : Handlers.actorLabel(actor, name)
        c.events.append(event)
    }
}
