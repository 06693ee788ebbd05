extension Migration {
    /// Who holds a running analysis and until when: a node renews its lease while the
    /// analysis runs; once it expires (the node died) any node claims the analysis again.
    static let leases: [Migration] = [
        Migration(version: 4, name: "leases") { sql in """
            ALTER TABLE analyses ADD COLUMN lease_expires_at \(sql.real);
            ALTER TABLE analyses ADD COLUMN claimed_by TEXT;
            """
        },
    ]
}
