import Foundation

/// The analysis result every client reads: CI gates on it, the dashboard stores it, the
/// bot and each output format render it. Its shape (schemaVersion 1) is the contract of
/// `SERVICE.md`; fields are only ever added, never renamed.
public struct Report: Codable, Sendable, Equatable {
    /// The version of this shape; bumped only for incompatible changes.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: Tool
    public var project: Project
    public var files: [FileEntry]
    /// The targets of the upload's Xcode projects and Swift packages; absent when it has none.
    public var targets: [TargetEntry]?
    public var classes: [ClassEntry]
    public var findings: [Finding]
    public var summary: Summary
    /// The comparison with a baseline report, present only when one was given: counts of
    /// new and unchanged findings and the findings that are gone.
    public var baseline: BaselineComparison?
    /// What the analysis could not check and why (e.g. checks that need sources in a
    /// project without any); absent when everything ran.
    public var notes: [String]?
    /// Findings a comment in source or an `ignore` entry of `.nibscan.yml` accounts for,
    /// each with its `suppression`, in the order of `findings`; absent when there are none.
    /// They count in `summary.suppressed` only, never toward a gate.
    public var suppressed: [Finding]?
    /// Every checked repair (``FindingPatch``) as one unified diff, `git apply`-able at the
    /// analysed root; absent when the analysis checked no repair or none was found.
    public var patch: String?
    /// Wireframes of the Interface Builder scenes the findings name, for the HTML report;
    /// only when the analysis was asked to draw them (``Analyzer/Configuration/drawsScenes``).
    /// Not written in the JSON report format; the server keeps them in its stored report.
    public var drawings: [SceneDrawing]?

    public init(
        tool: Tool = .nibscan,
        project: Project,
        files: [FileEntry],
        targets: [TargetEntry]? = nil,
        classes: [ClassEntry] = [],
        findings: [Finding] = [],
        summary: Summary,
        baseline: BaselineComparison? = nil,
        notes: [String]? = nil,
        suppressed: [Finding]? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = tool
        self.project = project
        self.files = files
        self.targets = targets
        self.classes = classes
        self.findings = findings
        self.summary = summary
        self.baseline = baseline
        self.notes = notes
        self.suppressed = suppressed
    }

    /// Which tool wrote the report.
    public struct Tool: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
        public static let nibscan = Tool(name: "nibscan", version: NibscanVersion.current)
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The analysed project as a whole.
    public struct Project: Codable, Sendable, Equatable {
        public var name: String
        /// Entries in the archive or files in the folder, whatever their kind.
        public var files: Int
        /// Their total uncompressed size.
        public var bytes: Int64
        public init(name: String, files: Int, bytes: Int64) {
            self.name = name
            self.files = files
            self.bytes = bytes
        }
    }

    /// Counts a CI gate or a dashboard shows without walking the findings.
    public struct Summary: Codable, Sendable, Equatable {
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        public var classes: Int
        public var nibs: Int
        public var storyboards: Int
        /// Wall time of the analysis; the only field that differs between two runs.
        public var durationMs: Int
        /// Entries in the report's `suppressed`; absent when there are none.
        public var suppressed: Int?
        public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0, classes: Int = 0,
                    nibs: Int = 0, storyboards: Int = 0, durationMs: Int = 0, suppressed: Int? = nil) {
            self.errors = errors
            self.warnings = warnings
            self.infos = infos
            self.classes = classes
            self.nibs = nibs
            self.storyboards = storyboards
            self.durationMs = durationMs
            self.suppressed = suppressed
        }
    }
}

