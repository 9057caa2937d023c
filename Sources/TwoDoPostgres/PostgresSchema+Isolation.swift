// The PostgreSQL side of isolation by construction (SQLite's migration 21): composite keys within a space, and
// people on a row who are members of its space.

extension PostgresSchema {
    /// Version 2. Ids come from identity sequences, which never hand an id out twice, so what SQLite
    /// needed AUTOINCREMENT for holds already. Here: the parents get `UNIQUE (space_id, id)`; every row that hangs
    /// on a space's row carries `space_id` and points at `(space_id, id)` (ON UPDATE CASCADE: a join that moves a
    /// routine moves what hangs on it); a BEFORE INSERT trigger fills a child's `space_id` from its parent when the
    /// writer leaves it out, so the statements that add a note or a mark need not name the space. The people a row
    /// names must be members of its space: `twodo_members_check` on insert and on every update that sets one of
    /// them or moves the row. Rows that broke these rules are mended as SQLite's migration mends them; undo
    /// entries recorded before are dropped.
    static let isolation = """
        DELETE FROM undo_log;
        ALTER TABLE lists ADD CONSTRAINT lists_space_id_key UNIQUE (space_id, id);
        ALTER TABLE tasks ADD CONSTRAINT tasks_space_id_key UNIQUE (space_id, id);
        ALTER TABLE routines ADD CONSTRAINT routines_space_id_key UNIQUE (space_id, id);
        ALTER TABLE events ADD CONSTRAINT events_space_id_key UNIQUE (space_id, id);

        UPDATE tasks t SET list_id = d.id
        FROM lists d
        WHERE d.space_id = t.space_id AND d.is_default = 1
          AND NOT EXISTS (SELECT 1 FROM lists l WHERE l.id = t.list_id AND l.space_id = t.space_id);
        DELETE FROM tasks t WHERE NOT EXISTS (SELECT 1 FROM lists l WHERE l.id = t.list_id AND l.space_id = t.space_id);
        UPDATE tasks t SET parent_id = NULL
        WHERE parent_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM tasks p WHERE p.id = t.parent_id AND p.space_id = t.space_id);
        ALTER TABLE tasks DROP CONSTRAINT IF EXISTS tasks_list_id_fkey;
        ALTER TABLE tasks DROP CONSTRAINT IF EXISTS tasks_parent_id_fkey;
        ALTER TABLE tasks ADD CONSTRAINT tasks_list_fkey FOREIGN KEY (space_id, list_id)
            REFERENCES lists(space_id, id) ON DELETE CASCADE ON UPDATE CASCADE;
        ALTER TABLE tasks ADD CONSTRAINT tasks_parent_fkey FOREIGN KEY (space_id, parent_id)
            REFERENCES tasks(space_id, id) ON DELETE CASCADE;

        DO $$
        DECLARE
            c record;
        BEGIN
            -- (child table, parent column, parent table)
            FOR c IN SELECT * FROM (VALUES
                ('task_notes', 'task_id', 'tasks'), ('reminders', 'task_id', 'tasks'),
                ('plan_entries', 'task_id', 'tasks'),
                ('routine_schedules', 'routine_id', 'routines'), ('routine_pauses', 'routine_id', 'routines'),
                ('routine_marks', 'routine_id', 'routines'), ('event_exceptions', 'event_id', 'events'),
                ('item_notes', 'routine_id', 'routines'), ('item_notes', 'event_id', 'events'),
                ('schedule_reminders', 'routine_id', 'routines'), ('schedule_reminders', 'event_id', 'events')
            ) AS v(child, col, parent) LOOP
                EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS space_id bigint', c.child);
                EXECUTE format('UPDATE %I x SET space_id = p.space_id FROM %I p WHERE p.id = x.%I',
                    c.child, c.parent, c.col);
                EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', c.child, c.child || '_' || c.col || '_fkey');
                EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (space_id, %I) REFERENCES %I(space_id, id) '
                    'ON DELETE CASCADE ON UPDATE CASCADE', c.child, c.child || '_' || c.col || '_space_fkey', c.col,
                    c.parent);
            END LOOP;
            FOREACH c.child IN ARRAY ARRAY['task_notes', 'reminders', 'plan_entries', 'routine_schedules',
                'routine_pauses', 'routine_marks', 'event_exceptions', 'item_notes', 'schedule_reminders'] LOOP
                EXECUTE format('DELETE FROM %I WHERE space_id IS NULL', c.child);
                EXECUTE format('ALTER TABLE %I ALTER COLUMN space_id SET NOT NULL', c.child);
            END LOOP;
        END $$;

        CREATE FUNCTION twodo_space_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.space_id IS NULL THEN
                NEW.space_id := CASE TG_ARGV[0]
                    WHEN 'task' THEN (SELECT space_id FROM tasks WHERE id = (to_jsonb(NEW)->>'task_id')::bigint)
                    WHEN 'routine' THEN (SELECT space_id FROM routines WHERE id = (to_jsonb(NEW)->>'routine_id')::bigint)
                    WHEN 'event' THEN (SELECT space_id FROM events WHERE id = (to_jsonb(NEW)->>'event_id')::bigint)
                    ELSE coalesce(
                        (SELECT space_id FROM routines WHERE id = (to_jsonb(NEW)->>'routine_id')::bigint),
                        (SELECT space_id FROM events WHERE id = (to_jsonb(NEW)->>'event_id')::bigint))
                END;
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER a_space BEFORE INSERT ON task_notes FOR EACH ROW EXECUTE FUNCTION twodo_space_from_parent('task');
        CREATE TRIGGER a_space BEFORE INSERT ON reminders FOR EACH ROW EXECUTE FUNCTION twodo_space_from_parent('task');
        CREATE TRIGGER a_space BEFORE INSERT ON plan_entries FOR EACH ROW EXECUTE FUNCTION twodo_space_from_parent('task');
        CREATE TRIGGER a_space BEFORE INSERT ON routine_schedules FOR EACH ROW
            EXECUTE FUNCTION twodo_space_from_parent('routine');
        CREATE TRIGGER a_space BEFORE INSERT ON routine_pauses FOR EACH ROW
            EXECUTE FUNCTION twodo_space_from_parent('routine');
        CREATE TRIGGER a_space BEFORE INSERT ON routine_marks FOR EACH ROW
            EXECUTE FUNCTION twodo_space_from_parent('routine');
        CREATE TRIGGER a_space BEFORE INSERT ON event_exceptions FOR EACH ROW
            EXECUTE FUNCTION twodo_space_from_parent('event');
        CREATE TRIGGER a_space BEFORE INSERT ON item_notes FOR EACH ROW EXECUTE FUNCTION twodo_space_from_parent('item');
        CREATE TRIGGER a_space BEFORE INSERT ON schedule_reminders FOR EACH ROW
            EXECUTE FUNCTION twodo_space_from_parent('item');

        -- People: a name that is no member's is cleared; then each write is checked.
        DO $$
        DECLARE
            c record;
        BEGIN
            FOR c IN SELECT * FROM (VALUES
                ('tasks', 'created_by'), ('tasks', 'assignee_id'), ('tasks', 'completed_by'),
                ('task_notes', 'author_id'), ('routines', 'created_by'), ('routines', 'assignee_id'),
                ('routine_marks', 'by_id'), ('events', 'created_by'), ('events', 'assignee_id'),
                ('item_notes', 'author_id')
            ) AS v(tbl, col) LOOP
                EXECUTE format('UPDATE %I x SET %I = NULL WHERE %I IS NOT NULL AND NOT EXISTS '
                    '(SELECT 1 FROM users u WHERE u.id = x.%I AND u.space_id = x.space_id)', c.tbl, c.col, c.col, c.col);
            END LOOP;
        END $$;
        DELETE FROM plan_entries x
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id AND u.space_id = x.space_id);
        DELETE FROM reminders x WHERE user_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id AND u.space_id = x.space_id);

        CREATE FUNCTION twodo_members_check() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            col text;
            who bigint;
        BEGIN
            FOREACH col IN ARRAY TG_ARGV LOOP
                who := (to_jsonb(NEW)->>col)::bigint;
                CONTINUE WHEN who IS NULL;
                CONTINUE WHEN TG_OP = 'UPDATE' AND OLD.space_id = NEW.space_id
                    AND (to_jsonb(OLD)->>col)::bigint IS NOT DISTINCT FROM who;
                IF NOT EXISTS (SELECT 1 FROM users WHERE id = who AND space_id = NEW.space_id) THEN
                    RAISE EXCEPTION USING ERRCODE = 'TD002',
                        MESSAGE = format('twodo: %s of a %s row is not a member of its space', col, TG_TABLE_NAME);
                END IF;
            END LOOP;
            RETURN NEW;
        END $$;
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, created_by, assignee_id, completed_by ON tasks
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('created_by', 'assignee_id', 'completed_by');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, author_id ON task_notes
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('author_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, user_id ON reminders
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('user_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, created_by, assignee_id ON routines
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('created_by', 'assignee_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, by_id ON routine_marks
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('by_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, created_by, assignee_id ON events
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('created_by', 'assignee_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, author_id ON item_notes
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('author_id');
        CREATE TRIGGER b_members BEFORE INSERT OR UPDATE OF space_id, user_id ON plan_entries
            FOR EACH ROW EXECUTE FUNCTION twodo_members_check('user_id');
        """
}
