#!/usr/bin/env bash
# Several TwoDo nodes on one PostgreSQL database, behind HAProxy, on loopback (issue 18), three runs in a row.
#
# Each run starts its own PostgreSQL clusters (TemporaryCluster: initdb in /tmp, a free port, stopped at the
# end), then the real `twodo` binary as several nodes, and talks to them over TCP (Tests/TwoDoEndToEndTests/
# ClusterTests.swift):
#   - two partners on different nodes pair and see each other's changes live; the median cross-node event
#     latency must be under TWODO_CLUSTER_MAX_MS (50 here, with the release binary);
#   - a reminder reached by three nodes at once fires exactly once, on every session of its user;
#   - kill -9 of a node: its user logs in on another (directly and through HAProxy) and finds every
#     acknowledged write;
#   - PostgreSQL stopped (immediate) and started under load: no acknowledged write lost, no false
#     acknowledgement, the node recovers by itself;
#   - an SQLite database moved with `twodo migrate` and served;
#   - PostgreSQL frozen (SIGSTOP) under a node: every command answers `error.unavailable` within a second,
#     and the node serves again within 2 s of the thaw, without a restart (ClusterTests, PostgresReconnectTests);
#   - wrong passwords and wrong invite codes spread over nodes are counted as one.
# Needs: postgresql, haproxy (Debian packages; .ci/run installs them). Usage: scripts/test-cluster.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
swift build -c release --product twodo
swift build --build-tests
export TWODO_BIN="$PWD/.build/release/twodo"
export TWODO_CLUSTER_MAX_MS="${TWODO_CLUSTER_MAX_MS:-50}"
for run in $(seq 1 "$runs"); do
    echo "== cluster run $run of $runs"
    if ! out=$(swift test --skip-build --filter 'ClusterTests|PostgresNodeLinkTests|PostgresReconnectTests' 2>&1); then
        echo "$out" | grep -E '✘|error' | head -40
        echo "cluster run $run failed"
        exit 1
    fi
    echo "$out" | grep -E 'cross-node|skipped|Test run'
done
echo "cluster: $runs runs passed"
