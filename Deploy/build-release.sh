#!/usr/bin/env bash
# Builds a release tarball: twodo with the Swift runtime linked in, stripped, plus unit files and docs.
#
# Usage: Deploy/build-release.sh [output-directory]   (default: .build/dist)
# Prints the tarball's path as its last line. Needs: swift, strip (binutils), tar, gzip, and libcurl's
# development link (Debian: libcurl4-openssl-dev), which the static Foundation networking links against.
# The binary still needs glibc, libstdc++, libsqlite3-0, libcrypt1, libpwquality1 (+ cracklib-runtime), libpq5 and libcurl4 on the target machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

if ! ldconfig -p | grep -q 'libcurl\.so '; then
    echo "build-release: no libcurl.so to link the Matrix bridge's HTTP with (apt-get install libcurl4-openssl-dev)" >&2
    exit 1
fi
swift build -c release --static-swift-stdlib --product twodo >&2
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/twodo"
version="$("$bin" --version | awk '{print $2}')"
name="twodo-${version}-linux-$(uname -m)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name"
cp "$bin" "$stage/$name/twodo"
strip "$stage/$name/twodo"
cp Deploy/README.md Deploy/twodo.service Deploy/twodo-bridge-irc.service Deploy/twodo-bridge-matrix.service \
   Deploy/twodo-backup.service Deploy/twodo-backup.timer Deploy/twodo.env.example Deploy/bridge-irc.env.example \
   Deploy/bridge-matrix.env.example Deploy/stunnel-twodo.conf Deploy/haproxy.cfg \
   "$stage/$name/"
cp docs/OPERATIONS.md docs/PROTOCOL.md "$stage/$name/"
# Anything linked from the Swift toolchain would fail on a machine without it.
if ldd "$stage/$name/twodo" | grep -Ei 'swift|not found' >&2; then
    echo "build-release: the binary still needs the Swift toolchain's libraries" >&2
    exit 1
fi
tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
echo "build-release: $(du -h "$stage/$name/twodo" | cut -f1) binary, $(du -h "$out/$name.tar.gz" | cut -f1) tarball" >&2
echo "$out/$name.tar.gz"
