// The numbered, append-only schema migrations; each runs once, in a transaction, recorded in user_version.

/// The schema, as an ordered list of migrations. Never edit a shipped entry: append a new one.
enum Migrations {
    /// `PRAGMA application_id` marks the file as TwoDo's ('TWOD'), so a foreign file is refused.
    static let applicationID: Int64 = 0x5457_4F44

    static let all: [String] = [
        // 1: spaces, users, invites, lists, tasks, notes, notifications.
        """
        CREATE TABLE spaces (
            id INTEGER PRIMARY KEY,
            name TEXT,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            lang TEXT NOT NULL DEFAULT 'en',
            tz TEXT NOT NULL DEFAULT 'UTC',
            space_id INTEGER NOT NULL REFERENCES spaces(id),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX users_space ON users(space_id);
        CREATE TABLE invites (
            code TEXT PRIMARY KEY,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            created_by INTEGER NOT NULL REFERENCES users(id),
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            used_by INTEGER REFERENCES users(id),
            used_at INTEGER
        );
        CREATE INDEX invites_space ON invites(space_id);
        CREATE TABLE lists (
            id INTEGER PRIMARY KEY,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            UNIQUE (space_id, name_key)
        );
        CREATE TABLE tasks (
            id INTEGER PRIMARY KEY,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            title_key TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0,
            assignee_id INTEGER REFERENCES users(id),
            created_by INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            completed_by INTEGER REFERENCES users(id),
            completed_at INTEGER
        );
        CREATE INDEX tasks_list_order ON tasks(list_id, done, created_at, id);
        CREATE INDEX tasks_space ON tasks(space_id);
        CREATE TABLE task_notes (
            id INTEGER PRIMARY KEY,
            task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            author_id INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX task_notes_task ON task_notes(task_id, id);
        CREATE TABLE notifications (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            key TEXT NOT NULL,
            args TEXT NOT NULL,
            is_read INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX notifications_user ON notifications(user_id, is_read, id);
        """,
        // 2: due dates (local intent + instant), priority, recurrence, nags, and reminders.
        """
        ALTER TABLE tasks ADD COLUMN due_date TEXT;
        ALTER TABLE tasks ADD COLUMN due_time TEXT;
        ALTER TABLE tasks ADD COLUMN due_tz TEXT;
        ALTER TABLE tasks ADD COLUMN due_at INTEGER;
        ALTER TABLE tasks ADD COLUMN scheduled_date TEXT;
        ALTER TABLE tasks ADD COLUMN priority TEXT NOT NULL DEFAULT 'none';
        ALTER TABLE tasks ADD COLUMN recurrence TEXT;
        ALTER TABLE tasks ADD COLUMN nag_minutes INTEGER;
        CREATE INDEX tasks_due ON tasks(space_id, done, due_at);
        CREATE TABLE reminders (
            id INTEGER PRIMARY KEY,
            task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            offset_minutes INTEGER,
            fire_at INTEGER NOT NULL,
            fired_at INTEGER
        );
        CREATE INDEX reminders_task ON reminders(task_id);
        CREATE INDEX reminders_pending ON reminders(fire_at) WHERE fired_at IS NULL;
        """,
        // 3: routines (schedules over time, pauses, marks), calendar events (series with per-occurrence
        // exceptions), notes on routines and events, their reminders, and the week-start setting.
        """
        CREATE TABLE routines (
            id INTEGER PRIMARY KEY,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            assignee_id INTEGER REFERENCES users(id),
            created_by INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            time TEXT
        );
        CREATE INDEX routines_space ON routines(space_id, id);
        CREATE TABLE routine_schedules (
            id INTEGER PRIMARY KEY,
            routine_id INTEGER NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
            since TEXT NOT NULL,
            rule TEXT NOT NULL,
            UNIQUE (routine_id, since)
        );
        CREATE TABLE routine_pauses (
            id INTEGER PRIMARY KEY,
            routine_id INTEGER NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
            from_date TEXT NOT NULL,
            to_date TEXT
        );
        CREATE INDEX routine_pauses_routine ON routine_pauses(routine_id);
        CREATE TABLE routine_marks (
            id INTEGER PRIMARY KEY,
            routine_id INTEGER NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            state TEXT NOT NULL,
            by_id INTEGER REFERENCES users(id),
            at INTEGER NOT NULL,
            UNIQUE (routine_id, day)
        );
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            title_key TEXT NOT NULL,
            start_date TEXT NOT NULL,
            start_time TEXT,
            end_time TEXT,
            tz TEXT NOT NULL,
            location TEXT,
            remind_minutes INTEGER,
            rec_freq TEXT,
            rec_interval INTEGER,
            rec_weekdays TEXT,
            rec_month_day INTEGER,
            rec_month INTEGER,
            rec_ordinal INTEGER,
            rec_until TEXT,
            assignee_id INTEGER REFERENCES users(id),
            created_by INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX events_once ON events(space_id, start_date) WHERE rec_freq IS NULL;
        CREATE INDEX events_series ON events(space_id, start_date) WHERE rec_freq IS NOT NULL;
        CREATE TABLE event_exceptions (
            event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            cancelled INTEGER NOT NULL DEFAULT 0,
            new_date TEXT,
            new_time TEXT,
            new_end TEXT,
            PRIMARY KEY (event_id, day)
        );
        CREATE TABLE item_notes (
            id INTEGER PRIMARY KEY,
            routine_id INTEGER REFERENCES routines(id) ON DELETE CASCADE,
            event_id INTEGER REFERENCES events(id) ON DELETE CASCADE,
            author_id INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX item_notes_routine ON item_notes(routine_id, id) WHERE routine_id IS NOT NULL;
        CREATE INDEX item_notes_event ON item_notes(event_id, id) WHERE event_id IS NOT NULL;
        CREATE TABLE schedule_reminders (
            id INTEGER PRIMARY KEY,
            event_id INTEGER REFERENCES events(id) ON DELETE CASCADE,
            routine_id INTEGER REFERENCES routines(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            fire_at INTEGER NOT NULL,
            fired_at INTEGER
        );
        CREATE INDEX schedule_reminders_pending ON schedule_reminders(fire_at) WHERE fired_at IS NULL;
        CREATE INDEX schedule_reminders_event ON schedule_reminders(event_id) WHERE event_id IS NOT NULL;
        CREATE INDEX schedule_reminders_routine ON schedule_reminders(routine_id) WHERE routine_id IS NOT NULL;
        ALTER TABLE users ADD COLUMN week_start TEXT;
        """,
        // 4: each user's TR39 confusable skeleton, so a look-alike name is refused with one indexed lookup.
        // Existing rows are filled in by `Store.fillNameSkeletons()` (ICU computes them, not SQL).
        """
        ALTER TABLE users ADD COLUMN name_skeleton TEXT;
        CREATE INDEX users_skeleton ON users(name_skeleton);
        """,
        // 5: open tasks without a date in listing order (a space's lists by id: the default list is always its
        // first), so `agenda` and `mine` page and count them from the index instead of sorting the space.
        """
        CREATE INDEX tasks_undated ON tasks(space_id, list_id, created_at, id) WHERE done = 0 AND due_at IS NULL;
        """,
        // 6: task counts kept by triggers, so the space limits cost one row read per add instead of counting
        // the space's index (which made every add O(tasks in the space): 26,900 -> 15,200 adds/s at 50 pairs).
        """
        CREATE TABLE space_task_counts (space_id INTEGER PRIMARY KEY, tasks INTEGER NOT NULL);
        CREATE TABLE list_open_counts (list_id INTEGER PRIMARY KEY, open INTEGER NOT NULL);
        INSERT INTO space_task_counts SELECT space_id, count(*) FROM tasks GROUP BY space_id;
        INSERT INTO list_open_counts SELECT list_id, count(*) FROM tasks WHERE done = 0 GROUP BY list_id;
        CREATE TRIGGER tasks_counted_insert AFTER INSERT ON tasks BEGIN
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
            INSERT INTO list_open_counts (list_id, open) VALUES (NEW.list_id, NEW.done = 0)
                ON CONFLICT (list_id) DO UPDATE SET open = open + (NEW.done = 0);
        END;
        CREATE TRIGGER tasks_counted_delete AFTER DELETE ON tasks BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            UPDATE list_open_counts SET open = open - 1 WHERE list_id = OLD.list_id AND OLD.done = 0;
        END;
        CREATE TRIGGER tasks_counted_update AFTER UPDATE OF space_id, list_id, done ON tasks BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
            UPDATE list_open_counts SET open = open - 1 WHERE list_id = OLD.list_id AND OLD.done = 0;
            INSERT INTO list_open_counts (list_id, open) VALUES (NEW.list_id, NEW.done = 0)
                ON CONFLICT (list_id) DO UPDATE SET open = open + (NEW.done = 0);
        END;
        CREATE TRIGGER lists_counted_delete AFTER DELETE ON lists BEGIN
            DELETE FROM list_open_counts WHERE list_id = OLD.id;
        END;
        CREATE TRIGGER spaces_counted_delete AFTER DELETE ON spaces BEGIN
            DELETE FROM space_task_counts WHERE space_id = OLD.id;
        END;
        """,
        // 7: the search index. One FTS5 row per task title, task note, routine name and event title:
        // `space` holds the owning space's id and `kind` what the row is (t, n, r, e: columns of their own, so no
        // title can forge them, and a search for routines skips the tasks' rows by index), `body` the text
        // folded by twodo_fold (TextFold: case, accents, Turkish ı/İ); prefix indexes for 2 to 6 characters make
        // `bal` cheap. The rowid says what a row is: id × 4 + 0 task, + 1 task note, + 2 routine, + 3 event.
        // New and changed text waits in `search_pending` (a plain table: one cheap row per write) and moves into
        // the index in batches (`Store.flushSearchIndex`, about once a second and before every search): an FTS5
        // insert in every turn wrote a new index segment per commit and halved the task insert rate.
        """
        CREATE VIRTUAL TABLE search_index USING fts5(
            space, kind, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6');
        CREATE TABLE search_pending (
            id INTEGER PRIMARY KEY, space INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL);
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 4, space_id, 't', twodo_fold(title) FROM tasks;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 4 + 1, t.space_id, 'n', twodo_fold(n.body) FROM task_notes n JOIN tasks t ON t.id = n.task_id;
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 4 + 2, space_id, 'r', twodo_fold(name) FROM routines;
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 4 + 3, space_id, 'e', twodo_fold(title) FROM events;
        CREATE TRIGGER search_task_insert AFTER INSERT ON tasks BEGIN
            INSERT INTO search_pending (id, space, kind, body) VALUES (NEW.id * 4, NEW.space_id, 't', twodo_fold(NEW.title));
        END;
        CREATE TRIGGER search_task_update AFTER UPDATE OF title, space_id ON tasks BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 4, NEW.space_id, 't', twodo_fold(NEW.title));
        END;
        CREATE TRIGGER search_task_moved AFTER UPDATE OF space_id ON tasks WHEN OLD.space_id <> NEW.space_id BEGIN
            DELETE FROM search_index WHERE rowid IN (SELECT id * 4 + 1 FROM task_notes WHERE task_id = NEW.id);
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT id * 4 + 1, NEW.space_id, 'n', twodo_fold(body) FROM task_notes WHERE task_id = NEW.id;
        END;
        CREATE TRIGGER search_task_delete AFTER DELETE ON tasks BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4;
            DELETE FROM search_pending WHERE id = OLD.id * 4;
        END;
        CREATE TRIGGER search_note_insert AFTER INSERT ON task_notes BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                SELECT NEW.id * 4 + 1, space_id, 'n', twodo_fold(NEW.body) FROM tasks WHERE id = NEW.task_id;
        END;
        CREATE TRIGGER search_note_delete AFTER DELETE ON task_notes BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4 + 1;
            DELETE FROM search_pending WHERE id = OLD.id * 4 + 1;
        END;
        CREATE TRIGGER search_routine_insert AFTER INSERT ON routines BEGIN
            INSERT INTO search_pending (id, space, kind, body) VALUES (NEW.id * 4 + 2, NEW.space_id, 'r', twodo_fold(NEW.name));
        END;
        CREATE TRIGGER search_routine_update AFTER UPDATE OF name, space_id ON routines BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4 + 2;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 4 + 2, NEW.space_id, 'r', twodo_fold(NEW.name));
        END;
        CREATE TRIGGER search_routine_delete AFTER DELETE ON routines BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4 + 2;
            DELETE FROM search_pending WHERE id = OLD.id * 4 + 2;
        END;
        CREATE TRIGGER search_event_insert AFTER INSERT ON events BEGIN
            INSERT INTO search_pending (id, space, kind, body) VALUES (NEW.id * 4 + 3, NEW.space_id, 'e', twodo_fold(NEW.title));
        END;
        CREATE TRIGGER search_event_update AFTER UPDATE OF title, space_id ON events BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4 + 3;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 4 + 3, NEW.space_id, 'e', twodo_fold(NEW.title));
        END;
        CREATE TRIGGER search_event_delete AFTER DELETE ON events BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 4 + 3;
            DELETE FROM search_pending WHERE id = OLD.id * 4 + 3;
        END;
        """,
        // 8: each user's undo stack: the newest changes of their commands as SQLite changesets
        // (session extension), with what the change was about for the reply and the partner's event.
        """
        CREATE TABLE undo_log (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            space_id INTEGER NOT NULL,
            at INTEGER NOT NULL,
            verb TEXT NOT NULL,
            kind TEXT NOT NULL,
            effect TEXT NOT NULL,
            title TEXT NOT NULL,
            changes BLOB NOT NULL
        );
        CREATE INDEX undo_log_user ON undo_log(user_id, id);
        """,
        // 9: a list's icon, one emoji shown before its name (NULL: none). Checked by `ListIcon` on the way in.
        "ALTER TABLE lists ADD COLUMN icon TEXT;",
        // 10: steps: a step is a task with a parent, in its parent's list and space, deleted with it.
        // The list order index leads with (list_id, parent_id) so a list's own tasks page by `parent_id IS NULL`
        // from it (and a list's cascade still finds every row by list_id); `tasks_steps` serves a task's steps,
        // their counts and the cascade. Steps have no due date, so the undated index leaves them out; they
        // count toward the space's tasks but not toward a list's open tasks (the counting triggers again).
        """
        ALTER TABLE tasks ADD COLUMN parent_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE;
        CREATE INDEX tasks_steps ON tasks(parent_id, created_at, id, done) WHERE parent_id IS NOT NULL;
        DROP INDEX tasks_list_order;
        CREATE INDEX tasks_list_order ON tasks(list_id, parent_id, done, created_at, id);
        DROP INDEX tasks_undated;
        CREATE INDEX tasks_undated ON tasks(space_id, list_id, created_at, id)
            WHERE done = 0 AND due_at IS NULL AND parent_id IS NULL;
        DROP TRIGGER tasks_counted_insert;
        DROP TRIGGER tasks_counted_delete;
        DROP TRIGGER tasks_counted_update;
        CREATE TRIGGER tasks_counted_insert AFTER INSERT ON tasks BEGIN
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
            INSERT INTO list_open_counts (list_id, open) VALUES (NEW.list_id, NEW.done = 0 AND NEW.parent_id IS NULL)
                ON CONFLICT (list_id) DO UPDATE SET open = open + (NEW.done = 0 AND NEW.parent_id IS NULL);
        END;
        CREATE TRIGGER tasks_counted_delete AFTER DELETE ON tasks BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            UPDATE list_open_counts SET open = open - 1
                WHERE list_id = OLD.list_id AND OLD.done = 0 AND OLD.parent_id IS NULL;
        END;
        CREATE TRIGGER tasks_counted_update AFTER UPDATE OF space_id, list_id, done, parent_id ON tasks BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
            UPDATE list_open_counts SET open = open - 1
                WHERE list_id = OLD.list_id AND OLD.done = 0 AND OLD.parent_id IS NULL;
            INSERT INTO list_open_counts (list_id, open) VALUES (NEW.list_id, NEW.done = 0 AND NEW.parent_id IS NULL)
                ON CONFLICT (list_id) DO UPDATE SET open = open + (NEW.done = 0 AND NEW.parent_id IS NULL);
        END;
        """,
        // 11: descriptions: `description` on tasks, routines and events (NULL: none), searched with the
        // title or name; and notes on routines and events (`item_notes`) searched too, as kind `i`. The index is
        // rebuilt with eight rowids per id: id × 8 + 0 task (title and description), + 1 task note, + 2 routine
        // (name and description), + 3 event (title and description), + 4 routine or event note. Every search
        // trigger of migration 7 is replaced; new text still waits in `search_pending`.
        """
        ALTER TABLE tasks ADD COLUMN description TEXT;
        ALTER TABLE routines ADD COLUMN description TEXT;
        ALTER TABLE events ADD COLUMN description TEXT;
        DROP TRIGGER search_task_insert;
        DROP TRIGGER search_task_update;
        DROP TRIGGER search_task_moved;
        DROP TRIGGER search_task_delete;
        DROP TRIGGER search_note_insert;
        DROP TRIGGER search_note_delete;
        DROP TRIGGER search_routine_insert;
        DROP TRIGGER search_routine_update;
        DROP TRIGGER search_routine_delete;
        DROP TRIGGER search_event_insert;
        DROP TRIGGER search_event_update;
        DROP TRIGGER search_event_delete;
        DELETE FROM search_pending;
        DELETE FROM search_index;
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 8, space_id, 't', twodo_fold(title) FROM tasks;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 1, t.space_id, 'n', twodo_fold(n.body) FROM task_notes n JOIN tasks t ON t.id = n.task_id;
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 8 + 2, space_id, 'r', twodo_fold(name) FROM routines;
        INSERT INTO search_index (rowid, space, kind, body) SELECT id * 8 + 3, space_id, 'e', twodo_fold(title) FROM events;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 4, r.space_id, 'i', twodo_fold(n.body) FROM item_notes n JOIN routines r ON r.id = n.routine_id;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 4, e.space_id, 'i', twodo_fold(n.body) FROM item_notes n JOIN events e ON e.id = n.event_id;
        CREATE TRIGGER search_task_insert AFTER INSERT ON tasks BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8, NEW.space_id, 't', twodo_fold(NEW.title || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_task_update AFTER UPDATE OF title, description, space_id ON tasks BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8, NEW.space_id, 't', twodo_fold(NEW.title || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_task_moved AFTER UPDATE OF space_id ON tasks WHEN OLD.space_id <> NEW.space_id BEGIN
            DELETE FROM search_index WHERE rowid IN (SELECT id * 8 + 1 FROM task_notes WHERE task_id = NEW.id);
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT id * 8 + 1, NEW.space_id, 'n', twodo_fold(body) FROM task_notes WHERE task_id = NEW.id;
        END;
        CREATE TRIGGER search_task_delete AFTER DELETE ON tasks BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8;
            DELETE FROM search_pending WHERE id = OLD.id * 8;
        END;
        CREATE TRIGGER search_note_insert AFTER INSERT ON task_notes BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                SELECT NEW.id * 8 + 1, space_id, 'n', twodo_fold(NEW.body) FROM tasks WHERE id = NEW.task_id;
        END;
        CREATE TRIGGER search_note_delete AFTER DELETE ON task_notes BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 1;
            DELETE FROM search_pending WHERE id = OLD.id * 8 + 1;
        END;
        CREATE TRIGGER search_routine_insert AFTER INSERT ON routines BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8 + 2, NEW.space_id, 'r', twodo_fold(NEW.name || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_routine_update AFTER UPDATE OF name, description, space_id ON routines BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 2;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8 + 2, NEW.space_id, 'r', twodo_fold(NEW.name || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_routine_moved AFTER UPDATE OF space_id ON routines WHEN OLD.space_id <> NEW.space_id BEGIN
            DELETE FROM search_index WHERE rowid IN (SELECT id * 8 + 4 FROM item_notes WHERE routine_id = NEW.id);
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT id * 8 + 4, NEW.space_id, 'i', twodo_fold(body) FROM item_notes WHERE routine_id = NEW.id;
        END;
        CREATE TRIGGER search_routine_delete AFTER DELETE ON routines BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 2;
            DELETE FROM search_pending WHERE id = OLD.id * 8 + 2;
        END;
        CREATE TRIGGER search_event_insert AFTER INSERT ON events BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8 + 3, NEW.space_id, 'e', twodo_fold(NEW.title || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_event_update AFTER UPDATE OF title, description, space_id ON events BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 3;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                VALUES (NEW.id * 8 + 3, NEW.space_id, 'e', twodo_fold(NEW.title || coalesce(' ' || NEW.description, '')));
        END;
        CREATE TRIGGER search_event_moved AFTER UPDATE OF space_id ON events WHEN OLD.space_id <> NEW.space_id BEGIN
            DELETE FROM search_index WHERE rowid IN (SELECT id * 8 + 4 FROM item_notes WHERE event_id = NEW.id);
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT id * 8 + 4, NEW.space_id, 'i', twodo_fold(body) FROM item_notes WHERE event_id = NEW.id;
        END;
        CREATE TRIGGER search_event_delete AFTER DELETE ON events BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 3;
            DELETE FROM search_pending WHERE id = OLD.id * 8 + 3;
        END;
        CREATE TRIGGER search_item_note_insert AFTER INSERT ON item_notes BEGIN
            INSERT INTO search_pending (id, space, kind, body)
                SELECT NEW.id * 8 + 4, space_id, 'i', twodo_fold(NEW.body) FROM routines WHERE id = NEW.routine_id
                UNION ALL
                SELECT NEW.id * 8 + 4, space_id, 'i', twodo_fold(NEW.body) FROM events WHERE id = NEW.event_id;
        END;
        CREATE TRIGGER search_item_note_delete AFTER DELETE ON item_notes BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 4;
            DELETE FROM search_pending WHERE id = OLD.id * 8 + 4;
        END;
        """,
        // 12: forgotten passwords: one row per account with a pending `forgot` request and/or an
        // outstanding one-time code, kept only as a yescrypt hash; a new code replaces the old one.
        """
        CREATE TABLE password_resets (
            user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            requested_at INTEGER,
            code_hash TEXT,
            expires_at INTEGER
        );
        """,
        // 13: the 1-3-5 day plan: a task is on at most one person's plan for one day (task_id
        // UNIQUE); `plan_date` is that person's local date, `bucket` NULL while in the backlog; the status is
        // todo, in_progress or deferred (done is the task's own flag). Indexes: the board (a person's day), the
        // backlog (newest first) and the rollover (open entries by day).
        """
        CREATE TABLE plan_entries (
            id INTEGER PRIMARY KEY,
            task_id INTEGER NOT NULL UNIQUE REFERENCES tasks(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            plan_date TEXT NOT NULL,
            region TEXT NOT NULL CHECK (region IN ('morning', 'afternoon', 'evening')),
            bucket TEXT CHECK (bucket IN ('must', 'complementary', 'misc')),
            position INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL CHECK (status IN ('todo', 'in_progress', 'deferred')),
            deferred_at INTEGER,
            planned_at INTEGER NOT NULL
        );
        CREATE INDEX plan_entries_board ON plan_entries(user_id, plan_date, region, bucket, position);
        CREATE INDEX plan_entries_backlog ON plan_entries(user_id, deferred_at) WHERE status = 'deferred';
        CREATE INDEX plan_entries_open ON plan_entries(plan_date, user_id) WHERE status IN ('todo', 'in_progress');
        """,
        // 14: who a task reminder is for when the line named someone (`remind me 15 minutes before` is the
        // speaker's, even on a task for the partner); NULL: the assignee, or every member.
        """
        ALTER TABLE reminders ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
        """,
        // 15: a display name: what partners see in events and listings; NULL shows the login name.
        "ALTER TABLE users ADD COLUMN display_name TEXT;",
        // 16: resume tokens: `resume <token>` logs a connection in without the password. Only a
        // digest of each token is kept; tokens go with their user, and end at logout, passwd, reset or expiry.
        """
        CREATE TABLE resume_tokens (
            id INTEGER PRIMARY KEY,
            digest TEXT NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX resume_tokens_user ON resume_tokens (user_id);
        """,
        // 17: multi-day events: the last day of an event that spans several days (NULL: one day).
        """
        ALTER TABLE events ADD COLUMN end_date TEXT;
        """,
        // 18: muted push kinds: one row per user and muted kind (`reminders`, `partner`, `chat`).
        """
        CREATE TABLE muted_kinds (
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            PRIMARY KEY (user_id, kind)
        ) WITHOUT ROWID;
        """,
        // 19: less written per durable command. `tasks_space (space_id)` duplicated the first column
        // of `tasks_due (space_id, done, due_at)`, which every query on a space's tasks can use instead (the
        // same scan of the space's entries); it cost one more index page per add. The space counter moved on
        // every done, undone and move (minus one, plus one); it now moves only when a task changes space.
        """
        DROP INDEX tasks_space;
        DROP TRIGGER tasks_counted_update;
        CREATE TRIGGER tasks_counted_space AFTER UPDATE OF space_id ON tasks
            WHEN OLD.space_id <> NEW.space_id BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
        END;
        CREATE TRIGGER tasks_counted_open AFTER UPDATE OF list_id, done, parent_id ON tasks BEGIN
            UPDATE list_open_counts SET open = open - 1
                WHERE list_id = OLD.list_id AND OLD.done = 0 AND OLD.parent_id IS NULL;
            INSERT INTO list_open_counts (list_id, open) VALUES (NEW.list_id, NEW.done = 0 AND NEW.parent_id IS NULL)
                ON CONFLICT (list_id) DO UPDATE SET open = open + (NEW.done = 0 AND NEW.parent_id IS NULL);
        END;
        """,
        // 20: multi-day one-off events by their last day: a window finds those that began before it
        // from this index instead of reading every one-off of the year before (a ninth of a month's `calendar`).
        "CREATE INDEX events_spans ON events(space_id, end_date) WHERE rec_freq IS NULL AND end_date IS NOT NULL;",
        // 21: ids never reused, composite keys within a space, people who are members (Migrations+Isolation).
        isolation,
        // 22: the search text folded under NFKC.
        searchNFKC,
        // 23: the inbox keeps its newest `Store.inboxLimit` notifications.
        inboxCap,
        // 24: listings that never walk a space's tasks: counts of done tasks per list, and the undated view's
        // index holding every column its count and its pages test.
        listingCounts,
        // 25: a note's text can be edited (`note edit`): its search text follows.
        noteEdits,
        // 26: the secret calendar feed links (`calendar link`).
        calendarLinks,
    ]

