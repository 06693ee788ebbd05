/// What a rule reports about one place in the project, before the framework turns it into
/// a report ``Finding`` (adding the rule id, seed and fingerprint).
public struct RuleViolation: Sendable, Equatable {
    /// The class involved, when there is one.
    public var className: String?
    public var message: String
    /// Every place involved, Interface Builder and source; the first is the primary one.
    public var locations: [SourceLocation]
    public var fix: String
    /// The rule's severity for this case when it differs from its default, for what the
    /// consequence is (AppKit logs where UIKit crashes), never for how sure the rule is:
    /// that is ``evidence``'s to say.
    public var severity: Severity?
    /// The facts the violation rests on beyond what every violation of the rule reads, each
    /// read or assumed; ``SeverityPolicy`` decides the finding's severity from them.
    public var evidence: [Evidence]
    /// What identifies the case without line numbers: file paths, IB object ids, source
    /// symbol names. The fingerprint hashes these with the rule id and class.
    public var identity: [String]
    /// How the files would be repaired, when the rule can tell (``Repair``), worked out
    /// only when asked; its repair is `nil` when the rule repairs nothing of this kind.
    public var repair: ProposedRepair

    public init(className: String? = nil, message: String, locations: [SourceLocation], fix: String,
                severity: Severity? = nil, evidence: [Evidence] = [], identity: [String],
                repair: @autoclosure @escaping @Sendable () -> Repair? = nil) {
        self.className = className
        self.message = message
        self.locations = locations
        self.fix = fix
        self.severity = severity
        self.evidence = evidence
        self.identity = identity
        self.repair = ProposedRepair(repair)
    }
}
