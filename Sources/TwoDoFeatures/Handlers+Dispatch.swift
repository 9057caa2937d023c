// Routes a parsed command to its handler; commands other than account ones need a logged-in user.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Handlers {
    /// Runs `command` in context `c` (see `Handled` for what comes back).
    func dispatch(_ command: Command, on c: CommandContext, user: User?, tag: String?) throws -> Handled {
        let reply = { (r: Reply) in Handled.outcome(Outcome(connection: c.id, tag: tag, reply: r)) }
        switch command {
        case .help(let topic):
            return reply(Info(handlers: self).help(topic: topic, c))
        case .ping:
            return reply(.success(.pong, [t(c, .pong)]))
        case .quit:
            var o = Outcome(connection: c.id, tag: tag, reply: .success(.bye, [t(c, .bye)]))
            o.close = true
            return .outcome(o)
        case .json(let on):
            c.json = on
            return reply(.success(on ? .jsonOn : .jsonOff, [t(c, on ? .jsonOn : .jsonOff)]))
        case .register(let name, let password):
            return try accounts.register(name: name, password: password, on: c, tag: tag)
        case .login(let name, let password):
            return try accounts.login(name: name, password: password, on: c, tag: tag)
        case .resume(let token):
            return try accounts.resume(token: token, on: c, tag: tag)
        case .forgot(let name):
            return reply(try AccountLifecycle(handlers: self).forgot(name, on: c))
        case .reset(let name, let code, let password):
            return try accounts.resetPassword(name: name, code: code, password: password, on: c, tag: tag)
        case .clock(let action):
            switch action {
            case .advance(let seconds): clock.advance(by: seconds)
            case .set(let instant): clock.set(instant)
            }
            let time = TimeText.iso8601(clock.now, tz: user?.tz ?? "UTC")
            return reply(
                .success(.clockSet, [t(c, .clockSet, ["time": time])], data: .object([("now", .string(time))])))
        default:
            break
        }
        guard let user else { return reply(.failure(.errorNotLoggedIn, t(c, .errorNotLoggedIn))) }
        switch command {
        case .logout:
            return .outcome(try accounts.logout(user, on: c, tag: tag))
        case .passwd(let old, let new):
            return try accounts.changePassword(old: old, new: new, user: user, on: c, tag: tag)
        case .couple(let action):
            return reply(try Couple(handlers: self).couple(action, user: user, on: c))
        case .who:
            return reply(try Couple(handlers: self).who(user: user, on: c))
        case .me:
            return reply(try Couple(handlers: self).me(user: user, on: c))
        case .displayName(let name):
            return reply(try Couple(handlers: self).displayName(name, user: user, on: c))
        case .lists, .show, .view, .inbox, .events, .routines, .notes, .itemNotes, .calendar, .search, .steps:
            return reply(try listing(command, page: 1, user: user, on: c))
        case .paged(let listing, let page):
            return reply(try self.listing(listing, page: page, user: user, on: c))
        case .more:
            return reply(try more(user: user, on: c))
        case .list(let action):
            return reply(try Tasks(handlers: self).list(action, user: user, on: c))
        case .addStep(let title, let parent, let plain):
            return reply(
                try Steps(handlers: self).addStep(title: title, parent: parent, plain: plain, user: user, on: c))
        case .note:
            return reply(try Notes(handlers: self).noteCommand(command, user: user, on: c))
        case .noteUnsplit(let line):
            return reply(try Tasks(handlers: self).noteUnsplit(line, user: user, on: c))
        case .addToUnknownList(let name, let add):
            return reply(try Tasks(handlers: self).unknownList(name, add: add, user: user, on: c))
        case .add, .done, .undone, .edit, .delete, .move, .assign, .due, .priority, .repeating, .remind, .nag,
            .unnag, .snooze:
            return reply(try Tasks(handlers: self).task(command, user: user, on: c))
        case .routine(let action):
            return reply(try Routines(handlers: self).routine(action, user: user, on: c))
        case .event(let action):
            return reply(try Events(handlers: self).event(action, user: user, on: c))
        case .calendarLink(let revoke):
            return reply(try CalendarFeed(handlers: self).link(revoke: revoke, user: user, on: c))
        case .agendaWeek:
            return reply(try Events(handlers: self).agendaWeek(user: user, on: c))
        case .agendaDay(let day):
            return reply(try Events(handlers: self).agendaDay(day, user: user, on: c))
        case .weekStart(let value):
            return reply(try Events(handlers: self).weekStart(value, user: user, on: c))
        case .itemNote, .noteDelete, .noteEdit:
            return reply(try Notes(handlers: self).itemNote(command, user: user, on: c))
        case .describe(let target, let text):
            return reply(try Notes(handlers: self).describe(target, text: text, user: user, on: c))
        case .info(let target):
            return reply(try Info(handlers: self).info(target, user: user, on: c))
        case .say(let text):
            return reply(try Couple(handlers: self).say(text, user: user, on: c))
        case .undo:
            return reply(try Undo(handlers: self).undo(user: user, on: c))
        case .plan(.backlog):
            return reply(try listing(command, page: 1, user: user, on: c))
        case .plan(let action):
            return reply(try Plan(handlers: self).planCommand(action, user: user, on: c))
        case .inboxClear:
            let count = try store.clearNotifications(for: user.id)
            let key: TextKey = count == 1 ? .inboxClearedOne : .inboxCleared
            return reply(
                .success(
                    .inboxCleared, [t(c, key, ["count": "\(count)"])], data: .object([("count", .int(Int64(count)))]))
            )
        case .inboxRead(let row?):
            return reply(try Inbox(handlers: self).inboxRead(number: row, user: user, on: c))
        case .inboxRead(nil):
            let count = try store.markNotificationsRead(for: user.id, newest: nil)
            let key: TextKey = count == 1 ? .inboxReadOne : .inboxRead
            return reply(
                .success(
                    .inboxRead, [t(c, key, ["count": "\(count)"])], data: .object([("count", .int(Int64(count)))])))
        case .inboxOpen(let number):
            return reply(try Inbox(handlers: self).inboxOpen(number: number, user: user, on: c))
        case .inboxDelete(let number):
            return reply(try Inbox(handlers: self).inboxDelete(number: number, user: user, on: c))
        case .mute(let kind):
            return reply(try Inbox(handlers: self).mute(kind, on: true, user: user, on: c))
        case .unmute(let kind):
            return reply(try Inbox(handlers: self).mute(kind, on: false, user: user, on: c))
        case .lang(let lang):
            return reply(try Info(handlers: self).setLanguage(lang, user: user, on: c))
        case .tz(let zone):
            return reply(try Info(handlers: self).setTimeZone(zone, user: user, on: c))
        case .export:
            return .outcome(Info(handlers: self).export(user: user, on: c, tag: tag))
        case .exportICS:
            return .outcome(Export(handlers: self).exportICS(user: user, on: c, tag: tag))
        case .stats:
            return .stats(user)
        case .accountDelete(nil):
            return reply(try AccountLifecycle(handlers: self).explainAccountDeletion(user: user, on: c))
        case .accountDelete(let password?):
            return try accounts.deleteAccount(password: password, user: user, on: c, tag: tag)
        case .approveReset(let name):
            return try AccountLifecycle(handlers: self).approveReset(name, user: user, on: c, tag: tag)
        case .help, .ping, .quit, .json, .register, .login, .resume, .clock, .forgot, .reset:
            preconditionFailure("handled above")
        }
    }
}
