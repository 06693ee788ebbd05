import Foundation

extension ProjectInput {
    /// Reads a zip archive. (The safe central-directory reader lands with the archive issue.)
    static func readZip(path: String, limits: ArchiveLimits) throws -> ProjectInput {
        throw ProjectInputError.unreadable(path: path, reason: "zip archives are not supported yet")
    }
}
