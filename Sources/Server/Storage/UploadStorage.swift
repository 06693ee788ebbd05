import Foundation

/// Where accepted uploads are kept until retention removes them: files in the data
/// directory for one node on SQLite, or chunks in the shared database so that any node can
/// run any analysis. An upload always streams into a temporary file on the receiving node
/// first; `keep` makes it durable and returns the reference stored in `upload_path`.
protocol UploadStorage: Sendable {
    /// A new temporary file on this node that an upload streams into.
    func makeTemporaryFile() throws -> UploadFile

    /// Makes `file` durable as the upload of analysis `id`; returns its reference.
    func keep(_ file: UploadFile, as id: String) throws -> String

    /// Removes a kept upload (deleted analysis, retention, a replayed request).
    func remove(_ reference: String)

    /// Removes kept uploads that no analysis refers to (a crash between keep and commit).
    func removeOrphans(referencedBy store: AnalysisStore) throws

    /// Runs `body` with the path of a local file holding the upload's bytes.
    func withLocalFile<Result>(_ reference: String, _ body: (String) throws -> Result) throws -> Result
}
