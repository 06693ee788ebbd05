extension Migration {
    /// The analyses table: one row per accepted upload, its state, its report.
    static let analyses: [Migration] = [
        Migration(version: 1, name: "analyses") { sql in """
            CREATE TABLE analyses (
                seq \(sql.sequenceKey),
                id TEXT NOT NULL UNIQUE,
                status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
                created_at \(sql.real) NOT NULL,
                started_at \(sql.real),
                finished_at \(sql.real),
                repository TEXT,
                branch TEXT,
                commit_sha TEXT,
                pull_request \(sql.integer),
                baseline TEXT,
                project_name TEXT,
                upload_path TEXT,
                upload_bytes \(sql.integer) NOT NULL,
                upload_sha256 TEXT NOT NULL,
                attempts \(sql.integer) NOT NULL DEFAULT 0,
                error_code TEXT,
                error_message TEXT,
                summary TEXT,
                report \(sql.blob),
                idempotency_key TEXT UNIQUE,
                request_fingerprint TEXT
            );
            CREATE INDEX analyses_by_status ON analyses (status, seq);
            CREATE INDEX analyses_by_repository ON analyses (repository, branch, seq);
            """
        },
    ]
}
