/// Rules that claim a declared outlet or action is connected nowhere: they need sources,
/// and every Interface Builder file readable (a compiled nib may hold the connection).
protocol UnconnectedMemberRule: Rule {}

extension UnconnectedMemberRule {
    static var requirements: RuleRequirements { .sources }

    static func skipReason(in model: ProjectModel) -> String? {
        requirements.unmetReason(in: model) ?? ConnectionUsage.skipReason(model)
    }
}
