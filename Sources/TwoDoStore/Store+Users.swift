// SQLite's own statements on `users`: the confusable skeletons of accounts made before migration 4.

import TwoDoCore

extension Store {
    // Table `users`: migration 1 (created), 3 (`week_start`), 4 (`name_skeleton`, filled by
    // `fillNameSkeletons()`).

    /// Computes the confusable skeleton of every user that has none (accounts made before migration 4).
    func fillNameSkeletons() throws {
        let missing = try db.query("SELECT id, name FROM users WHERE name_skeleton IS NULL") {
            (try $0.requiredInt("id"), try $0.requiredText("name"))
        }
        guard !missing.isEmpty else { return }
        try db.inTransaction {
            for (id, name) in missing {
                try db.run(
                    "UPDATE users SET name_skeleton = ? WHERE id = ?", .text(UserName.skeleton(name)), .integer(id))
            }
        }
    }
}
