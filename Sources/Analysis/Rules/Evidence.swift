/// One link of the chain of facts a finding rests on ("CardView ships in the target that
/// bundles Card.xib", "no source declares the member `titleLabel`", "the nib is named
/// \"Card\""), and whether the analysis *read* it from the files or *assumed* it (a default, a
/// name match, an expression it could not resolve, a dependency not in the upload).
///
/// A finding is only as sure as its weakest link: ``SeverityPolicy`` lets a finding be an
/// error or a warning only while every link was read, and each report format says which
/// links were assumed and why, so a reader can judge the rest.
public struct Evidence: Sendable, Equatable, Hashable, Codable {
    /// How the analysis knows the fact.
    public enum Basis: String, Sendable, Codable {
        /// Read from the project's files: an attribute, a declaration, a literal, a target's
        /// file list.
        case read
        /// Not read: a default, a guess from a name, an expression the analysis could not
        /// resolve, or a dependency that is not in the upload.
        case assumed
    }

    /// The fact, as a sentence a reader can check.
    public var fact: String
    public var basis: Basis
    /// Why the fact had to be assumed, or what narrows its reach; absent for a plain read.
    public var reason: String?
    /// The highest severity the finding may have while this link holds as it does. An
    /// assumed link allows `info` (the finding is only a lead); a read link that limits
    /// the consequence (a guard one edit away from firing, a scene nothing reaches) can
    /// cap it too. Absent: the link does not limit the severity.
    public var ceiling: Severity?

    public init(_ fact: String, basis: Basis = .read, reason: String? = nil, ceiling: Severity? = nil) {
        self.fact = fact
        self.basis = basis
        self.reason = reason
        self.ceiling = ceiling ?? (basis == .assumed ? .info : nil)
    }

    /// A fact read from the files.
    public static func read(_ fact: String) -> Evidence { Evidence(fact) }

    /// A fact the analysis could not read, with why; it keeps the finding at `info`.
    public static func assumed(_ fact: String, because reason: String) -> Evidence {
        Evidence(fact, basis: .assumed, reason: reason)
    }

    /// A fact read from the files that limits how much the finding can break: the
    /// finding is at most `ceiling`, for `reason`.
    public static func limiting(_ fact: String, to ceiling: Severity, because reason: String) -> Evidence {
        Evidence(fact, basis: .read, reason: reason, ceiling: ceiling)
    }
}

/// How sure a finding is, from its ``Evidence``: every link read, or some assumed.
public enum Confidence: String, Sendable, Codable {
    /// Every link of the finding's chain was read from the files.
    case certain
    /// At least one link was assumed; the finding's evidence says which and why.
    case assumed
}