/// One file of the project as the analysis saw it.
public struct FileEntry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case xib, storyboard, nib, swift, objc
        /// An Xcode project's `project.pbxproj`.
        case project
        /// An Xcode workspace's `contents.xcworkspacedata`.
        case workspace
        /// A Swift package's `Package.swift`, read statically.
        case package
        /// A dependency manifest: `Podfile(.lock)`, `Cartfile(.resolved)`, `Package.resolved`;
        /// and a `.podspec`, whose name is the module of the pod the upload publishes.
        case dependencies
        case other
    }
    public enum Status: String, Codable, Sendable, CaseIterable {
        case analysed, partial, legacy, binary, error, skipped
    }
    public var path: String
    public var kind: Kind
    public var status: Status
    /// Why the file was not fully analysed; absent when `status` is `analysed`.
    public var reason: String?
    /// The targets that build (sources) or bundle (Interface Builder files) the file, by
    /// name; empty for a source or IB file no target builds; absent when the project's
    /// targets are unknown or the file is neither.
    public var targets: [String]?
    public init(path: String, kind: Kind, status: Status, reason: String? = nil, targets: [String]? = nil) {
        self.path = path
        self.kind = kind
        self.status = status
        self.reason = reason
        self.targets = targets
    }
}

/// One target of an Xcode project or Swift package, as the report lists it.
public struct TargetEntry: Codable, Sendable, Equatable {
    public var name: String
    /// The `.xcodeproj` folder or `Package.swift` declaring it.
    public var container: String
    /// `app`, `framework`, `library`, `app-extension`, `test-bundle`, `bundle`, `tool`, `other`.
    public var kind: String
    public var module: String
    /// `ios`, `macos`, `tvos`, `watchos`, `visionos`, `mac-catalyst`; empty when unsaid.
    public var platforms: [String]
    /// The Swift language version, set (`SWIFT_VERSION`) or implied by the project's Xcode version.
    public var swiftVersion: String?
    /// Number of files in its Sources and Resources phases.
    public var sources: Int
    public var resources: Int

    public init(name: String, container: String, kind: String, module: String, platforms: [String],
                swiftVersion: String? = nil, sources: Int, resources: Int) {
        self.name = name
        self.container = container
        self.kind = kind
        self.module = module
        self.platforms = platforms
        self.swiftVersion = swiftVersion
        self.sources = sources
        self.resources = resources
    }
}

/// A place in a project file: an Interface Builder element or a source line.
public struct SourceLocation: Codable, Sendable, Equatable, Hashable, Comparable {
    public var path: String
    public var line: Int
    public var column: Int?
    public init(path: String, line: Int, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column ?? 0) < (rhs.path, rhs.line, rhs.column ?? 0)
    }
}

/// How bad a finding is. `error`: will crash or visibly break at runtime; `warning`: breaks
/// under conditions the project meets or is likely to meet; `info`: worth knowing.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Every custom view, view controller or cell class the project declares or an Interface
/// Builder file names, with how it is loaded.
public struct ClassEntry: Codable, Sendable, Equatable {
    public enum Language: String, Codable, Sendable { case swift, objc }

    /// A nib that involves the class, and how.
    public struct NibReference: Codable, Sendable, Equatable {
        public enum Role: String, Codable, Sendable { case rootView = "root-view", filesOwner = "files-owner", placed }
        public var path: String
        public var role: Role
        public init(path: String, role: Role) {
            self.path = path
            self.role = role
        }
    }

    /// An element in a storyboard or xib whose custom class is this class.
    public struct Placement: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var objectId: String
        /// Constraints installed on the placement itself (width, height, aspect ratio).
        public var ownConstraints: Int
        public var subviews: Int
        public init(path: String, line: Int, objectId: String, ownConstraints: Int, subviews: Int) {
            self.path = path
            self.line = line
            self.objectId = objectId
            self.ownConstraints = ownConstraints
            self.subviews = subviews
        }
    }

    /// One loading strategy of ANALYSIS.md §3 and why the analysis believes it.
    public struct Strategy: Codable, Sendable, Equatable {
        public struct Evidence: Codable, Sendable, Equatable {
            public var path: String
            public var line: Int
            public var note: String
            public init(path: String, line: Int, note: String) {
                self.path = path
                self.line = line
                self.note = note
            }
        }
        public var id: String
        public var variant: String?
        public var evidence: [Evidence]
        public init(id: String, variant: String? = nil, evidence: [Evidence]) {
            self.id = id
            self.variant = variant
            self.evidence = evidence
        }
    }

    /// The declaration site in source.
    public struct Declaration: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }
    }

    public var name: String
    public var objcName: String?
    public var language: Language
    public var superclass: String?
    public var module: String?
    public var declared: Declaration?
    public var nibs: [NibReference]
    public var placements: [Placement]
    public var strategies: [Strategy]

    public init(name: String, objcName: String? = nil, language: Language, superclass: String? = nil,
                module: String? = nil, declared: Declaration? = nil, nibs: [NibReference] = [],
                placements: [Placement] = [], strategies: [Strategy] = []) {
        self.name = name
        self.objcName = objcName
        self.language = language
        self.superclass = superclass
        self.module = module
        self.declared = declared
        self.nibs = nibs
        self.placements = placements
        self.strategies = strategies
    }
}

