/// The subset of SARIF 2.1.0 nibscan writes, shaped as GitHub code scanning reads it.
/// Encoded with sorted keys; optional members are omitted when absent.
struct SARIFLog: Encodable {
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    var schema = SARIFLog.schemaURI
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
        var versionControlProvenance: [VersionControlDetails]?
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String?
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Help
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Properties: Encodable {
        var tags: [String]
        var problemSeverity: String

        enum CodingKeys: String, CodingKey {
            case tags, problemSeverity = "problem.severity"
        }
    }

    struct Message: Encodable {
        var text: String
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]?
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var locations: [Location]?
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        var baselineState: String?
        var suppressions: [Suppression]?
        /// The finding's checked repair (``FindingPatch``), when it has one.
        var fixes: [Fix]?
        var properties: ResultProperties
    }

    /// A proposed fix: its description and the replacements in each file (SARIF §3.55).
    struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
    }

    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    /// Columns of the file as analysed, counted in bytes: SARIF counts characters, which are
    /// the same on the ASCII lines of Interface Builder attributes and the copy lines added.
    struct Replacement: Encodable {
        var deletedRegion: DeletedRegion
        var insertedContent: InsertedContent?
    }

    struct DeletedRegion: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }

    struct InsertedContent: Encodable {
        var text: String
    }

    /// A result's suppression: `inSource` or `external`, always `accepted` (nibscan has no
    /// review step), with the reason as `justification`.
    struct Suppression: Encodable {
        var kind: String
        var status: String
        var justification: String?
        var location: Location
    }

    struct ResultProperties: Encodable {
        var className: String?
        var fix: String
        var seed: String?
        /// The finding's ``Confidence`` and the facts behind it, as in the JSON report.
        var confidence: String?
        var evidence: [Evidence]?

        enum CodingKeys: String, CodingKey {
            case className = "class", fix, seed, confidence, evidence
        }
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "%SRCROOT%"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    /// The repository the run's files come from; `mappedTo` says `%SRCROOT%` is its root,
    /// so a viewer resolves each relative `uri` to the file at `revisionId`.
    struct VersionControlDetails: Encodable {
        var repositoryUri: String
        var revisionId: String?
        var branch: String?
        var mappedTo: RootLocation?
    }

    /// An artifact location that only names a base: the checkout root.
    struct RootLocation: Encodable {
        var uriBaseId = "%SRCROOT%"
    }
}
