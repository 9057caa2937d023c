#!/bin/sh
# Long crash-durability run: 200 SIGKILLs of a live server under 3 writers (CI runs 20).
#
#   scripts/crash-long.sh                 # 200 kills, default seed
#   TWODO_SEED=123 scripts/crash-long.sh  # another seed (every kill moment is derived from it)
#   TWODO_CRASH_KILLS=1000 scripts/crash-long.sh
#
# Takes about 1.6 minutes on the 2-core build machine (debug build, ~0.5 s per kill and restart; measured
# 96 s: 200 kills, 70,941 acknowledged adds and 17,585 dones, all present).
# A failure names the round, the account and the seed; rerun with that TWODO_SEED to replay it.
set -eu
cd "$(dirname "$0")/.."
export TWODO_LONG=1
exec swift test --filter 'ResilienceCrashTests' "$@"
