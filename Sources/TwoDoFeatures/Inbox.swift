// The inbox you can manage: grouped by day with human times, `inbox delete <n>`, and muting kinds of pushes.
//
// Muting (`mute reminders|partner|chat`) is per user and stored (`muted_kinds`). A muted kind is never
// pushed to that user's live sessions: `raise` and the reminder delivery store it in their inbox, unread,
// exactly as if they had been offline. Kinds: `reminders` (`reminder.due`: task, event and routine
// reminders and nags), `chat` (`chat.message`), `partner` (every other event the partner raises). Your
// own changes still reach your own other sessions.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// The inbox and muting: `inbox`, `inbox read|delete`, `mute`, `unmute`.
struct Inbox: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// The kind a raised event is muted under: `chat` for chat messages, else `partner`.
    /// The kind a partner's event is muted by besides `partner` (which mutes them all but chat).
    static func muteKind(of event: EventName) -> MuteKind {
        let name = event.rawValue
        if event == .chatMessage { return .chat }
        if name.hasPrefix("task.") || name.hasPrefix("list.") || name.hasPrefix("step.") || name.hasPrefix("note.") {
            return .tasks
        }
        if name.hasPrefix("event.") { return .calendar }
        if name.hasPrefix("routine.") { return .routines }
        if name.hasPrefix("plan.") { return .plan }
        return .partner
    }
}

extension Inbox {
    /// `inbox [page N]`: notifications, newest first, a page at a time, under a heading per day in the
    /// reader's zone (`Today`, `Yesterday`, `Mon 23 Nov`), each numbered for `inbox delete <n>` (numbers
    /// continue across pages) with its time (`09:31`); unread ones are starred. The inbox keeps the newest
    /// `Store.inboxLimit`; a line under the heading (and `data.dropped`) says how many older ones it dropped.
    func inbox(page: Int, user: User, on c: CommandContext) throws -> Reply {
        try store.pruneNotifications(for: user.id, now: clock.now)  // kept 30 days
        let total = try store.notificationCount(for: user.id)
        let w: PageWindow
        do {
            w = try pageWindow(page, total: total, c)
        } catch {
            return error.reply
        }
        let items = try store.notifications(for: user.id, offset: w.offset, limit: PageWindow.size)
        c.inboxShown = InboxShown(offset: w.offset, ids: items.map(\.id))
        let muted = try store.mutedKinds(of: user.id).sorted()
        let dropped = try store.droppedNotificationCount(for: user.id)
        let unread = try store.unreadCount(for: user.id)  // at most the inbox's cap
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let data = JSONValue.object([
            (
                "notifications",
                .array(
                    items.enumerated().map { i, n in
                        .object([
                            ("n", .int(Int64(w.offset + i + 1))),
                            ("at", .string(TimeText.iso8601(n.at, tz: user.tz))),
                            ("event", .string(n.key.hasPrefix("event.") ? String(n.key.dropFirst(6)) : n.key)),
                            ("text", .string(InboxArgs.text(n.key, n.args, lang: c.lang, tz: user.tz))),
                            ("unread", .bool(!n.isRead)),
                            // The task, event or routine it is about (`info id:<id>` shows it), or null.
                            ("link", InboxArgs.linkJSON(n.args) ?? .null),
                        ])
                    })
            ),
            ("muted", .array(muted.map { .string($0.rawValue) })),
            ("dropped", .int(Int64(dropped))),
            ("unread", .int(Int64(unread))),
            ("limit", .int(Int64(Store.inboxLimit))),
        ])
        var lines: [String]
        if items.isEmpty {
            lines = [t(c, .inboxEmpty)]
        } else {
            lines = [t(c, .inboxHeader)]
            var day: LocalDate? = nil
            for (i, n) in items.enumerated() {
                let date = LocalDate(instant: n.at, tz: user.tz)
                if date != day {
                    lines.append(TimeText.day(date, today: today, lang: c.lang))
                    day = date
                }
                let time = Calendars.time(at: n.at, tz: user.tz)
                lines.append(
                    "  \(n.isRead ? " " : "*") \(w.offset + i + 1). \(time) \(InboxArgs.text(n.key, n.args, lang: c.lang, tz: user.tz))"
                )
            }
        }
        // The inbox keeps its newest `Store.inboxLimit`: say how many older ones went (until `inbox clear`).
        if dropped > 0 {
            lines.insert(
                t(c, .inboxDropped, ["count": "\(dropped)", "limit": "\(Store.inboxLimit)"]), at: 1)
        }
        if unread > 0 {
            lines.append(unread == 1 ? t(c, .inboxUnreadOne) : t(c, .inboxUnread, ["count": "\(unread)"]))
        }
        if !muted.isEmpty { lines.append(t(c, .inboxMutedNote, ["kinds": kindNames(muted, c)])) }
        return finishPage(.success(.inboxList, lines, data: data), w, listing: .inbox, c)
    }

    /// The notification numbered `n` by the last `inbox` page shown on this session (so notifications arriving
    /// since do not shift it); a number that page did not show counts from the newest now. Nil: there is none.
    private func notificationID(row n: Int, user: User, _ c: CommandContext) throws -> Int64? {
        let shown = c.inboxShown
        let i = n - shown.offset - 1
        return i >= 0 && i < shown.ids.count ? shown.ids[i] : try store.notificationID(for: user.id, position: n)
    }

