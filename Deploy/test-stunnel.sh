#!/usr/bin/env bash
# Tests Deploy/stunnel-twodo.conf: TLS on a loopback port in front of a throw-away twodo, checked with openssl.
#
# Usage: Deploy/test-stunnel.sh [path-to-twodo]   (default: .build/debug/twodo). Needs stunnel4 and openssl.
# Runs the shipped config with only paths, ports and the privilege drop changed; exits 0 when a TLS
# client gets the greeting and a working session, and twodo took stunnel's PROXY header.
set -euo pipefail
cd "$(dirname "$0")/.."
twodo="${1:-.build/debug/twodo}"
command -v stunnel4 >/dev/null || { echo "stunnel4 is not installed (apt-get install stunnel4)" >&2; exit 2; }
dir="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
plain=$(free_port); tls=$(free_port)
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$dir/key.pem" -out "$dir/cert.pem" -days 2 -subj "/CN=localhost" 2>/dev/null

"$twodo" serve --port "$plain" --db "$dir/twodo.sqlite" --trusted-address 127.0.0.1 2>"$dir/twodo.log" & pids+=($!)
{
    echo "foreground = yes"
    sed -e 's|^setuid = .*|; (no setuid in the test)|' -e 's|^setgid = .*|; (no setgid in the test)|' \
        -e "s|^pid = .*|pid = $dir/stunnel.pid|" -e "s|^accept = .*|accept = 127.0.0.1:$tls|" \
        -e "s|^connect = .*|connect = 127.0.0.1:$plain|" -e "s|^cert = .*|cert = $dir/cert.pem|" \
        -e "s|^key = .*|key = $dir/key.pem|" Deploy/stunnel-twodo.conf
} >"$dir/stunnel.conf"
stunnel4 "$dir/stunnel.conf" 2>"$dir/stunnel.log" & pids+=($!)

for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$tls") 2>/dev/null && break
    sleep 0.1
done
out=$( (printf 'register alice plover-nyvpr-27\nadd milk\nshow\nquit\n'; sleep 2) |
    timeout 10 openssl s_client -connect "127.0.0.1:$tls" -quiet -verify_quiet 2>/dev/null || true)
proto=$(openssl s_client -connect "127.0.0.1:$tls" </dev/null 2>/dev/null | grep -m1 -o 'TLSv1\.[0-9]' || true)
echo "$out"
echo "protocol: ${proto:-none}"
echo "twodo saw: $(grep -m1 -o 'msg=proxied.*' "$dir/twodo.log" || echo 'no PROXY header')"
if grep -q "Welcome to TwoDo" <<<"$out" && grep -q "1. \[ \] milk" <<<"$out" && [ -n "$proto" ] \
    && grep -q "msg=proxied" "$dir/twodo.log"; then
    echo "stunnel test: ok"
else
    echo "stunnel test: FAILED" >&2
    cat "$dir/stunnel.log" >&2
    exit 1
fi
