/// One Interface Builder file (xib, storyboard, legacy archive, compiled nib) as the
/// analysis sees it: every object, constraint, connection and scene, with the line and
/// column Interface Builder wrote it at. Immutable; built by `InterfaceBuilderParser`.
///
/// Objects, constraints, connections and bindings are flat arrays in document order; they refer to
/// each other by index (`IBObject.parent`, `IBConstraint.owner`) and by IB id strings
/// (`IBConstraint.firstItem`, `IBConnection.destination`, `IBBinding.destination`),
/// exactly as the file does.
public struct IBDocument: Sendable, Hashable {
    /// How far the file could be read.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// A `<document>` (version 3.0 or 2.0) read in full.
        case analysed
        /// A pre-Xcode-5 `<archive>` xib: custom classes and connections only.
        case legacy
        /// A compiled nib (`bplist00` or `NIBArchive`): recognised, not readable.
        case binary
        /// Not an Interface Builder document, malformed, or over a limit; see `reason`.
        case error
    }

    /// The file format, as recognised from its bytes (never from the path).
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case xib, storyboard, legacyArchive, binaryPropertyList, nibArchive, unknown
    }

    /// The platform the document targets, from `targetRuntime`/`type`.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case iOS, tvOS, watchOS, macOS, unknown
    }

    /// Path of the file relative to the project root, as given to the parser.
    public var path: String
    public var status: Status
    /// Why the file is `error`, `legacy` or `binary`; `nil` when `analysed`.
    public var reason: String?
    /// The line the `reason` refers to (1-based), when it refers to one.
    public var errorLine: Int?
    public var format: Format
    public var platform: Platform
    /// The root's `type` attribute, e.g. `com.apple.InterfaceBuilder3.CocoaTouch.XIB`.
    public var documentType: String?
    /// The root's `version` attribute: `3.0`/`2.0` for documents, `7.10`/`8.00` for archives.
    public var version: String?
    public var toolsVersion: String?
    public var targetRuntime: String?
    /// `useAutolayout="YES"` on the root.
    public var usesAutolayout: Bool
    /// Every element with an `id` in the object tree, in document order.
    public var objects: [IBObject]
    /// Indices into `objects` of the children of `<objects>` (xib) or of each scene's
    /// `<objects>` (storyboard), in document order, placeholders included.
    public var topLevelObjects: [Int]
    public var constraints: [IBConstraint]
    public var connections: [IBConnection]
    public var runtimeAttributes: [IBRuntimeAttribute]
    /// Cocoa bindings, in document order.
    public var bindings: [IBBinding]
    /// Size-class `<variation>` blocks that include or exclude constraints.
    public var variations: [IBSizeClassVariation]
    /// Storyboard scenes in document order; empty for xibs.
    public var scenes: [IBScene]
    /// Storyboard references (`viewControllerPlaceholder`s) in document order.
    public var storyboardReferences: [IBStoryboardReference]
    /// Storyboard `initialViewController` id.
    public var initialViewController: String?

    public init(
        path: String,
        status: Status,
        reason: String? = nil,
        errorLine: Int? = nil,
        format: Format,
        platform: Platform = .unknown,
        documentType: String? = nil,
        version: String? = nil,
        toolsVersion: String? = nil,
        targetRuntime: String? = nil,
        usesAutolayout: Bool = false,
        objects: [IBObject] = [],
        topLevelObjects: [Int] = [],
        constraints: [IBConstraint] = [],
        connections: [IBConnection] = [],
        runtimeAttributes: [IBRuntimeAttribute] = [],
        bindings: [IBBinding] = [],
        variations: [IBSizeClassVariation] = [],
        scenes: [IBScene] = [],
        storyboardReferences: [IBStoryboardReference] = [],
        initialViewController: String? = nil
    ) {
        self.path = path
        self.status = status
        self.reason = reason
        self.errorLine = errorLine
        self.format = format
        self.platform = platform
        self.documentType = documentType
        self.version = version
        self.toolsVersion = toolsVersion
        self.targetRuntime = targetRuntime
        self.usesAutolayout = usesAutolayout
        self.objects = objects
        self.topLevelObjects = topLevelObjects
        self.constraints = constraints
        self.connections = connections
        self.runtimeAttributes = runtimeAttributes
        self.bindings = bindings
        self.variations = variations
        self.scenes = scenes
        self.storyboardReferences = storyboardReferences
        self.initialViewController = initialViewController
    }
}

/// A position in an Interface Builder file: 1-based line and column (UTF-8 bytes) of the
/// element's `<`.
public struct IBLocation: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static func < (lhs: IBLocation, rhs: IBLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