    /// The refusal of a row number the inbox does not have, naming how many it has.
    private func noSuchRow(_ n: Int, user: User, _ c: CommandContext) throws -> Reply {
        let count = try store.notificationCount(for: user.id)
        return .failure(.errorNotFound, t(c, .inboxNoSuch, ["n": "\(n)", "count": "\(count)"]))
    }

    /// `inbox read <n>`: marks the notification numbered `n` by the last `inbox` page shown here read (a number
    /// that page did not show counts from the newest now, as for `inbox delete`).
    func inboxRead(number n: Int, user: User, on c: CommandContext) throws -> Reply {
        let id = try notificationID(row: n, user: user, c)
        guard let id, let item = try store.markNotificationRead(id, for: user.id) else {
            return try noSuchRow(n, user: user, c)
        }
        let count = item.isRead ? 0 : 1
        return .success(
            .inboxRead, [t(c, count == 1 ? .inboxReadOne : .inboxRead, ["count": "\(count)"])],
            data: .object([("count", .int(Int64(count))), ("n", .int(Int64(n)))]))
    }

    /// `inbox <n>`: marks notification n read and answers with `info` of the task, event or routine it is about,
    /// looked up in the user's space now (an item deleted since, or left behind in a former couple, is gone).
    func inboxOpen(number n: Int, user: User, on c: CommandContext) throws -> Reply {
        let id = try notificationID(row: n, user: user, c)
        guard let id, let item = try store.markNotificationRead(id, for: user.id) else {
            return try noSuchRow(n, user: user, c)
        }
        if let link = item.args[InboxArgs.linkKey], let colon = link.firstIndex(of: ":"),
            let itemID = Int64(link[link.index(after: colon)...])
        {
            let info = Info(handlers: handlers)
            switch link[..<colon] {
            case "task":
                if let task = try store.task(TaskID(itemID), in: user.space) {
                    return try taskInfo(task, user: user, c)
                }
            case "event":
                if let e = try store.event(EventID(itemID), in: user.space) {
                    return try info.eventInfo(e, user: user, c)
                }
            case "routine":
                if let r = try store.routine(RoutineID(itemID), in: user.space) {
                    return try info.routineInfo(r, user: user, c)
                }
            default: break
            }
        }
        return .failure(.errorNotFound, t(c, .inboxNoItem, ["n": "\(n)"]))
    }

    /// `inbox delete <n>` / `bildirimler sil <n>`: deletes the notification numbered `n` as `inbox read <n>`
    /// finds it.
    func inboxDelete(number n: Int, user: User, on c: CommandContext) throws -> Reply {
        let id = try notificationID(row: n, user: user, c)
        guard let id, let deleted = try store.deleteNotification(id, for: user.id) else {
            return try noSuchRow(n, user: user, c)
        }
        let text = InboxArgs.text(deleted.key, deleted.args, lang: c.lang, tz: user.tz)
        return .success(
            .inboxDeleted, [t(c, .inboxDeleted, ["n": "\(n)", "text": text])],
            data: .object([
                ("n", .int(Int64(n))), ("at", .string(TimeText.iso8601(deleted.at, tz: user.tz))),
                ("text", .string(text)),
            ]))
    }

    /// `mute [kind]` / `unmute <kind>`: lists the muted kinds (nil), or mutes / unmutes one.
    func mute(_ kind: MuteKind?, on: Bool, user: User, on c: CommandContext) throws -> Reply {
        if let kind { _ = try store.setMuted(kind, on, for: user.id) }
        let muted = try store.mutedKinds(of: user.id).sorted()
        var fields: [(String, JSONValue)] = [("muted", .array(muted.map { .string($0.rawValue) }))]
        guard let kind else {
            return muted.isEmpty
                ? .success(.muteList, [t(c, .muteNone)], data: .object(fields))
                : .success(.muteList, [t(c, .muteList, ["kinds": kindNames(muted, c)])], data: .object(fields))
        }
        fields.insert(("kind", .string(kind.rawValue)), at: 0)
        let name = kindNames([kind], c)
        return on
            ? .success(.muteSet, [t(c, .muteSet, ["kind": name])], data: .object(fields))
            : .success(.muteCleared, [t(c, .muteCleared, ["kind": name])], data: .object(fields))
    }

    fileprivate func kindNames(_ kinds: [MuteKind], _ c: CommandContext) -> String {
        kinds.map { kind -> String in
            switch kind {
            case .reminders: t(c, .muteKindReminders)
            case .partner: t(c, .muteKindPartner)
            case .chat: t(c, .muteKindChat)
            case .tasks: t(c, .muteKindTasks)
            case .calendar: t(c, .muteKindCalendar)
            case .routines: t(c, .muteKindRoutines)
            case .plan: t(c, .muteKindPlan)
            }
        }.joined(separator: ", ")
    }
}

extension Feature {
    /// Whether `user` has muted `kind` (one indexed lookup); a part of the partner's changes is muted by
    /// `partner` too.
    func hasMuted(_ kind: MuteKind, _ user: UserID) throws -> Bool {
        let muted = try store.mutedKinds(of: user)
        return muted.contains(kind) || (kind != .chat && kind != .reminders && muted.contains(.partner))
    }
}

/// The notifications the last `inbox` page of a session showed: `inbox delete <n>` deletes what it numbered.
struct InboxShown {
    /// How many notifications came before the page (its first is numbered `offset + 1`).
    var offset = 0
    /// The ids shown, in order.
    var ids: [Int64] = []
}
