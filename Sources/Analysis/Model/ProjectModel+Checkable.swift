extension ProjectModel {
    /// The members of a custom class whose whole lineage the analysis can see: declared in
    /// the project and descending only through project and platform classes. `nil` for
    /// classes from dependencies or the platform, where a missing member proves nothing, and
    /// for a name two targets declare with different superclasses, whose merged members
    /// follow neither lineage.
    /// Rules ask this for every connection and runtime attribute: the answer is kept per
    /// class (one lookup instead of a declaration copy plus a member lookup).
    public func checkableMembers(of runtimeName: String) -> ClassMembers? {
        memberCache.checkableValue(for: runtimeName) {
            guard let type = declaredType(runtimeName: runtimeName), type.hasPrimaryDeclaration,
                  !type.hasConflictingSuperclasses else { return nil }
            let members = members(of: runtimeName)
            return members.isComplete ? members : nil
        }
    }
}
