#!/bin/sh
# Long fuzz run of the line framer: 10 million seeded random inputs in a release build (CI runs 200,000 in debug).
#
#   scripts/fuzz-long.sh                                  # 10,000,000 inputs, default seed
#   TWODO_FUZZ_SEED=42 scripts/fuzz-long.sh               # another seed
#   TWODO_FUZZ_ITERATIONS=50000000 scripts/fuzz-long.sh   # longer
#
# Each input is framed three ways (whole, random chunks, byte by byte when short) and compared with
# a naive reference framer; memory held must stay within the line limit. A failure prints the input
# number, seed and bytes. On the 2-core build machine the 10 million inputs (573 MB of stream) take
# about 40 s; the release build before them takes about 1.5 minutes the first time.
set -eu
cd "$(dirname "$0")/.."
export TWODO_FUZZ_ITERATIONS="${TWODO_FUZZ_ITERATIONS:-10000000}"
exec swift test -c release --filter Fuzz "$@"