    /// The migrations that rebuild tables: they run with `PRAGMA foreign_keys = OFF` (a dropped parent would
    /// otherwise cascade into its children), and commit only when `PRAGMA foreign_key_check` finds nothing.
    static let rebuildingTables: Set<Int> = [21]

    /// 22: the search text folded under NFKC (`twodo_fold` now maps compatibility characters first, so `file`
    /// finds `ﬁle` and `abc` finds `ＡＢＣ`): every row of the index is written again from its source, as the
    /// triggers of migration 11 write it (titles with their descriptions), and what waited unflushed is dropped
    /// (it is rewritten here too).
    static let searchNFKC = """
        DELETE FROM search_pending;
        DELETE FROM search_index;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT id * 8, space_id, 't', twodo_fold(title || coalesce(' ' || description, '')) FROM tasks;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 1, t.space_id, 'n', twodo_fold(n.body) FROM task_notes n JOIN tasks t ON t.id = n.task_id;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT id * 8 + 2, space_id, 'r', twodo_fold(name || coalesce(' ' || description, '')) FROM routines;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT id * 8 + 3, space_id, 'e', twodo_fold(title || coalesce(' ' || description, '')) FROM events;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 4, r.space_id, 'i', twodo_fold(n.body) FROM item_notes n JOIN routines r ON r.id = n.routine_id;
        INSERT INTO search_index (rowid, space, kind, body)
            SELECT n.id * 8 + 4, e.space_id, 'i', twodo_fold(n.body) FROM item_notes n JOIN events e ON e.id = n.event_id;
        """

