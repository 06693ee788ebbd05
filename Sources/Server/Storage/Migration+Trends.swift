extension Migration {
    /// Findings per rule of each succeeded analysis, written when it finishes, so that
    /// trends are drawn from these counts and the stored summaries, never from reports.
    static let trends: [Migration] = [
        Migration(version: 5, name: "trends") { sql in """
            CREATE TABLE analysis_rule_counts (
                analysis_id TEXT NOT NULL REFERENCES analyses (id) ON DELETE CASCADE,
                rule TEXT NOT NULL,
                findings \(sql.integer) NOT NULL,
                PRIMARY KEY (analysis_id, rule)
            );
            CREATE INDEX analyses_succeeded_by_repository ON analyses (repository, status, created_at);
            """
        },
    ]
}
