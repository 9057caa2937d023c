#!/usr/bin/env bash
# End-to-end test of `twodo bridge matrix` against a real Synapse homeserver on loopback (issue 7).
#
# Installs Synapse from PyPI into a venv (reused: TWODO_MATRIX_VENV, default .build/matrix-venv), starts
# it with SQLite on 127.0.0.1 and a free port, registers a bot and two users with the shared secret,
# starts twodo and the bridge, then as two Matrix users plus one plain TCP client checks: register and
# pair through direct messages; `add milk` on Matrix reaches the TCP partner live; an `add` on TCP
# reaches the Matrix user as m.notice; a Turkish line; a bridge restart does not replay old messages;
# no password in the logs. Exits 0 only when every check passed.
#
# Usage: scripts/test-matrix.sh            (TWODO_BIN=<path> to test another twodo binary)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
t0=$(date +%s.%N)
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(date +%s.%N)"; }

venv="${TWODO_MATRIX_VENV:-$root/.build/matrix-venv}"
if [ ! -x "$venv/bin/synapse_homeserver" ]; then
    echo "== installing matrix-synapse into $venv"
    s=$(date +%s.%N)
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check matrix-synapse
    echo "   pip install took $(since "$s") s"
fi
echo "== synapse $("$venv/bin/python" -c 'import synapse; print(synapse.__version__)')"

if [ -z "${TWODO_BIN:-}" ]; then
    s=$(date +%s.%N)
    swift build --product twodo >/dev/null
    TWODO_BIN="$root/.build/debug/twodo"
    echo "== twodo built (debug) in $(since "$s") s"
fi

work="$(mktemp -d /tmp/twodo-matrix.XXXXXX)"
pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ $status -ne 0 ]; then
        echo "== FAILED; logs kept in $work (synapse.log, twodo.log, bridge*.log)"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
hs_port=$(free_port)
twodo_port=$(free_port)

# Synapse: a generated config (keys and secrets), then loopback only, no federation, SQLite, loose rate limits.
s=$(date +%s.%N)
(cd "$work" && "$venv/bin/python" -m synapse.app.homeserver --server-name localhost --config-path homeserver.yaml \
    --generate-config --report-stats=no >/dev/null)
sed -i -e "s/port: 8008/port: $hs_port/" -e '/    - ::1/d' -e '/      - federation/d' -e '/trusted_key_servers/,$d' \
    "$work/homeserver.yaml"
cat >>"$work/homeserver.yaml" <<EOF
trusted_key_servers: []
suppress_key_server_warning: true
# Tight enough that the bot's burst of 120 notices below runs into 429s and has to wait them out.
rc_message: {per_second: 10, burst_count: 20}
rc_login:
  address: {per_second: 50, burst_count: 200}
  account: {per_second: 50, burst_count: 200}
rc_joins:
  local: {per_second: 50, burst_count: 200}
rc_invites:
  per_room: {per_second: 50, burst_count: 200}
  per_user: {per_second: 50, burst_count: 200}
EOF
(cd "$work" && exec "$venv/bin/python" -m synapse.app.homeserver -c homeserver.yaml >synapse.out 2>&1) &
pids+=($!)
homeserver="http://127.0.0.1:$hs_port"
for _ in $(seq 1 120); do
    curl -sf "$homeserver/_matrix/client/versions" >/dev/null && break
    sleep 0.25
done
curl -sf "$homeserver/_matrix/client/versions" >/dev/null || { echo "synapse did not start"; cat "$work/synapse.out"; exit 1; }
echo "== synapse up on $homeserver in $(since "$s") s"

s=$(date +%s.%N)
for user in twodo alice bob carol; do
    "$venv/bin/register_new_matrix_user" -c "$work/homeserver.yaml" -u "$user" -p "mx-pass-$user" --no-admin \
        "$homeserver" >/dev/null
done
echo "== registered @twodo, @alice, @bob, @carol in $(since "$s") s"

"$TWODO_BIN" serve --host 127.0.0.1 --port "$twodo_port" --db "$work/twodo.sqlite" 2>"$work/twodo.log" &
pids+=($!)
for _ in $(seq 1 50); do
    python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $twodo_port), 1)" 2>/dev/null && break
    sleep 0.1
done
echo "== twodo serving on 127.0.0.1:$twodo_port"

# The scenario: a Python Matrix client (standard library only) that also starts and restarts the bridge.
cat >"$work/scenario.py" <<'EOF'
import json, os, signal, socket, subprocess, sys, time, urllib.parse, urllib.request

