/// Why reading stopped before the end of a document: becomes the `error` document's
/// reason and line.
struct IBParseFailure: Error {
    var reason: String
    var line: Int?
}
