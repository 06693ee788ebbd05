/// What a rule reports about one place in the project, before the framework turns it into
/// a report ``Finding`` (adding the rule id, seed and fingerprint).
public struct RuleViolation: Sendable, Equatable {
    /// The class involved, when there is one.
    public var className: String?
    public var message: String
    /// Every place involved, Interface Builder and source; the first is the primary one.
    public var locations: [SourceLocation]
    public var fix: String
    /// Lower (or raise) the rule's default severity for this case, e.g. a class that may
    /// come from a dependency.
    public var severity: Severity?
    /// What identifies the case without line numbers: file paths, IB object ids, source
    /// symbol names. The fingerprint hashes these with the rule id and class.
    public var identity: [String]

    public init(className: String? = nil, message: String, locations: [SourceLocation], fix: String,
                severity: Severity? = nil, identity: [String]) {
        self.className = className
        self.message = message
        self.locations = locations
        self.fix = fix
        self.severity = severity
        self.identity = identity
    }
}