    /// A user's notifications newest first straight from an index (`notifications_user` orders by
    /// `is_read` first, so newest-first paging sorted every row of the user), a count of what the cap
    /// dropped, and existing inboxes cut to the cap once, here, rather than on the loop.
    static let inboxCap = """
        CREATE INDEX notifications_newest ON notifications(user_id, id);
        ALTER TABLE users ADD COLUMN inbox_dropped INTEGER NOT NULL DEFAULT 0;
        UPDATE users SET inbox_dropped = (
            SELECT max(0, count(*) - 1000) FROM notifications n WHERE n.user_id = users.id);
        DELETE FROM notifications WHERE id IN (
            SELECT id FROM (
                SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS r FROM notifications)
            WHERE r > 1000);
        """

    /// 24: `lists` read each list's open and done counts by counting its tasks (6–12 ms for a space of 100,000,
    /// on the loop); `list_open_counts` now keeps the done count beside the open one, in the same trigger
    /// statements. `tasks_undated` gains the columns its statements test (`assignee_id` for `mine`, and the
    /// columns of its own WHERE, which SQLite 3.40 reads from the row otherwise): the agenda's count and a page
    /// asked for by number stay in the index instead of reading every undated task's row (19 ms for 100,000).
    static let listingCounts = """
        DROP INDEX tasks_undated;
        CREATE INDEX tasks_undated ON tasks(space_id, list_id, created_at, id, assignee_id, done, due_at, parent_id)
            WHERE done = 0 AND due_at IS NULL AND parent_id IS NULL;
        ALTER TABLE list_open_counts ADD COLUMN done INTEGER NOT NULL DEFAULT 0;
        INSERT INTO list_open_counts (list_id, open)
            SELECT l.id, (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL)
            FROM lists l WHERE l.id NOT IN (SELECT list_id FROM list_open_counts);
        UPDATE list_open_counts SET done = (
            SELECT count(*) FROM tasks t WHERE t.list_id = list_open_counts.list_id AND t.done <> 0 AND t.parent_id IS NULL);
        DROP TRIGGER tasks_counted_insert;
        CREATE TRIGGER tasks_counted_insert AFTER INSERT ON tasks BEGIN
            INSERT INTO space_task_counts (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = tasks + 1;
            INSERT INTO list_open_counts (list_id, open, done)
                VALUES (NEW.list_id, NEW.done = 0 AND NEW.parent_id IS NULL, NEW.done <> 0 AND NEW.parent_id IS NULL)
                ON CONFLICT (list_id) DO UPDATE SET open = open + excluded.open, done = done + excluded.done;
        END;
        DROP TRIGGER tasks_counted_delete;
        CREATE TRIGGER tasks_counted_delete AFTER DELETE ON tasks BEGIN
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            UPDATE list_open_counts SET open = open - (OLD.done = 0), done = done - (OLD.done <> 0)
                WHERE list_id = OLD.list_id AND OLD.parent_id IS NULL;
        END;
        DROP TRIGGER tasks_counted_open;
        CREATE TRIGGER tasks_counted_open AFTER UPDATE OF list_id, done, parent_id ON tasks BEGIN
            UPDATE list_open_counts SET open = open - (OLD.done = 0), done = done - (OLD.done <> 0)
                WHERE list_id = OLD.list_id AND OLD.parent_id IS NULL;
            INSERT INTO list_open_counts (list_id, open, done)
                VALUES (NEW.list_id, NEW.done = 0 AND NEW.parent_id IS NULL, NEW.done <> 0 AND NEW.parent_id IS NULL)
                ON CONFLICT (list_id) DO UPDATE SET open = open + excluded.open, done = done + excluded.done;
        END;
        """

    /// 25: `note edit` rewrites a note's body in place (same id, same place in its item's list); the search
    /// text is queued again as for a new note, the indexed row dropped until the queue is drained.
    static let noteEdits = """
        CREATE TRIGGER search_note_update AFTER UPDATE OF body ON task_notes BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 1;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT NEW.id * 8 + 1, space_id, 'n', twodo_fold(NEW.body) FROM tasks WHERE id = NEW.task_id;
        END;
        CREATE TRIGGER search_item_note_update AFTER UPDATE OF body ON item_notes BEGIN
            DELETE FROM search_index WHERE rowid = OLD.id * 8 + 4;
            INSERT OR REPLACE INTO search_pending (id, space, kind, body)
                SELECT NEW.id * 8 + 4, space_id, 'i', twodo_fold(NEW.body) FROM routines WHERE id = NEW.routine_id
                UNION ALL
                SELECT NEW.id * 8 + 4, space_id, 'i', twodo_fold(NEW.body) FROM events WHERE id = NEW.event_id;
        END;
        """

    /// 26: one secret calendar feed link per user (`calendar link`), kept as the digest of its secret, gone with
    /// the account.
    static let calendarLinks = """
        CREATE TABLE calendar_links (
            user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            digest TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL
        );
        """
}
