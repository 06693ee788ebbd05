extension Migration {
    /// A rule's findings by severity beside their total, so that trends can split a rule's
    /// chart by severity. Nullable: rows written before this migration, or by a node of an
    /// earlier release still running during a rolling upgrade, know only the total.
    static let ruleSeverities: [Migration] = [
        Migration(version: 7, name: "rule-severities") { sql in """
            ALTER TABLE analysis_rule_counts ADD COLUMN errors \(sql.integer);
            ALTER TABLE analysis_rule_counts ADD COLUMN warnings \(sql.integer);
            ALTER TABLE analysis_rule_counts ADD COLUMN infos \(sql.integer);
            """
        },
    ]
}
