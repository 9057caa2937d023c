// The partner named as such in a possessive (`eşimin planı`, `my partner's tasks`): only when the context says who.

import Testing
import TwoDoCommands

@Suite("Partner possessives")
struct PartnerPossessiveTests {
    /// The line parsed for `user` in a space whose members are `members`.
    private func parse(_ line: String, user: String?, members: [String]) -> Result<Command, ParseError> {
        var context = ParseContext(listNames: ["Inbox"], memberNames: members, now: Corpus.now)
        context.userName = user
        return Parser.parse(line, context: context)
    }

    @Test("the partner is the one member besides the user, in any case of the user's name")
    func partner() {
        #expect(
            parse("eşimin planı", user: "ALICE", members: ["alice", "Bob"])
                == .success(.plan(.board(member: "Bob", day: nil))))
        #expect(
            parse("partnerimin görevleri", user: "bob", members: ["alice", "bob"])
                == .success(.view(.assigned("alice"))))
    }

    @Test(
        "no partner, or no user known: the possessive is not read (an unknown command, as before)",
        arguments: [(String?.none, ["alice", "bob"]), ("alice", ["alice"]), ("carol", ["alice", "bob"])])
    func noPartner(user: String?, members: [String]) {
        #expect(
            parse("eşimin planı", user: user, members: members)
                == .failure(.unknownCommand(word: "eşimin", suggestion: nil)))
        #expect(
            parse("my partner's plan", user: user, members: members)
                == .failure(.unknownCommand(word: "my", suggestion: "me")))
    }

    @Test("a member named like the partner words is that member")
    func memberNamedPartner() {
        #expect(
            parse("partner's plan", user: "alice", members: ["alice", "partner"])
                == .success(.plan(.board(member: "partner", day: nil))))
    }
}
