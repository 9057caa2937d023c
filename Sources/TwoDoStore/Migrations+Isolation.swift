// Migration 21: isolation by construction. Ids are never reused, and a row of a space can only point at rows
// of the same space, whatever code path writes it (undo, restore, copy, import included).

extension Migrations {
    /// 21. Every table with an id is rebuilt `AUTOINCREMENT`, so a deleted row's id is never handed
    /// out again: an undo that re-inserts a row by its old id can only meet that row's own past, never another
    /// couple's new row. Every row that hangs on a space's row carries `space_id` and points at `(space_id, id)`
    /// through a composite foreign key (ON UPDATE CASCADE, so a join that moves a routine or a task to the
    /// partner's space moves what hangs on it in the same statement; a step's key to its task does not cascade:
    /// a move updates the task and its steps in one statement, and a cascade there would run the search
    /// triggers under ABORT); the parents carry `UNIQUE (space_id, id)` for it. The people a row names (creator, assignee, completer, author, plan owner, a reminder's person)
    /// must be members of the row's space: checked by BEFORE triggers on every insert and on every update that
    /// sets one of them or moves the row (SQLite cannot cascade a composite key to NULL without nulling the
    /// space). Rows that already broke these rules are mended on the way: a task whose list is another space's
    /// goes to its space's default list, a step whose parent is elsewhere becomes a task, a non-member's name is
    /// cleared, a plan entry or reminder of a non-member goes. Undo entries recorded before this migration may
    /// name reused ids: none is carried over. The counters are counted again. Runs with foreign keys off (the
    /// tables are dropped and renamed), checked by `PRAGMA foreign_key_check` before it commits.
    static let isolation = """
        CREATE TABLE spaces__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT,
            created_at INTEGER NOT NULL
        );
        INSERT INTO spaces__new (id, name, created_at) SELECT id, name, created_at FROM spaces;
        CREATE TABLE users__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            lang TEXT NOT NULL DEFAULT 'en',
            tz TEXT NOT NULL DEFAULT 'UTC',
            space_id INTEGER NOT NULL REFERENCES spaces(id),
            created_at INTEGER NOT NULL,
            week_start TEXT,
            name_skeleton TEXT,
            display_name TEXT
        );
        INSERT INTO users__new SELECT id, name, name_key, password_hash, lang, tz, space_id, created_at, week_start, name_skeleton, display_name FROM users;
        CREATE TABLE lists__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            icon TEXT,
            UNIQUE (space_id, name_key),
            UNIQUE (space_id, id)
        );
        INSERT INTO lists__new SELECT id, space_id, name, name_key, is_default, created_at, icon FROM lists;
        CREATE TABLE tasks__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            list_id INTEGER NOT NULL,
            title TEXT NOT NULL,
            title_key TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0,
            assignee_id INTEGER REFERENCES users(id),
            created_by INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            completed_by INTEGER REFERENCES users(id),
            completed_at INTEGER,
            due_date TEXT,
            due_time TEXT,
            due_tz TEXT,
            due_at INTEGER,
            scheduled_date TEXT,
            priority TEXT NOT NULL DEFAULT 'none',
            recurrence TEXT,
            nag_minutes INTEGER,
            parent_id INTEGER,
            description TEXT,
            UNIQUE (space_id, id),
            FOREIGN KEY (space_id, list_id) REFERENCES lists(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE,
            FOREIGN KEY (space_id, parent_id) REFERENCES tasks(space_id, id) ON DELETE CASCADE
        );
        INSERT INTO tasks__new SELECT * FROM (
            SELECT t.id, t.space_id, (SELECT l.id FROM lists l WHERE l.space_id = t.space_id AND (l.id = t.list_id OR l.is_default = 1) ORDER BY l.is_default LIMIT 1) AS list_id, t.title, t.title_key, t.done,
                CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = t.assignee_id AND u.space_id = t.space_id) THEN t.assignee_id END, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = t.created_by AND u.space_id = t.space_id) THEN t.created_by END, t.created_at, t.updated_at,
                CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = t.completed_by AND u.space_id = t.space_id) THEN t.completed_by END, t.completed_at, t.due_date, t.due_time, t.due_tz, t.due_at,
                t.scheduled_date, t.priority, t.recurrence, t.nag_minutes,
                CASE WHEN EXISTS (SELECT 1 FROM tasks p WHERE p.id = t.parent_id AND p.space_id = t.space_id) THEN t.parent_id END,
                t.description
            FROM tasks t) WHERE list_id IS NOT NULL;
        CREATE TABLE task_notes__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            task_id INTEGER NOT NULL,
            author_id INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            body TEXT NOT NULL,
            space_id INTEGER NOT NULL,
            FOREIGN KEY (space_id, task_id) REFERENCES tasks(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO task_notes__new
            SELECT n.id, n.task_id, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = n.author_id AND u.space_id = t.space_id) THEN n.author_id END, n.created_at, n.body, t.space_id
            FROM task_notes n JOIN tasks__new t ON t.id = n.task_id;
        CREATE TABLE notifications__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            key TEXT NOT NULL,
            args TEXT NOT NULL,
            is_read INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO notifications__new SELECT id, user_id, created_at, key, args, is_read FROM notifications;
        CREATE TABLE reminders__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            task_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            offset_minutes INTEGER,
            fire_at INTEGER NOT NULL,
            fired_at INTEGER,
            user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
            space_id INTEGER NOT NULL,
            FOREIGN KEY (space_id, task_id) REFERENCES tasks(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO reminders__new
            SELECT r.id, r.task_id, r.kind, r.offset_minutes, r.fire_at, r.fired_at, r.user_id, t.space_id
            FROM reminders r JOIN tasks__new t ON t.id = r.task_id
            WHERE r.user_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.space_id = t.space_id);
        CREATE TABLE routines__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            assignee_id INTEGER REFERENCES users(id),
            created_by INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            time TEXT,
            description TEXT,
            UNIQUE (space_id, id)
        );
        INSERT INTO routines__new
            SELECT r.id, r.space_id, r.name, r.name_key, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = r.assignee_id AND u.space_id = r.space_id) THEN r.assignee_id END,
                CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = r.created_by AND u.space_id = r.space_id) THEN r.created_by END, r.created_at, r.time, r.description
            FROM routines r;
        CREATE TABLE routine_schedules__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            routine_id INTEGER NOT NULL,
            since TEXT NOT NULL,
            rule TEXT NOT NULL,
            space_id INTEGER NOT NULL,
            UNIQUE (routine_id, since),
            FOREIGN KEY (space_id, routine_id) REFERENCES routines(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO routine_schedules__new
            SELECT s.id, s.routine_id, s.since, s.rule, r.space_id FROM routine_schedules s JOIN routines__new r ON r.id = s.routine_id;
        CREATE TABLE routine_pauses__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            routine_id INTEGER NOT NULL,
            from_date TEXT NOT NULL,
            to_date TEXT,
            space_id INTEGER NOT NULL,
            FOREIGN KEY (space_id, routine_id) REFERENCES routines(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO routine_pauses__new
            SELECT p.id, p.routine_id, p.from_date, p.to_date, r.space_id FROM routine_pauses p JOIN routines__new r ON r.id = p.routine_id;
        CREATE TABLE routine_marks__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            routine_id INTEGER NOT NULL,
            day TEXT NOT NULL,
            state TEXT NOT NULL,
            by_id INTEGER REFERENCES users(id),
            at INTEGER NOT NULL,
            space_id INTEGER NOT NULL,
            UNIQUE (routine_id, day),
            FOREIGN KEY (space_id, routine_id) REFERENCES routines(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO routine_marks__new
            SELECT m.id, m.routine_id, m.day, m.state, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = m.by_id AND u.space_id = r.space_id) THEN m.by_id END, m.at, r.space_id
            FROM routine_marks m JOIN routines__new r ON r.id = m.routine_id;
        CREATE TABLE events__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
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
            updated_at INTEGER NOT NULL,
            description TEXT,
            end_date TEXT,
            UNIQUE (space_id, id)
        );
        INSERT INTO events__new
            SELECT e.id, e.space_id, e.title, e.title_key, e.start_date, e.start_time, e.end_time, e.tz, e.location,
                e.remind_minutes, e.rec_freq, e.rec_interval, e.rec_weekdays, e.rec_month_day, e.rec_month, e.rec_ordinal,
                e.rec_until, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = e.assignee_id AND u.space_id = e.space_id) THEN e.assignee_id END, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = e.created_by AND u.space_id = e.space_id) THEN e.created_by END, e.created_at,
                e.updated_at, e.description, e.end_date
            FROM events e;
        CREATE TABLE event_exceptions__new (
            event_id INTEGER NOT NULL,
            day TEXT NOT NULL,
            cancelled INTEGER NOT NULL DEFAULT 0,
            new_date TEXT,
            new_time TEXT,
            new_end TEXT,
            space_id INTEGER NOT NULL,
            PRIMARY KEY (event_id, day),
            FOREIGN KEY (space_id, event_id) REFERENCES events(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO event_exceptions__new
            SELECT x.event_id, x.day, x.cancelled, x.new_date, x.new_time, x.new_end, e.space_id
            FROM event_exceptions x JOIN events__new e ON e.id = x.event_id;
        CREATE TABLE item_notes__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            routine_id INTEGER,
            event_id INTEGER,
            author_id INTEGER REFERENCES users(id),
            created_at INTEGER NOT NULL,
            body TEXT NOT NULL,
            space_id INTEGER NOT NULL,
            CHECK ((routine_id IS NULL) <> (event_id IS NULL)),
            FOREIGN KEY (space_id, routine_id) REFERENCES routines(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE,
            FOREIGN KEY (space_id, event_id) REFERENCES events(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO item_notes__new
            SELECT n.id, n.routine_id, NULL, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = n.author_id AND u.space_id = r.space_id) THEN n.author_id END, n.created_at, n.body, r.space_id
            FROM item_notes n JOIN routines__new r ON r.id = n.routine_id WHERE n.event_id IS NULL;
        INSERT INTO item_notes__new
            SELECT n.id, NULL, n.event_id, CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = n.author_id AND u.space_id = e.space_id) THEN n.author_id END, n.created_at, n.body, e.space_id
            FROM item_notes n JOIN events__new e ON e.id = n.event_id WHERE n.routine_id IS NULL;
        CREATE TABLE schedule_reminders__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id INTEGER,
            routine_id INTEGER,
            day TEXT NOT NULL,
            fire_at INTEGER NOT NULL,
            fired_at INTEGER,
            space_id INTEGER NOT NULL,
            CHECK ((routine_id IS NULL) <> (event_id IS NULL)),
            FOREIGN KEY (space_id, event_id) REFERENCES events(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE,
            FOREIGN KEY (space_id, routine_id) REFERENCES routines(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO schedule_reminders__new
            SELECT s.id, s.event_id, NULL, s.day, s.fire_at, s.fired_at, e.space_id
            FROM schedule_reminders s JOIN events__new e ON e.id = s.event_id WHERE s.routine_id IS NULL;
        INSERT INTO schedule_reminders__new
            SELECT s.id, NULL, s.routine_id, s.day, s.fire_at, s.fired_at, r.space_id
            FROM schedule_reminders s JOIN routines__new r ON r.id = s.routine_id WHERE s.event_id IS NULL;
        CREATE TABLE undo_log__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            space_id INTEGER NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
            at INTEGER NOT NULL,
            verb TEXT NOT NULL,
            kind TEXT NOT NULL,
            effect TEXT NOT NULL,
            title TEXT NOT NULL,
            changes BLOB NOT NULL
        );
        -- Undo entries recorded before this migration may name ids that were reused: none is carried over.
        CREATE TABLE plan_entries__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            task_id INTEGER NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            plan_date TEXT NOT NULL,
            region TEXT NOT NULL CHECK (region IN ('morning', 'afternoon', 'evening')),
            bucket TEXT CHECK (bucket IN ('must', 'complementary', 'misc')),
            position INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL CHECK (status IN ('todo', 'in_progress', 'deferred')),
            deferred_at INTEGER,
            planned_at INTEGER NOT NULL,
            space_id INTEGER NOT NULL,
            FOREIGN KEY (space_id, task_id) REFERENCES tasks(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE
        );
        INSERT INTO plan_entries__new
            SELECT p.id, p.task_id, p.user_id, p.plan_date, p.region, p.bucket, p.position, p.status, p.deferred_at,
                p.planned_at, t.space_id
            FROM plan_entries p JOIN tasks__new t ON t.id = p.task_id
            WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.space_id = t.space_id);
        CREATE TABLE resume_tokens__new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            digest TEXT NOT NULL UNIQUE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        INSERT INTO resume_tokens__new SELECT id, digest, user_id, created_at, expires_at FROM resume_tokens;
        DROP TABLE resume_tokens;
        DROP TABLE plan_entries;
        DROP TABLE undo_log;
        DROP TABLE schedule_reminders;
        DROP TABLE item_notes;
        DROP TABLE event_exceptions;
        DROP TABLE events;
        DROP TABLE routine_marks;
        DROP TABLE routine_pauses;
        DROP TABLE routine_schedules;
        DROP TABLE routines;
        DROP TABLE reminders;
        DROP TABLE notifications;
        DROP TABLE task_notes;
        DROP TABLE tasks;
        DROP TABLE lists;
        DROP TABLE users;
        DROP TABLE spaces;
        ALTER TABLE spaces__new RENAME TO spaces;
        ALTER TABLE users__new RENAME TO users;
        ALTER TABLE lists__new RENAME TO lists;
        ALTER TABLE tasks__new RENAME TO tasks;
        ALTER TABLE task_notes__new RENAME TO task_notes;
        ALTER TABLE notifications__new RENAME TO notifications;
        ALTER TABLE reminders__new RENAME TO reminders;
        ALTER TABLE routines__new RENAME TO routines;
        ALTER TABLE routine_schedules__new RENAME TO routine_schedules;
        ALTER TABLE routine_pauses__new RENAME TO routine_pauses;
        ALTER TABLE routine_marks__new RENAME TO routine_marks;
        ALTER TABLE events__new RENAME TO events;
        ALTER TABLE event_exceptions__new RENAME TO event_exceptions;
        ALTER TABLE item_notes__new RENAME TO item_notes;
        ALTER TABLE schedule_reminders__new RENAME TO schedule_reminders;
        ALTER TABLE undo_log__new RENAME TO undo_log;
        ALTER TABLE plan_entries__new RENAME TO plan_entries;
        ALTER TABLE resume_tokens__new RENAME TO resume_tokens;
        CREATE INDEX users_space ON users(space_id);
        CREATE INDEX task_notes_task ON task_notes(task_id, id);
        CREATE INDEX notifications_user ON notifications(user_id, is_read, id);
        CREATE INDEX tasks_due ON tasks(space_id, done, due_at);
        CREATE INDEX reminders_task ON reminders(task_id);
        CREATE INDEX reminders_pending ON reminders(fire_at) WHERE fired_at IS NULL;
        CREATE INDEX routine_pauses_routine ON routine_pauses(routine_id);
        CREATE INDEX events_once ON events(space_id, start_date) WHERE rec_freq IS NULL;
        CREATE INDEX events_series ON events(space_id, start_date) WHERE rec_freq IS NOT NULL;
        CREATE INDEX item_notes_routine ON item_notes(routine_id, id) WHERE routine_id IS NOT NULL;
        CREATE INDEX item_notes_event ON item_notes(event_id, id) WHERE event_id IS NOT NULL;
        CREATE INDEX schedule_reminders_pending ON schedule_reminders(fire_at) WHERE fired_at IS NULL;
        CREATE INDEX schedule_reminders_event ON schedule_reminders(event_id) WHERE event_id IS NOT NULL;
        CREATE INDEX schedule_reminders_routine ON schedule_reminders(routine_id) WHERE routine_id IS NOT NULL;
        CREATE INDEX users_skeleton ON users(name_skeleton);
        CREATE INDEX undo_log_user ON undo_log(user_id, id);
        CREATE INDEX tasks_steps ON tasks(parent_id, created_at, id, done) WHERE parent_id IS NOT NULL;
        CREATE INDEX tasks_list_order ON tasks(list_id, parent_id, done, created_at, id);
        CREATE INDEX tasks_undated ON tasks(space_id, list_id, created_at, id)
                    WHERE done = 0 AND due_at IS NULL AND parent_id IS NULL;
        CREATE INDEX plan_entries_board ON plan_entries(user_id, plan_date, region, bucket, position);
        CREATE INDEX plan_entries_backlog ON plan_entries(user_id, deferred_at) WHERE status = 'deferred';
        CREATE INDEX plan_entries_open ON plan_entries(plan_date, user_id) WHERE status IN ('todo', 'in_progress');
        CREATE INDEX resume_tokens_user ON resume_tokens (user_id);
        CREATE INDEX events_spans ON events(space_id, end_date) WHERE rec_freq IS NULL AND end_date IS NOT NULL;
        CREATE TRIGGER lists_counted_delete AFTER DELETE ON lists BEGIN
                    DELETE FROM list_open_counts WHERE list_id = OLD.id;
                END;
        CREATE TRIGGER spaces_counted_delete AFTER DELETE ON spaces BEGIN
                    DELETE FROM space_task_counts WHERE space_id = OLD.id;
                END;
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
        CREATE TRIGGER tasks_members_insert BEFORE INSERT ON tasks
            WHEN (NEW.created_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
                OR (NEW.completed_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.completed_by AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER tasks_members_update BEFORE UPDATE OF space_id, created_by, assignee_id, completed_by ON tasks
            WHEN (NEW.created_by IS NOT NULL AND (NEW.created_by IS NOT OLD.created_by OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND (NEW.assignee_id IS NOT OLD.assignee_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
                OR (NEW.completed_by IS NOT NULL AND (NEW.completed_by IS NOT OLD.completed_by OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.completed_by AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER task_notes_members_insert BEFORE INSERT ON task_notes
            WHEN (NEW.author_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.author_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER task_notes_members_update BEFORE UPDATE OF space_id, author_id ON task_notes
            WHEN (NEW.author_id IS NOT NULL AND (NEW.author_id IS NOT OLD.author_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.author_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER reminders_members_insert BEFORE INSERT ON reminders
            WHEN (NEW.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER reminders_members_update BEFORE UPDATE OF space_id, user_id ON reminders
            WHEN (NEW.user_id IS NOT NULL AND (NEW.user_id IS NOT OLD.user_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER routines_members_insert BEFORE INSERT ON routines
            WHEN (NEW.created_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER routines_members_update BEFORE UPDATE OF space_id, created_by, assignee_id ON routines
            WHEN (NEW.created_by IS NOT NULL AND (NEW.created_by IS NOT OLD.created_by OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND (NEW.assignee_id IS NOT OLD.assignee_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER routine_marks_members_insert BEFORE INSERT ON routine_marks
            WHEN (NEW.by_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.by_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER routine_marks_members_update BEFORE UPDATE OF space_id, by_id ON routine_marks
            WHEN (NEW.by_id IS NOT NULL AND (NEW.by_id IS NOT OLD.by_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.by_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER events_members_insert BEFORE INSERT ON events
            WHEN (NEW.created_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER events_members_update BEFORE UPDATE OF space_id, created_by, assignee_id ON events
            WHEN (NEW.created_by IS NOT NULL AND (NEW.created_by IS NOT OLD.created_by OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.created_by AND space_id = NEW.space_id))
                OR (NEW.assignee_id IS NOT NULL AND (NEW.assignee_id IS NOT OLD.assignee_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.assignee_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER item_notes_members_insert BEFORE INSERT ON item_notes
            WHEN (NEW.author_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.author_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER item_notes_members_update BEFORE UPDATE OF space_id, author_id ON item_notes
            WHEN (NEW.author_id IS NOT NULL AND (NEW.author_id IS NOT OLD.author_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.author_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER plan_entries_members_insert BEFORE INSERT ON plan_entries
            WHEN (NEW.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        CREATE TRIGGER plan_entries_members_update BEFORE UPDATE OF space_id, user_id ON plan_entries
            WHEN (NEW.user_id IS NOT NULL AND (NEW.user_id IS NOT OLD.user_id OR NEW.space_id <> OLD.space_id)
                AND NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND space_id = NEW.space_id))
        BEGIN SELECT RAISE(ABORT, 'twodo: a person named on a row is not a member of its space'); END;
        DELETE FROM space_task_counts;
        INSERT INTO space_task_counts SELECT space_id, count(*) FROM tasks GROUP BY space_id;
        DELETE FROM list_open_counts;
        INSERT INTO list_open_counts SELECT list_id, count(*) FROM tasks WHERE done = 0 AND parent_id IS NULL GROUP BY list_id;
        """
}
