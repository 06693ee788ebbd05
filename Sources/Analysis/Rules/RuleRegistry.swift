/// Every rule nibscan runs, in catalogue order. Adding a rule adds one line here.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        DuplicateIDRule.self,
        // §4.1 constraint-copy hazards
        PlaceholderConstraintsDroppedRule.self,
        ConstraintCopyDropsPriorityRule.self,
        ConstraintCopyWrongItemRule.self,
        PlaceholderFrameDroppedRule.self,
        PlaceholderAutoresizingDroppedRule.self,
        PlaceholderSubviewsDroppedRule.self,
        PlaceholderAttributesDroppedRule.self,
        ConstraintOutletOrphanedRule.self,
        ContentViewNotPinnedRule.self,
        // §4.2 recursion and crash hazards
        AwakeAfterRecursionRule.self,
        OwnerAndRootSameClassRule.self,
        InitCoderReplacesSelfRule.self,
        NibFlagGuardIneffectiveRule.self,
        StaticFlagGuardRule.self,
        SubviewsCountGuardRule.self,
        // §4.4 beyond custom views
        VCNibWithoutViewRule.self,
        CellNibTopLevelRule.self,
        UnregisteredReuseIDRule.self,
        MissingStoryboardRule.self,
        MissingStoryboardIDRule.self,
        MissingSegueIDRule.self,
        OwnerLoadableManyRootsRule.self,
        DuplicateConstraintRule.self,
        AmbiguousViewRule.self,
        MisplacedViewRule.self,
        UnknownCustomClassRule.self,
        MissingCustomModuleRule.self,
        MissingNibRule.self,
        OutletNotInClassRule.self,
        ActionNotInClassRule.self,
        RuntimeAttributeNotInClassRule.self,
        BindingKeyNotInClassRule.self,
        OwnerMismatchRule.self,
        FirstObjectCastRule.self,
        EmptyPlaceholderRule.self,
        UnusedOutletRule.self,
        UnusedActionRule.self,
    ]

    /// The rule with id `id`.
    public static func rule(withID id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}

/// The rule catalogue as data: what `nibscan rules`, `GET /v1/rules` and SARIF list.
public enum RuleCatalog {
    public static var descriptions: [RuleDescription] {
        RuleRegistry.all.map { $0.description }
    }

    /// Diagnostics that are not rules of the registry but report like one, with an id
    /// `.nibscan.yml` can set (`unused-suppression`).
    public static var diagnostics: [RuleDescription] {
        [UnusedSuppression.description]
    }

    /// The ids `.nibscan.yml` may name under `rules:` and `ignore:`.
    public static var configurableIDs: Set<String> {
        Set(RuleRegistry.all.map { $0.description.id } + diagnostics.map(\.id))
    }
}
