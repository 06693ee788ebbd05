extension ProjectModel {
    /// The members of a custom class whose whole lineage the analysis can see: declared in
    /// the project and descending only through project and platform classes. `nil` for
    /// classes from dependencies or the platform, where a missing member proves nothing.
    public func checkableMembers(of runtimeName: String) -> ClassMembers? {
        guard let type = declaredType(runtimeName: runtimeName), type.hasPrimaryDeclaration else { return nil }
        let members = members(of: runtimeName)
        return members.isComplete ? members : nil
    }
}