HS = os.environ["HS"]
WORK = os.environ["WORK"]
BIN = os.environ["TWODO_BIN"]
TWODO_PORT = int(os.environ["TWODO_PORT"])
passed, failed = 0, 0
T0 = time.time()

def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {time.time() - T0:6.1f}s  {what}", flush=True)
    else:
        failed += 1
        print(f"FAIL {time.time() - T0:6.1f}s  {what}", flush=True)
    return ok

def api(method, path, token=None, body=None, query=None):
    url = HS + "/_matrix/client/v3" + path + ("?" + urllib.parse.urlencode(query) if query else "")
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=40) as resp:
        return json.load(resp)

def login(user):
    return api("POST", "/login", body={"type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": user}, "password": "mx-pass-" + user})["access_token"]

class MatrixUser:
    """A person in Matrix: one direct room with the bot, a sync position, messages seen from the bot."""
    def __init__(self, name):
        self.name = name
        self.token = login(name)
        self.since = api("GET", "/sync", self.token, query={"timeout": "0"})["next_batch"]
        self.seen = []   # (msgtype, body) from the bot, in order
        self.html = {}   # body -> formatted_body (None when plain)
        self.txn = 0

    def open_dm(self, bot, encrypted=False):
        spec = {"preset": "trusted_private_chat", "is_direct": True, "invite": [bot]}
        if encrypted:
            spec["initial_state"] = [{"type": "m.room.encryption", "state_key": "",
                                      "content": {"algorithm": "m.megolm.v1.aes-sha2"}}]
        self.room = api("POST", "/createRoom", self.token, spec)["room_id"]

    def poll(self, timeout_ms):
        # Synapse's default timeline window is 10 events per room and sync: a burst larger than that comes
        # back "limited", with the older messages left out. The test user asks for a window as large as
        # any burst in this script, so a count of what was heard is a count of what the bot sent.
        r = api("GET", "/sync", self.token, query={"since": self.since, "timeout": str(timeout_ms),
                                                   "filter": '{"room":{"timeline":{"limit":500}}}'})
        self.since = r["next_batch"]
        events = r.get("rooms", {}).get("join", {}).get(self.room, {}).get("timeline", {}).get("events", [])
        for e in events:
            if e.get("sender") == BOT and e.get("type") == "m.room.message":
                self.seen.append((e["content"].get("msgtype"), e["content"].get("body", "")))
                self.html[e["content"].get("body", "")] = e["content"].get("formatted_body")
            if e.get("type") == "m.room.member" and e.get("state_key") == BOT:
                self.seen.append(("member", e["content"].get("membership")))

    def say(self, text):
        self.txn += 1
        api("PUT", f"/rooms/{urllib.parse.quote(self.room, safe='')}/send/m.room.message/t{self.txn}-{time.time()}",
            self.token, {"msgtype": "m.text", "body": text})

    def ask(self, text, contains, msgtype="m.text", timeout=10.0):
        """Says `text`; the bot's matching message body, or None."""
        self.seen.clear()
        self.say(text)
        return self.expect(contains, msgtype, timeout)

    def expect(self, contains, msgtype, timeout=10.0):
        """The first message of `msgtype` from the bot containing `contains` (consumed with all before it)."""
        deadline = time.time() + timeout
        while True:
            for i, (kind, body) in enumerate(self.seen):
                if kind == msgtype and contains in body:
                    del self.seen[: i + 1]
                    return body
            left = deadline - time.time()
            if left <= 0:
                return None
            self.poll(int(min(left, 5) * 1000))

