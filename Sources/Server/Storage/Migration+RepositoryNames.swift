import Analysis
import Foundation

extension Migration {
    /// The tables that file rows by repository, each with the migration that made it.
    private static let repositoryColumns: [(table: String, createdBy: Int)] = [("analyses", 1), ("webhook_subscriptions", 2)]

    /// Moves every row filed under another form of a repository's name (`acme/app`,
    /// `https://github.com/acme/app.git`, rows stored before names were made canonical) to
    /// its ``RepositoryName`` form. Run on every start after the schema migrations, so a
    /// rule of naming that grows later moves old rows too; rows already canonical are left
    /// alone, so a second run (or a second node) changes nothing. Runs under the migration
    /// lock, one transaction per table.
    static func canonicaliseRepositoryNames(in database: any DatabaseConnection, tablesMadeBy applied: [Migration]) throws {
        let versions = Set(applied.map(\.version))
        for (table, createdBy) in repositoryColumns where versions.contains(createdBy) {
            try database.transaction {
                let names = try database.query("SELECT DISTINCT repository FROM \(table) WHERE repository IS NOT NULL").compactMap { $0.text("repository") }
                for name in names {
                    let filed = RepositoryName.filed(name)
                    guard filed != name else { continue }
                    try database.query("UPDATE \(table) SET repository = ? WHERE repository = ?", [.text(filed), .text(name)])
                }
            }
        }
    }
}
