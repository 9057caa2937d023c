#!/bin/sh
# Long fuzz run of the line framer and the command parser: 10 million seeded random inputs each, in a
# release build (CI runs 200,000 framer and 20,000 parser inputs in debug).
#
#   scripts/fuzz-long.sh                                  # 10,000,000 inputs, default seed
#   TWODO_FUZZ_SEED=42 scripts/fuzz-long.sh               # another seed
#   TWODO_FUZZ_ITERATIONS=50000000 scripts/fuzz-long.sh   # longer
#
# Each input is framed three ways (whole, random chunks, byte by byte when short) and compared with
# a naive reference framer; memory held must stay within the line limit. A failure prints the input
# number, seed and bytes. Each parser input (token soups of both languages' command words, random
# Unicode, random bytes) is parsed against two contexts, every 16th twice to check determinism, and the
# slowest parse must stay under 200 ms. On the 2-core build machine the framer's 10 million inputs (573 MB of
# stream) take about 36 s and the parser's about 250 s (slowest single input 4.9 ms), side by side; the release
# build before them takes about 3 minutes the first time.
set -eu
cd "$(dirname "$0")/.."
export TWODO_FUZZ_ITERATIONS="${TWODO_FUZZ_ITERATIONS:-10000000}"
exec swift test -c release --filter Fuzz "$@"
