extension Migration {
    /// Uploads kept in the database (PostgreSQL: shared by every node), as numbered chunks
    /// so that neither writing nor reading one holds it whole in memory.
    static let uploads: [Migration] = [
        Migration(version: 3, name: "uploads") { sql in """
            CREATE TABLE uploads (
                id TEXT PRIMARY KEY,
                byte_count \(sql.integer) NOT NULL,
                chunk_count \(sql.integer) NOT NULL,
                created_at \(sql.real) NOT NULL
            );
            CREATE TABLE upload_chunks (
                upload_id TEXT NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
                number \(sql.integer) NOT NULL,
                bytes \(sql.blob) NOT NULL,
                PRIMARY KEY (upload_id, number)
            );
            """
        },
    ]
}
