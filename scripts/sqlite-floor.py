#!/usr/bin/env python3
"""What SQLite alone costs for TwoDo's durable `add`, with no server around it (issue 17, PERFORMANCE §17).

Makes a fresh TwoDo database with the real schema (`twodo serve` migrates it, then stops), adds 50 users
in 50 spaces with 300 tasks each, then runs turns of 50 adds (one per user) in one transaction with
`synchronous=FULL`, WAL, `temp_store=MEMORY`, a PASSIVE checkpoint every 20 turns, as the server does, in
variants that leave out parts of the work. Prints adds/s and this process's CPU per add. Run it on one
core (`taskset -c 1 scripts/sqlite-floor.py .build/release/twodo`): Python's own cost per statement
(about 1 µs) is included, so the figures are an upper bound of SQLite's share.
"""
import os, resource, shutil, sqlite3, subprocess, sys, tempfile, time

def make_database(twodo, folder):
    path = os.path.join(folder, "floor.sqlite")
    server = subprocess.Popen([twodo, "serve", "--port", "0", "--db", path, "--quiet"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in server.stderr:
        if "listening" in line:
            break
    server.terminate()
    server.wait()
    db = sqlite3.connect(path, isolation_level=None)
    db.create_function("twodo_fold", 1, lambda s: s.lower() if s else s, deterministic=True)
    db.execute("BEGIN")
    for u in range(50):
        space = db.execute("INSERT INTO spaces (name, created_at) VALUES (NULL, 0)").lastrowid
        db.execute("INSERT INTO users (name, name_key, password_hash, space_id, created_at) VALUES (?, ?, 'x', ?, 0)",
                   (f"user{u}", f"user{u}", space))
        db.execute("INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (?, 'Inbox', 'inbox', 1, 0)",
                   (space,))
    users = db.execute("SELECT u.id, u.space_id, l.id FROM users u JOIN lists l ON l.space_id = u.space_id").fetchall()
    for i in range(300):
        for (uid, sid, lid) in users:
            db.execute(ADD_TASK, (sid, lid, f"old {i}", f"old {i}", uid, 1, 1))
    db.execute("COMMIT")
    db.close()
    return path

ADD_TASK = ("INSERT INTO tasks (space_id, list_id, title, title_key, done, assignee_id, created_by, created_at, "
            "updated_at) VALUES (?, ?, ?, ?, 0, NULL, ?, ?, ?)")

def run(template, label, inbox=True, undo=True, trim=True, task=True, savepoint=True, turns=1000):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "run.sqlite")
    shutil.copy(template, path)
    db = sqlite3.connect(path, isolation_level=None)
    db.create_function("twodo_fold", 1, lambda s: s.lower() if s else s, deterministic=True)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "temp_store=MEMORY", "wal_autocheckpoint=0"):
        db.execute("PRAGMA " + pragma)
    users = db.execute("SELECT u.id, u.space_id, l.id FROM users u JOIN lists l ON l.space_id = u.space_id").fetchall()
    n = 0
    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    for turn in range(turns):
        db.execute("BEGIN")
        for (uid, sid, lid) in users:
            if savepoint: db.execute("SAVEPOINT c")
            if task: db.execute(ADD_TASK, (sid, lid, f"t{n} hello", f"t{n} hello", uid, 1, 1))
            if inbox:
                db.execute("INSERT INTO notifications (user_id, created_at, key, args, is_read) "
                           "VALUES (?, 1, 'event.task.added', '{\"title\":\"x\"}', 0)", (uid,))
            if undo:
                db.execute("INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes) "
                           "VALUES (?, ?, 1, 'add', '', '', '', ?)", (uid, sid, b"x" * 250))
            if trim:
                db.execute("DELETE FROM undo_log WHERE user_id = ?1 AND id <= (SELECT id FROM undo_log "
                           "WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)", (uid, 20))
            if savepoint: db.execute("RELEASE c")
            n += 1
        db.execute("COMMIT")
        if turn % 20 == 19: db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    db.close()
    shutil.rmtree(folder)
    user = (after.ru_utime - before.ru_utime) / n * 1e6
    system = (after.ru_stime - before.ru_stime) / n * 1e6
    print(f"| {label} | {n / elapsed:,.0f} | {user + system:.1f} | {user:.1f} | {system:.1f} |")

def main():
    twodo = sys.argv[1] if len(sys.argv) > 1 else ".build/release/twodo"
    folder = tempfile.mkdtemp()
    try:
        template = make_database(twodo, folder)
        print("| what one add writes (50 adds per COMMIT) | adds/s | CPU µs per add | user | system |")
        print("|---|---|---|---|---|")
        run(template, "as TwoDo: the task (its 4 indexes, 2 insert triggers), the partner's inbox row, the undo entry and trim, a savepoint")
        run(template, "without the undo trim", trim=False)
        run(template, "without undo", undo=False, trim=False)
        run(template, "without the inbox row", inbox=False)
        run(template, "the task row only", inbox=False, undo=False, trim=False)
        run(template, "the task row only, no savepoint", inbox=False, undo=False, trim=False, savepoint=False)
    finally:
        shutil.rmtree(folder)

main()
