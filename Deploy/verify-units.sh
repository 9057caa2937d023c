#!/usr/bin/env bash
# Checks the systemd units in Deploy/ with `systemd-analyze verify` and prints their exposure scores.
#
# Works without installing anything: a throw-away root holds the units, the system's own unit files and
# stand-ins for the binaries they start (verify insists that ExecStart programs exist).
# Exits 1 when systemd-analyze reports anything for a unit.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v systemd-analyze >/dev/null || { echo "systemd-analyze not found (apt-get install systemd)" >&2; exit 2; }
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/etc/systemd/system" "$root/usr/local/bin" "$root/usr/bin" "$root/bin" "$root/lib" "$root/usr/lib"
cp -a /lib/systemd "$root/lib/" 2>/dev/null || true
cp -a /usr/lib/systemd "$root/usr/lib/" 2>/dev/null || true
for tool in /usr/bin/install /usr/bin/find; do cp "$tool" "$root/usr/bin/"; done
cp /bin/sh "$root/bin/sh"
printf '#!/bin/sh\n' >"$root/usr/local/bin/twodo" && chmod +x "$root/usr/local/bin/twodo"
cp Deploy/*.service Deploy/*.timer "$root/etc/systemd/system/"
status=0
for unit in Deploy/*.service Deploy/*.timer; do
    name="$(basename "$unit")"
    out="$(cd "$root" && systemd-analyze verify --man=no --root="$root" "$name" 2>&1)" || true
    if [ -n "$out" ]; then
        echo "$name: FAILED"; echo "$out"; status=1
    else
        score=""
        case "$name" in
            *.service) score="$(systemd-analyze security --offline=true --root="$root" "$name" 2>/dev/null | tail -1 | sed 's/.*: //')" ;;
        esac
        echo "$name: ok ${score:+(exposure $score)}"
    fi
done
exit $status
