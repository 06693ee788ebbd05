/// One `awakeAfter(using:)` / `awakeAfterUsingCoder:` override that returns a nib-loaded
/// view instead of the decoded one, with the loads it makes and the nib roots they reach:
/// what the §4.1 and §4.2 rules compare with Interface Builder.
struct Substitution: Sendable {
    /// The class whose override substitutes.
    var type: SourceType
    var method: SourceMethod
    var summary: AwakeAfterSummary
    /// The loads inside the override (direct or through a project helper).
    var loads: [NibLoadSite]
    /// The nib names those loads resolve to, in order, unique.
    var nibNames: [String]
    /// The top-level views of the nibs found in the project for `nibNames`.
    var loadedRoots: [IBObjectReference]

    /// `MyCustomView.xib` (or the load expression when nothing resolves).
    var nibDescription: String {
        if let name = nibNames.first { return "\(name).xib" }
        return loads.first.map { "the nib named by \($0.nibName.expression)" } ?? "a nib"
    }

    /// `MyCustomViewProto.awakeAfterUsingCoder:`.
    var methodDescription: String { "\(type.name).\(method.name)" }

    /// The source places involved: the override, the constraint copy loop, the loads.
    var sourceLocations: [SourceLocation] {
        var locations = [method.location]
        if let copy = summary.constraintCopy { locations.append(copy.location) }
        locations += loads.map(\.location)
        return locations
    }
}

/// One placement of a class in a storyboard or xib that a ``Substitution`` replaces when
/// the file is decoded.
struct SubstitutionPlacement: Sendable {
    var substitution: Substitution
    /// The runtime name of the placed class (the substituting class or a subclass inheriting
    /// its override).
    var placedClass: String
    var reference: IBObjectReference
    var document: IBDocument
    var object: IBObject

    /// `CardViewProto placed in Main.storyboard (view "Crd-00-001", line 14)`.
    var placementDescription: String {
        let label = object.userLabel.map { " \"\($0)\"" } ?? ""
        return "\(placedClass) placed in \(document.path) (\(object.element)\(label) id \(object.id), line \(object.location.line))"
    }

    /// The start of every §4.1 message: which placement is replaced by what.
    var replacementDescription: String {
        "\(placementDescription) is replaced by \(substitution.methodDescription) with a view loaded from \(substitution.nibDescription)"
    }

    /// Placement location first, then the source places.
    func locations(adding elements: [IBLocation] = []) -> [SourceLocation] {
        [SourceLocation(document, object)] + elements.map { SourceLocation(document, $0) } + substitution.sourceLocations
    }

    /// The identity shared by every §4.1 finding: file, IB id and the substituting class.
    func identity(_ extra: [String] = []) -> [String] {
        [document.path, object.id, substitution.type.name] + extra
    }

    /// Constraints installed on the placement that take part in layout at runtime
    /// (`placeholder="YES"` ones are removed when the file is compiled).
    var installedConstraints: [IBConstraint] {
        document.constraintsInstalled(on: object).filter { !$0.isPlaceholder }
    }

    /// Installed constraints that relate the placement to itself or to nothing.
    var selfConstraints: [IBConstraint] {
        document.selfConstraints(of: object).filter { !$0.isPlaceholder }
    }
}

extension ProjectModel {
    /// Every override in the project that returns a nib-loaded view, by type name. Overrides
    /// in a category or extension of a platform class (XXNibBridge's `UIView (XXNibBridge)`)
    /// are library-style swizzles that only opted-in classes take part in: left out.
    func computeSubstitutions() -> [Substitution] {
        sources.types.values.filter { type in
            type.hasPrimaryDeclaration && type.methods.contains { $0.lifecycle == .awakeAfter }
                && !PlatformClasses.isKnown(ProjectModel.unqualified(type.name))
        }.sorted { $0.name < $1.name }.flatMap(substitutions(of:))
    }

    private func substitutions(of type: SourceType) -> [Substitution] {
        type.methods.compactMap { method -> Substitution? in
            guard method.lifecycle == .awakeAfter, method.hasBody, let summary = method.awakeAfter,
                  summary.returnsNibLoadedObject else { return nil }
            return substitution(type: type, method: method, summary: summary)
        }
    }

    private func substitution(type: SourceType, method: SourceMethod, summary: AwakeAfterSummary) -> Substitution {
        let loads = sources.nibLoads.filter {
            $0.context.typeName == type.name && $0.context.methodName == method.name && $0.api != .registerNib
        }
        var names: [String] = []
        for name in loads.flatMap(\.nibName.candidates).map(NibCatalog.stripped) where !names.contains(name) {
            names.append(name)
        }
        let roots = names.flatMap { name in
            nibCatalog.nibDocuments(named: name).flatMap { index in
                documents[index].rootViews.map { IBObjectReference(document: index, object: $0.index) }
            }
        }
        return Substitution(type: type, method: method, summary: summary, loads: loads, nibNames: names, loadedRoots: roots)
    }

