// The PostgreSQL DDL of `undo`: row triggers that capture content changes while a command is recorded, and
// the PL/pgSQL function that reverses a recorded change only if its rows are still as it left them.

extension PostgresSchema {
    /// Part of version 1 (see `PostgresMigrations.all`).
    ///
    /// Recording: while `twodo.recording` is `on` (set transaction-locally by `recordingChanges`), an AFTER
    /// ROW trigger on each content table (`Store.undoTables`) appends the row's images as jsonb to
    /// `undo_capture`, tagged with the backend (UNLOGGED: its rows never outlive the recording transaction, and
    /// another connection's uncommitted rows are invisible anyway). `twodo_undo_key` names a row
    /// (`event_exceptions` has a two-column key, every other table `id`).
    ///
    /// Reversal: `twodo_undo_apply(changes, tables, lenient)` takes the recorded net changes (a jsonb array of
    /// `{t, old, new}`, the ChangeRecord payload), checks every row of a non-lenient table is still as the
    /// change left it (all columns of an inserted row, the changed columns of an updated one, a deleted row
    /// still absent), then in one subtransaction re-inserts deleted rows (parents first: `tables` order, then
    /// id), reverts updates and deletes inserted rows (newest first), recording as it goes: a cascade onto a
    /// row the entry does not know (a note the partner added since) aborts it. Lenient tables (reminders,
    /// whose fired time the server moves on) are settled in the reversal's favour. Answers false, having
    /// changed nothing, on any refusal or constraint failure.
    static let undo = """
        CREATE UNLOGGED TABLE undo_capture (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            backend integer NOT NULL DEFAULT pg_backend_pid(),
            tbl text NOT NULL,
            old jsonb,
            new jsonb
        );
        CREATE INDEX undo_capture_backend ON undo_capture(backend, seq);

        CREATE FUNCTION twodo_undo_key(tbl text, image jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
            SELECT CASE WHEN tbl = 'event_exceptions' THEN (image->>'event_id') || ',' || (image->>'day')
                        ELSE image->>'id' END
        $$;

        CREATE FUNCTION twodo_undo_capture() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO undo_capture (tbl, new) VALUES (TG_TABLE_NAME, to_jsonb(NEW));
            ELSIF TG_OP = 'DELETE' THEN
                INSERT INTO undo_capture (tbl, old) VALUES (TG_TABLE_NAME, to_jsonb(OLD));
            ELSIF to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW) THEN
                INSERT INTO undo_capture (tbl, old, new) VALUES (TG_TABLE_NAME, to_jsonb(OLD), to_jsonb(NEW));
            END IF;
            RETURN NULL;
        END $$;

        DO $$
        DECLARE t text;
        BEGIN
            FOREACH t IN ARRAY ARRAY['lists', 'tasks', 'task_notes', 'reminders', 'routines', 'routine_schedules',
                                     'routine_pauses', 'routine_marks', 'events', 'event_exceptions', 'item_notes',
                                     'schedule_reminders', 'plan_entries'] LOOP
                EXECUTE format(
                    'CREATE TRIGGER undo_capture AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
                    'WHEN (current_setting(''twodo.recording'', true) = ''on'') '
                    'EXECUTE FUNCTION twodo_undo_capture()', t);
            END LOOP;
        END $$;

        CREATE FUNCTION twodo_undo_apply(changes jsonb, tables text[], lenient text[]) RETURNS boolean
        LANGUAGE plpgsql AS $$
        DECLARE
            c jsonb;
            t text;
            o jsonb;
            n jsonb;
            cur jsonb;
            changed boolean;
            cols text;
            expected text[] := '{}';
            mark bigint;
            was text;
        BEGIN
            -- Every row still as the change left it (checked before anything is applied: a reversal that
            -- deletes a parent removes its children by cascade before their own turn). FOR UPDATE: another
            -- node cannot change a checked row between the check and the reversal.
            FOR c IN SELECT value FROM jsonb_array_elements(changes) LOOP
                t := c->>'t';
                o := CASE WHEN jsonb_typeof(c->'old') = 'object' THEN c->'old' END;
                n := CASE WHEN jsonb_typeof(c->'new') = 'object' THEN c->'new' END;
                IF NOT t = ANY (tables) THEN
                    RAISE EXCEPTION 'undo: % is not a content table', t;
                END IF;
                expected := expected || (t || ':' || twodo_undo_key(t, coalesce(o, n)));
                CONTINUE WHEN t = ANY (lenient);
                IF t = 'event_exceptions' THEN
                    EXECUTE 'SELECT to_jsonb(x) FROM event_exceptions x WHERE x.event_id = ($1->>''event_id'')::bigint '
                        'AND x.day = $1->>''day'' FOR UPDATE'
                        INTO cur USING coalesce(o, n);
                ELSE
                    EXECUTE format('SELECT to_jsonb(x) FROM %I x WHERE x.id = ($1->>''id'')::bigint FOR UPDATE', t)
                        INTO cur USING coalesce(o, n);
                END IF;
                IF o IS NULL THEN
                    IF cur IS DISTINCT FROM n THEN RETURN false; END IF;
                ELSIF n IS NULL THEN
                    IF cur IS NOT NULL THEN RETURN false; END IF;
                ELSE
                    IF cur IS NULL THEN RETURN false; END IF;
                    SELECT bool_or(cur->k IS DISTINCT FROM n->k) INTO changed
                    FROM jsonb_object_keys(n) k WHERE n->k IS DISTINCT FROM o->k;
                    IF changed THEN RETURN false; END IF;
                END IF;
            END LOOP;

            BEGIN
                was := current_setting('twodo.recording', true);
                mark := coalesce((SELECT max(seq) FROM undo_capture WHERE backend = pg_backend_pid()), 0);
                PERFORM set_config('twodo.recording', 'on', true);
                -- Deleted rows come back, parents first.
                FOR c IN SELECT e.value FROM jsonb_array_elements(changes) WITH ORDINALITY e(value, ord)
                         WHERE jsonb_typeof(e.value->'new') <> 'object'
                         ORDER BY array_position(tables, e.value->>'t'), (e.value->'old'->>'id')::bigint, e.ord LOOP
                    t := c->>'t';
                    IF t = ANY (lenient) THEN
                        EXECUTE format('DELETE FROM %I x WHERE x.id = ($1->>''id'')::bigint', t) USING c->'old';
                    END IF;
                    EXECUTE format('INSERT INTO %I SELECT * FROM jsonb_populate_record(NULL::%I, $1)', t, t)
                        USING c->'old';
                END LOOP;
                -- Updated rows get their changed columns back, newest first.
                FOR c IN SELECT e.value FROM jsonb_array_elements(changes) WITH ORDINALITY e(value, ord)
                         WHERE jsonb_typeof(e.value->'old') = 'object' AND jsonb_typeof(e.value->'new') = 'object'
                         ORDER BY e.ord DESC LOOP
                    t := c->>'t';
                    o := c->'old';
                    n := c->'new';
                    SELECT string_agg(format('%I = r.%I', k, k), ', ') INTO cols
                    FROM jsonb_object_keys(n) k WHERE n->k IS DISTINCT FROM o->k;
                    CONTINUE WHEN cols IS NULL;
                    IF t = 'event_exceptions' THEN
                        EXECUTE format('UPDATE event_exceptions x SET %s FROM jsonb_populate_record(NULL::event_exceptions, $1) r '
                            'WHERE x.event_id = r.event_id AND x.day = r.day', cols) USING o;
                    ELSE
                        EXECUTE format('UPDATE %I x SET %s FROM jsonb_populate_record(NULL::%I, $1) r WHERE x.id = r.id',
                            t, cols, t) USING o;
                    END IF;
                END LOOP;
                -- Inserted rows go, newest first (a row a cascade of this reversal removed is passed over).
                FOR c IN SELECT e.value FROM jsonb_array_elements(changes) WITH ORDINALITY e(value, ord)
                         WHERE jsonb_typeof(e.value->'old') <> 'object'
                         ORDER BY e.ord DESC LOOP
                    t := c->>'t';
                    IF t = 'event_exceptions' THEN
                        DELETE FROM event_exceptions x
                        WHERE x.event_id = (c->'new'->>'event_id')::bigint AND x.day = c->'new'->>'day';
                    ELSE
                        EXECUTE format('DELETE FROM %I x WHERE x.id = ($1->>''id'')::bigint', t) USING c->'new';
                    END IF;
                END LOOP;
                PERFORM set_config('twodo.recording', coalesce(was, 'off'), true);
                -- A cascade onto a row the entry does not know refuses the whole reversal.
                IF EXISTS (SELECT 1 FROM undo_capture u WHERE u.backend = pg_backend_pid() AND u.seq > mark
                           AND NOT (u.tbl || ':' || twodo_undo_key(u.tbl, coalesce(u.old, u.new))) = ANY (expected))
                THEN
                    RAISE EXCEPTION USING ERRCODE = 'TD001', MESSAGE = 'undo would cascade onto newer rows';
                END IF;
                -- Inside a recorded command, the reversal is part of what the command changed.
                IF was IS DISTINCT FROM 'on' THEN
                    DELETE FROM undo_capture WHERE backend = pg_backend_pid() AND seq > mark;
                END IF;
            EXCEPTION
                WHEN serialization_failure OR deadlock_detected OR lock_not_available OR query_canceled THEN RAISE;
                WHEN OTHERS THEN RETURN false;
            END;
            RETURN true;
        END $$;
        """
}
