/// Points at one object of one document of a ``ProjectModel``: the way the model and the
/// rules refer to Interface Builder elements without copying them.
public struct IBObjectReference: Sendable, Hashable, Comparable {
    /// Index into ``ProjectModel/documents``.
    public var document: Int
    /// Index into that document's `objects`.
    public var object: Int

    public init(document: Int, object: Int) {
        self.document = document
        self.object = object
    }

    public static func < (lhs: IBObjectReference, rhs: IBObjectReference) -> Bool {
        (lhs.document, lhs.object) < (rhs.document, rhs.object)
    }
}

extension ProjectModel {
    /// The document a reference points into.
    public func document(_ reference: IBObjectReference) -> IBDocument {
        documents[reference.document]
    }

    /// The object a reference points at.
    public func object(_ reference: IBObjectReference) -> IBObject {
        documents[reference.document].objects[reference.object]
    }

    /// The report location of the referenced object.
    public func location(_ reference: IBObjectReference) -> SourceLocation {
        SourceLocation(document(reference), object(reference))
    }
}