    /// Every placement (not a nib root, not a File's Owner) of a class whose nearest
    /// `awakeAfter` in its project lineage is a substitution, in document order. Placements
    /// with subviews are left out when the guard skips them (`subviews.count > 0`).
    /// - Parameters:
    ///   - byKey: the substitutions by `Type|method`.
    ///   - nearest: class name → `Type|method` of its nearest `awakeAfter`.
    func computeSubstitutionPlacements(byKey: [String: Substitution], nearest: [String: String]) -> [SubstitutionPlacement] {
        var result: [SubstitutionPlacement] = []
        for projectClass in classes.values where !projectClass.placements.isEmpty {
            guard let key = nearest[projectClass.name], let substitution = byKey[key] else { continue }
            for reference in projectClass.placements {
                let object = object(reference)
                guard object.isViewLike else { continue }
                if case .subviewsCount = substitution.summary.guardKind, !object.subviews.isEmpty { continue }
                result.append(SubstitutionPlacement(substitution: substitution, placedClass: projectClass.runtimeName,
                                                    reference: reference, document: document(reference), object: object))
            }
        }
        return result.sorted { $0.reference < $1.reference }
    }
}

extension Substitution {
    /// The missing copy of `property` (its Objective-C name `objcProperty`) as a source line
    /// just before the method's `return VARIABLE`, in the file's own language:
    /// `view.frame = self.frame` or `view.frame = self.frame;`.
    func copyLineRepair(_ property: String, objcProperty: String? = nil) -> Repair {
        copyLinesRepair([(property, objcProperty ?? property)])
    }

    /// ``copyLineRepair(_:objcProperty:)`` for several properties, each `(Swift name,
    /// Objective-C name)`, one line each in the given order.
    func copyLinesRepair(_ properties: [(swift: String, objc: String)]) -> Repair {
        linesBeforeReturn(what: "the copy") { view, swift in
            properties.map { swift ? "\(view).\($0.swift) = self.\($0.swift)" : "\(view).\($0.objc) = self.\($0.objc);" }
        } describe: { lines in lines.joined(separator: " ") }
    }

    /// The placeholder's own constraints copied to the new view before the `return`, the
    /// placeholder mapped to the new view and every other item kept, with priority and
    /// identifier (seed 000's loop), in the file's language.
    func constraintCopyRepair() -> Repair {
        linesBeforeReturn(what: "the copy") { view, swift in
            swift ? [
                "for constraint in constraints {",
                "    let first = constraint.firstItem === self ? \(view) : constraint.firstItem",
                "    let second = constraint.secondItem === self ? \(view) : constraint.secondItem",
                "    let copy = NSLayoutConstraint(item: first as Any, attribute: constraint.firstAttribute, relatedBy: constraint.relation,",
                "                                  toItem: second, attribute: constraint.secondAttribute,",
                "                                  multiplier: constraint.multiplier, constant: constraint.constant)",
                "    copy.priority = constraint.priority",
                "    copy.identifier = constraint.identifier",
                "    \(view).addConstraint(copy)",
                "}",
            ] : [
                "for (NSLayoutConstraint *constraint in self.constraints) {",
                "    id first = constraint.firstItem == self ? \(view) : constraint.firstItem;",
                "    id second = constraint.secondItem == self ? \(view) : constraint.secondItem;",
                "    NSLayoutConstraint *copy = [NSLayoutConstraint constraintWithItem:first attribute:constraint.firstAttribute relatedBy:constraint.relation",
                "                                                               toItem:second attribute:constraint.secondAttribute",
                "                                                           multiplier:constraint.multiplier constant:constraint.constant];",
                "    copy.priority = constraint.priority;",
                "    copy.identifier = constraint.identifier;",
                "    [\(view) addConstraint:copy];",
                "}",
            ]
        } describe: { _ in "the placeholder's constraints copied" }
    }

    /// The placeholder's subviews moved to the new view before the `return` (`subviews`
    /// returns a copy of the list, so moving them while enumerating it is safe: seed 000's loop).
    func subviewMoveRepair() -> Repair {
        linesBeforeReturn(what: "the move") { view, swift in
            swift ? ["for subview in subviews {", "    \(view).addSubview(subview)", "}"]
                : ["for (UIView *subview in self.subviews) {", "    [\(view) addSubview:subview];", "}"]
        } describe: { _ in "the placeholder's subviews moved" }
    }

    /// Lines inserted just before the method's one `return VARIABLE`, made by `lines` from
    /// the variable's name and whether the file is Swift; declined when there is no such return.
    private func linesBeforeReturn(what: String, _ lines: (String, Bool) -> [String], describe: ([String]) -> String) -> Repair {
        guard let returned = summary.returnedVariable else {
            return .declined("\(methodDescription) does not return the new view through one `return` of a variable, so where \(what) goes is not clear")
        }
        let made = lines(returned.name, returned.location.path.hasSuffix(".swift"))
        return .edits(summary: "\(describe(made)) added to \(methodDescription)",
                      [.lineInsertion(path: returned.location.path, before: returned.location.line, text: made.joined(separator: "\n"))])
    }
}
