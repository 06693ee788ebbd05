extension Migration {
    /// The analyses table: one row per accepted upload, its state, its report.
    static let analyses: [Migration] = [
        Migration(version: 1, name: "analyses", sql: """
            CREATE TABLE analyses (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
                created_at REAL NOT NULL,
                started_at REAL,
                finished_at REAL,
                repository TEXT,
                branch TEXT,
                commit_sha TEXT,
                pull_request INTEGER,
                baseline TEXT,
                project_name TEXT,
                upload_path TEXT,
                upload_bytes INTEGER NOT NULL,
                upload_sha256 TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                error_code TEXT,
                error_message TEXT,
                summary TEXT,
                report BLOB,
                idempotency_key TEXT UNIQUE,
                request_fingerprint TEXT
            );
            CREATE INDEX analyses_by_status ON analyses (status, seq);
            CREATE INDEX analyses_by_repository ON analyses (repository, branch, seq);
            """),
    ]
}
