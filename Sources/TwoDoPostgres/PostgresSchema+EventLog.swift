// The event log several nodes share: each turn's live events, rendered per receiver, in commit order.

extension PostgresSchema {
    /// `event_log`: one row per turn that had events for someone, written in the turn's transaction (so an
    /// aborted turn announces nothing) together with a `NOTIFY twodo_events`. Ids are handed out in commit
    /// order (the appending transaction holds an advisory lock until it ends), so a node reading `id > last`
    /// after a notification never skips a row that commits later with a smaller id. Rows older than the
    /// retention are deleted by whichever node gets there first.
    static let eventLog = """
        CREATE TABLE event_log (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            node text NOT NULL,
            at bigint NOT NULL,
            deliveries jsonb NOT NULL
        );
        CREATE INDEX event_log_at ON event_log(at);
        """
}

extension PostgresSchema {
    /// Presence across nodes: each node's heartbeat, and which users have sessions on which node. A node that
    /// stops beating (killed) is forgotten with its sessions after `PostgresNodeLink.nodeTimeout` seconds.
    /// `throttle_failures`: the login and registration throttles' counts, shared so that spreading guesses
    /// over the nodes buys no extra tries (wall-clock seconds in `last`).
    static let presence = """
        CREATE TABLE nodes (
            node text PRIMARY KEY,
            seen_at bigint NOT NULL
        );
        CREATE TABLE throttle_failures (
            key text PRIMARY KEY,
            count bigint NOT NULL,
            last double precision NOT NULL
        );
        CREATE TABLE node_sessions (
            node text NOT NULL REFERENCES nodes(node) ON DELETE CASCADE,
            user_id bigint NOT NULL,
            PRIMARY KEY (user_id, node)
        );
        """
}