/// One hazard found in the project.
public struct Finding: Codable, Sendable, Equatable {
    /// Whether a finding already existed in the baseline report.
    public enum BaselineState: String, Codable, Sendable { case new, unchanged }

    public var rule: String
    public var severity: Severity
    /// The class involved, when there is one.
    public var className: String?
    public var message: String
    /// Every place involved: the Interface Builder element and the source lines.
    public var locations: [SourceLocation]
    public var fix: String
    /// The article (`../shared/seeds/`) the hazard comes from, when it comes from one.
    public var seed: String?
    /// Stable across unrelated edits: built from rule, class, file paths and IB object ids,
    /// never from line numbers.
    public var fingerprint: String
    public var baseline: BaselineState?
    /// Where the finding was suppressed; only on entries of the report's `suppressed`.
    public var suppression: Suppression?
    /// `certain` when every fact the finding rests on was read from the files, `assumed`
    /// when one was not (then it is at most `info`); absent in reports written before.
    public var confidence: Confidence?
    /// The facts the finding rests on beyond its rule's own reading, each read or assumed,
    /// with why; absent when there are none.
    public var evidence: [Evidence]?
    /// The rule's repair, unverified (``ProjectFixer`` checks it before offering it), worked
    /// out when asked; not written in reports, so a report read back proposes none.
    public var proposedRepair: ProposedRepair = .none
    /// ``proposedRepair``'s repair, worked out now.
    public var repair: Repair? { proposedRepair.repair }
    /// The repair once checked: the project analysed again with it has lost the finding
    /// and gained none. Only when the analysis was asked to check repairs.
    public var patch: FindingPatch?

    enum CodingKeys: String, CodingKey {
        case rule, severity, className = "class", message, locations, fix, seed, fingerprint, baseline, suppression
        case confidence, evidence, patch
    }

    public init(rule: String, severity: Severity, className: String? = nil, message: String,
                locations: [SourceLocation], fix: String, seed: String? = nil,
                fingerprint: String, baseline: BaselineState? = nil, suppression: Suppression? = nil,
                confidence: Confidence? = nil, evidence: [Evidence]? = nil, repair: ProposedRepair? = nil, patch: FindingPatch? = nil) {
        self.rule = rule
        self.severity = severity
        self.className = className
        self.message = message
        self.locations = locations
        self.fix = fix
        self.seed = seed
        self.fingerprint = fingerprint
        self.baseline = baseline
        self.suppression = suppression
        self.confidence = confidence
        self.evidence = evidence
        self.proposedRepair = repair ?? .none
        self.patch = patch
    }
}

/// Why a finding is not counted: a `// nibscan:disable…` comment in source, or an `ignore`
/// entry of `.nibscan.yml`. SARIF writes it as a result's `suppressions` entry.
public struct Suppression: Codable, Sendable, Equatable {
    /// SARIF's suppression kinds: `inSource` for a comment, `external` for the configuration.
    public enum Kind: String, Codable, Sendable { case inSource, external }

    public var kind: Kind
    /// The comment, or the configuration entry.
    public var location: SourceLocation
    /// The entry's `reason`, or the text after ` -- ` in the comment; absent when none.
    public var reason: String?

    public init(kind: Kind, location: SourceLocation, reason: String? = nil) {
        self.kind = kind
        self.location = location
        self.reason = reason
    }
}
