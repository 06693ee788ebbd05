/// Finding an object by id without copying objects: `IBDocument.object(withID:)` walks
/// `objects` element by element, and each `IBObject` copy retains a dozen strings. The
/// joins and the rules look up every action target, so they compare ids in place.
extension IBDocument {
    /// The position in `objects` of the first object with Interface Builder id `id`.
    func objectPosition(withID id: String) -> Int? {
        objects.indices.first { objects[$0].id == id }
    }
}
