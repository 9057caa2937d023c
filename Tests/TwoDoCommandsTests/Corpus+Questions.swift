// Questions about the tasks, as people ask them: each is the view it asks for, never a task.

import TwoDoCommands

extension Corpus {
    /// English questions and the views they ask for.
    static let englishQuestions: [Row] = [
        ok("what's on today", .view(.today)),
        ok("What's on today?", .view(.today)),
        ok("whats on today", .view(.today)),
        ok("what is on today", .view(.today)),
        ok("what do I have today", .view(.today)),
        ok("what do we have today?", .view(.today)),
        ok("anything today?", .view(.today)),
        ok("what's due today", .view(.today)),
        ok("what's on tonight", .view(.today)),
        ok("what do I have tomorrow", .view(.tomorrow)),
        ok("what's on tomorrow?", .view(.tomorrow)),
        ok("anything for tomorrow", .view(.tomorrow)),
        ok("what's overdue", .view(.overdue)),
        ok("what is late?", .view(.overdue)),
        ok("what's on this week", .view(.upcoming)),
        ok("what's coming up this week?", .view(.upcoming)),
        ok("what's coming up", .view(.agenda)),
        ok("what's left", .view(.agenda)),
        ok("what should I do", .view(.agenda)),
        ok("what's there to do?", .view(.agenda)),
        ok("what are my tasks", .view(.mine)),
        ok("show my tasks", .view(.mine)),
        ok("my tasks?", .view(.mine)),
        ok("show me my tasks", .view(.mine)),
        ok("all tasks", .view(.agenda)),
        ok("show all", .view(.agenda)),
        ok("Show all tasks", .view(.agenda)),
        ok("todo", .view(.agenda)),
        ok("to do", .view(.agenda)),
        ok("everything", .view(.agenda)),
        ok("today?", .view(.today)),
        ok("tomorrow?", .view(.tomorrow)),
        ok("unread", .inbox),
        ok("Unread", .inbox),
        // Not questions the reader knows: they keep what they were (a task, a list, an error).
        ok("add what to buy", .add(title: "what to buy", list: nil, details: TaskDetails())),
    ]

    /// Turkish questions and the views they ask for.
    static let turkishQuestions: [Row] = [
        ok("bugün ne var", .view(.today)),
        ok("Bugün ne var?", .view(.today)),
        ok("bugun ne var", .view(.today)),
        ok("bugün neler var", .view(.today)),
        ok("bugün ne yapacağım", .view(.today)),
        ok("yarın ne var", .view(.tomorrow)),
        ok("yarın ne var?", .view(.tomorrow)),
        ok("yarınki görevler ne", .view(.tomorrow)),
        ok("bu hafta ne var", .view(.upcoming)),
        ok("gecikenler neler", .view(.overdue)),
        ok("ne var", .view(.agenda)),
        ok("neler var?", .view(.agenda)),
        ok("başka ne var", .view(.agenda)),
        ok("görevlerim", .view(.mine)),
        ok("Görevlerim", .view(.mine)),
        ok("benim görevlerim", .view(.mine)),
        ok("görevlerimi göster", .view(.mine)),
        ok("işlerim", .view(.mine)),
        ok("tüm görevler", .view(.agenda)),
        ok("bütün görevler", .view(.agenda)),
        ok("tüm görevleri göster", .view(.agenda)),
        ok("hepsi", .view(.agenda)),
        ok("yapılacaklar", .view(.agenda)),
        ok("bugün?", .view(.today)),
        ok("okunmamış", .inbox),
        ok("okunmamışlar", .inbox),
        // A real task stays a task.
        ok("ne alacağımızı yaz ekle", .add(title: "ne alacağımızı yaz", list: nil, details: TaskDetails())),
    ]
}

extension Corpus {
    /// English word orders for commands with one canonical form.
    static let englishRephrasings: [Row] = [
        ok("mark stretch as done", .done(.words("stretch"))),
        ok("Mark water plants as done", .done(.words("water plants"))),
        ok("mark 2 done", .done(.number(2))),
        ok("mark 2 as complete", .done(.number(2))),
        ok("mark stretch as not done", .undone(.words("stretch"))),
        ok("mark stretch as undone", .undone(.words("stretch"))),
        ok("check off water plants", .done(.words("water plants"))),
        ok("tick off 3", .done(.number(3))),
        ok("cross off milk", .done(.words("milk"))),
        ok("check water plants off", .done(.words("water plants"))),
        ok("rename stretch to long stretch", .edit(.words("stretch"), title: "long stretch")),
        ok("rename 2 to call the plumber", .edit(.number(2), title: "call the plumber")),
        ok("rename groceries to market", .list(.rename("Groceries", to: "market"))),
        ok("clear done", .list(.clear(""))),
        ok("clear done tasks", .list(.clear(""))),
        ok("clear completed", .list(.clear(""))),
        ok("clear done in groceries", .list(.clear("groceries"))),
        // `remind <person> <when> to <task>` (issue 28): the canonical `remind <person> to <task> <when>`.
        ok("remind me in 2 minutes to stretch", task("stretch", due: due("2026-11-22", "09:02"), assignee: .me)),
        ok(
            "remind bob in 2 minutes to stretch",
            task("stretch", due: due("2026-11-22", "09:02"), assignee: .member("bob"))),
        ok("remind me tomorrow at 9 to pay rent", task("pay rent", due: due("2026-11-23", "09:00"), assignee: .me)),
        ok("remind me at 8pm to take my pills", task("take my pills", due: due("2026-11-22", "20:00"), assignee: .me)),
        ok("remind us friday to book the table", task("book the table", due: due("2026-11-27"))),
        ok("remind alice tomorrow to call mom", task("call mom", due: due("2026-11-23"), assignee: .member("alice"))),
        // Words before `to` that are no time, or a `to` inside the task: as before.
        fail("remind me about the talk to bob", .usage(verb: "remind")),
        ok("remind me to go to bed", task("go to bed", assignee: .me)),
        fail("remind carol tomorrow to call mom", .usage(verb: "remind")),
        // Titles that hold those words stay titles.
        ok("add check off list", .add(title: "check off list", list: nil, details: TaskDetails())),
        ok("add mark the boxes as done", .add(title: "mark the boxes as done", list: nil, details: TaskDetails())),
    ]
}
