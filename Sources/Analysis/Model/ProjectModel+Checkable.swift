extension ProjectModel {
    /// The members of a custom class whose whole lineage the analysis can see: declared in
    /// the project and descending only through project and platform classes. `nil` for
    /// classes from dependencies or the platform, where a missing member proves nothing.
    /// Rules ask this for every connection and runtime attribute: the answer is kept per
    /// class (one lookup instead of a declaration copy plus a member lookup).
    public func checkableMembers(of runtimeName: String) -> ClassMembers? {
        memberCache.checkableValue(for: runtimeName) {
            guard declaredType(runtimeName: runtimeName)?.hasPrimaryDeclaration == true else { return nil }
            let members = members(of: runtimeName)
            return members.isComplete ? members : nil
        }
    }
}
