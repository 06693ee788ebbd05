import Analysis

extension AnalysisRecord.Metadata {
    /// The metadata field names, as form fields and query parameters.
    static let fieldNames: Set<String> = ["repository", "branch", "commit", "pullRequest", "baseline"]

    /// Sets `name` from a form field or query parameter; a field given twice with two
    /// different values (query and form) is refused.
    mutating func set(_ name: String, to value: String) throws(Problem) {
        guard !value.isEmpty, value.count <= 512, value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw .invalidParameter(name, "must be 1 to 512 characters without control characters")
        }
        func assign(_ keyPath: WritableKeyPath<Self, String?>, _ stored: String? = nil) throws(Problem) {
            let stored = stored ?? value
            if let existing = self[keyPath: keyPath], existing != stored {
                throw .invalidParameter(name, "is given twice with different values")
            }
            self[keyPath: keyPath] = stored
        }
        switch name {
        case "repository":
            // One name per repository, whatever form it came in, so history and trends stay whole.
            try assign(\.repository, RepositoryName.filed(value))
        case "branch": try assign(\.branch)
        case "baseline": try assign(\.baseline)
        case "commit":
            guard !value.contains(" ") else { throw .invalidParameter(name, "must not contain spaces") }
            try assign(\.commit)
        case "pullRequest":
            guard let number = Int(value), (1...Int(Int32.max)).contains(number) else {
                throw .invalidParameter(name, "must be a positive whole number")
            }
            if let existing = pullRequest, existing != number { throw .invalidParameter(name, "is given twice with different values") }
            pullRequest = number
        default:
            throw .invalidParameter(name, "is not a metadata field (\(Self.fieldNames.sorted().joined(separator: ", ")))")
        }
    }
}
