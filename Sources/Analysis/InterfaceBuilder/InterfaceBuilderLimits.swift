/// Bounds on what one Interface Builder file may cost to read. A file over a limit is
/// reported as an `error` document naming the limit; the rest of the project is still
/// analysed. The defaults are far above anything Xcode writes.
public struct InterfaceBuilderLimits: Sendable, Hashable {
    /// Largest file accepted, in bytes.
    public var maxDocumentBytes: Int
    /// Deepest element nesting accepted.
    public var maxDepth: Int
    /// Longest attribute value accepted, in bytes.
    public var maxAttributeBytes: Int
    /// Most elements accepted in one file.
    public var maxElements: Int

    public init(maxDocumentBytes: Int = 64 << 20, maxDepth: Int = 256, maxAttributeBytes: Int = 1 << 20, maxElements: Int = 4_000_000) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxAttributeBytes = maxAttributeBytes
        self.maxElements = maxElements
    }

    /// The limits the analysis uses unless told otherwise.
    public static let `default` = InterfaceBuilderLimits()
}