class LineUser:
    """A partner on a plain TCP connection, as with nc."""
    def __init__(self):
        self.sock = socket.create_connection(("127.0.0.1", TWODO_PORT), 5)
        self.buf = b""
        self.line(5)  # greeting

    def line(self, timeout):
        self.sock.settimeout(timeout)
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode().rstrip("\r")

    def send(self, text):
        self.sock.sendall((text + "\r\n").encode())

    def wait_for(self, contains, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                l = self.line(max(0.05, deadline - time.time()))
            except socket.timeout:
                return None
            if contains in l:
                return l
        return None

BOT = "@twodo:localhost"
bridge_env = dict(os.environ, TWODO_MATRIX_TOKEN=login("twodo"), TWODO_MATRIX_HOMESERVER=HS,
    TWODO_MATRIX_USER=BOT, TWODO_TARGET=f"127.0.0.1:{TWODO_PORT}", TWODO_MATRIX_STATE=WORK + "/matrix-state.json")
bridge_logs = []

def start_bridge(n):
    path = f"{WORK}/bridge{n}.log"
    bridge_logs.append(path)
    t = time.time()
    p = subprocess.Popen([BIN, "bridge", "matrix"], env=bridge_env, stderr=open(path, "w"), stdout=subprocess.DEVNULL)
    deadline = time.time() + 15
    while time.time() < deadline and "bridge.matrix_connected" not in open(path).read():
        time.sleep(0.05)
    check("bridge.matrix_connected" in open(path).read(), f"bridge {n} started and checked its token ({time.time() - t:.2f} s)")
    return p

bridge = start_bridge(1)
alice, bob = MatrixUser("alice"), MatrixUser("bob")
t = time.time()
alice.open_dm(BOT)
bob.open_dm(BOT)
welcome = alice.expect("register <name> <password>", "m.notice", 10)
check(welcome is not None and "kaydol" in welcome, f"the bot joined alice's direct room and greeted her in both languages ({time.time() - t:.2f} s)")
check(bob.expect("Merhaba", "m.notice", 10) is not None, "the bot joined bob's direct room")

r = alice.ask("register alice secret-alice", "alice")
check(r is not None, f"alice registered through a direct message: {r!r}")
r = bob.ask("kaydol bob secret-bob", "Hoş geldiniz")
check(r is not None, f"bob registered in Turkish: {r!r}")
r = alice.ask("couple create", "-")
code = None
if r:
    import re
    m = re.search(r"[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}", r)
    code = m.group(0) if m else None
check(code is not None, "alice created a couple and got an invite code")
r = bob.ask(f"couple join {code}", "alice")
check(r is not None, f"bob joined alice's couple: {r!r}")
check(alice.expect("bob", "m.notice", 5) is not None, "alice was told (m.notice) that bob joined")

# bob also on a plain TCP connection (the nc partner).
nc = LineUser()
nc.send("login bob secret-bob")
check(nc.wait_for("bob", 5) is not None, "bob logged in on a plain TCP connection")
nc.send("json on")
nc.wait_for('"reply"', 5)

t = time.time()
alice.say("add milk")
line = nc.wait_for("milk", 5)
check(line is not None, f"alice's `add milk` on Matrix reached the TCP partner live in {time.time() - t:.3f} s: {line!r}")
check(alice.expect("milk", "m.text", 5) is not None, "alice got her reply as m.text")
check(bob.expect("milk", "m.notice", 5) is not None, "bob's Matrix session heard it as m.notice")

t = time.time()
nc.send("add bread")
r = alice.expect("bread", "m.notice", 5)
check(r is not None and "bob" in r, f"the TCP partner's `add bread` reached alice as m.notice in {time.time() - t:.3f} s: {r!r}")

t = time.time()
r = bob.ask("süt ekle", "eklendi")
check(r is not None, f"a Turkish line works (bob: `süt ekle`) in {time.time() - t:.3f} s: {r!r}")
r = alice.expect("süt", "m.notice", 5)
check(r is not None and "bob added" in r, f"alice heard bob's Turkish add in English: {r!r}")

# A long reply is split into several messages, none over the limit, with nothing lost.
nc.send("@id=x list add groceries")
for i in range(1, 61):
    nc.send(f"add task number {i:02d} with a longish title to make the listing big")
nc.wait_for("number 60", 10)
t = time.time()
alice.seen.clear(); bob.seen.clear()
heard = {"alice": [], "bob": []}
while time.time() - t < 40 and not all(any("number 60" in b for b in v) for v in heard.values()):
    for name, user in (("alice", alice), ("bob", bob)):
        user.poll(500)
        heard[name] += [b for k, b in user.seen if k == "m.notice" and "task number" in b]
        user.seen.clear()
counts = {name: len(set(v)) for name, v in heard.items()}
dups = {name: len(v) - len(set(v)) for name, v in heard.items()}
check(counts == {"alice": 60, "bob": 60} and dups == {"alice": 0, "bob": 0},
      f"alice and bob heard all 60 adds as notices, each once, in {time.time() - t:.1f} s: {counts}, duplicates {dups}")
limited = open(bridge_logs[-1]).read().count("rate limited")
check(limited > 0, f"the homeserver's 429s were waited out ({limited} retries after retry_after_ms)")
# Restart the bridge: nothing alice or bob said before may run again.
bridge.send_signal(signal.SIGTERM)
check(bridge.wait(10) == 0, "the bridge stopped cleanly on SIGTERM")
state = json.load(open(WORK + "/matrix-state.json"))
check(state.get("since") and len(state.get("rooms", {})) == 2, "the sync position and both direct rooms were saved")
t = time.time()
bridge = start_bridge(2)
alice.seen.clear(); bob.seen.clear()
while time.time() - t < 4:
    alice.poll(1000); bob.poll(0)
check(not [m for m in alice.seen + bob.seen if m[0] in ("m.text", "m.notice")],
      f"after the restart the bot replayed nothing for {time.time() - t:.1f} s: {alice.seen + bob.seen}")
nc.send("@id=count export")
exported = nc.wait_for('"count"', 5) or ""
check(exported.count('"milk"') == 1, f"milk is on the list exactly once (no command ran twice): {exported.count(chr(34) + 'milk' + chr(34))}")
r = alice.ask("show", "log in")
check(r is not None, f"after the restart alice's TwoDo session is new and asks her to log in: {r!r}")
check(alice.ask("login alice secret-alice", "alice") is not None, "alice logged in again")
t = time.time()
alice.seen.clear()
alice.say("show")
parts = []
deadline = time.time() + 10
while time.time() < deadline and not any("number 60" in b for _, b in parts):
    alice.poll(2000)
    parts += [m for m in alice.seen if m[0] == "m.text"]
    alice.seen.clear()
body = "\n".join(b for _, b in parts)
check("milk" in body and "number 60" in body, f"`show` lists milk and all 60 tasks after the restart ({len(parts)} message(s), {time.time() - t:.2f} s)")
r = alice.ask("calendar", "Mo")
check(r is not None and (alice.html.get(r) or "").startswith("<pre><code>"),
      f"the month grid came with a monospaced HTML copy: {(alice.html.get(r) or '')[:60]!r}")
t = time.time()
alice.say("add eggs")
check(nc.wait_for("eggs", 5) is not None, f"after the restart alice's adds still reach the TCP partner ({time.time() - t:.3f} s)")

# A busy room while the bot is away: more messages than one sync's timeline window (50) pile up, the
# first sync after the restart comes back "limited", and the bot fills the gap: every command runs once.
bridge.send_signal(signal.SIGTERM)
check(bridge.wait(10) == 0, "the bridge stopped again before the busy-room check")
alice.say("login alice secret-alice")
for i in range(1, 61):
    alice.say(f"add gap {i:02d}")
    time.sleep(0.12)  # under the homeserver's 10 messages/s for a user
t = time.time()
bridge = start_bridge(3)
got = nc.wait_for("gap 60", 40)
nc.send("@id=gapcount export")
exported = nc.wait_for('"gapcount"', 10) or ""
once = sum(1 for i in range(1, 61) if exported.count(f'"gap {i:02d}"') == 1)
filled = open(bridge_logs[-1]).read().count("bridge.matrix_gap_filled")
check(got is not None and once == 60 and filled >= 1,
      f"61 messages sent while the bot was away (more than a 50-event sync window) all ran, once each, after it came back: "
      f"{once}/60 in {time.time() - t:.1f} s, gap filled {filled} time(s)")

# An encrypted direct chat: the bot cannot read it and says so once, passing nothing on.
carol = MatrixUser("carol")
carol.open_dm(BOT, encrypted=True)
check(carol.expect("Merhaba", "m.notice", 10) is not None, "the bot joined carol's encrypted direct room")
api("PUT", f"/rooms/{urllib.parse.quote(carol.room, safe='')}/send/m.room.encrypted/e1", carol.token,
    {"algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "AwgAEnAc", "sender_key": "x", "session_id": "y", "device_id": "Z"})
r = carol.expect("encrypted", "m.notice", 10)
check(r is not None and "şifreli" in r, f"an encrypted message got the notice that the bot cannot read it: {r!r}")

bridge.send_signal(signal.SIGTERM)
bridge.wait(10)
logs = "".join(open(p).read() for p in bridge_logs)
check("secret-" not in logs and "mx-pass" not in logs and bridge_env["TWODO_MATRIX_TOKEN"] not in logs,
      "no password and no access token in the bridge's log")
print(f"{passed} passed, {failed} failed")
sys.exit(0 if failed == 0 and passed > 0 else 1)
EOF
echo "== scenario (setup took $(since "$t0") s)"
HS="$homeserver" WORK="$work" TWODO_BIN="$TWODO_BIN" TWODO_PORT="$twodo_port" python3 "$work/scenario.py"
echo "== total $(since "$t0") s"
