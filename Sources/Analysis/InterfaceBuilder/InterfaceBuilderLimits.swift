/// Bounds on what one Interface Builder file may cost to read. A file over a limit is
/// reported as an `error` document naming the limit; the rest of the project is still
/// analysed. The defaults are far above anything Xcode writes (the 537 files of the shared
/// corpus have at most 6,541 elements and 25 attributes on one element) and bound what one
/// file costs: each element the model keeps takes about 500 bytes, so `maxElements` bounds
/// a file's model to about 250 MB (and its analysis to seconds), and `maxAttributesPerElement` keeps libxml2's duplicate
/// check, quadratic in the attributes of one element, to microseconds.
public struct InterfaceBuilderLimits: Sendable, Hashable, Codable {
    /// Largest file accepted, in bytes.
    public var maxDocumentBytes: Int
    /// Deepest element nesting accepted.
    public var maxDepth: Int
    /// Longest attribute value accepted, in bytes.
    public var maxAttributeBytes: Int
    /// Most elements accepted in one file.
    public var maxElements: Int
    /// Most attributes accepted on one element.
    public var maxAttributesPerElement: Int

    public init(maxDocumentBytes: Int = 64 << 20, maxDepth: Int = 256, maxAttributeBytes: Int = 1 << 20, maxElements: Int = 500_000,
                maxAttributesPerElement: Int = 256) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxAttributeBytes = maxAttributeBytes
        self.maxElements = maxElements
        self.maxAttributesPerElement = maxAttributesPerElement
    }

    /// The limits the analysis uses unless told otherwise.
    public static let `default` = InterfaceBuilderLimits()
}
