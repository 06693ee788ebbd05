import Foundation

/// What a class answers to, gathered over its whole lineage: project declarations (with
/// extensions, categories, typealias extensions and protocol extensions of conformances)
/// and the platform classes above them.
///
/// The platform's members are not copied into every class's sets (a hundred keys per
/// `UIView` subclass, for each of thousands of classes): the platform classes of the
/// lineage are listed and ``PlatformMembers`` is asked when a member is looked up.
public struct ClassMembers: Sendable {
    /// Keys the project declares along the lineage: outlets, properties, `setX:` methods, ivars.
    public var declaredKeys: Set<String> = []
    /// Objective-C selectors of instance methods and actions the project declares along the lineage.
    public var declaredSelectors: Set<String> = []
    /// The lineage's names, unqualified, that ``PlatformMembers`` has members for.
    public var platformClasses: [String] = []
    /// `false` when the lineage leaves the project for a class neither the project nor the
    /// platform table knows (a dependency): then a missing member proves nothing.
    public var isComplete = true

    /// Whether Key-Value Coding finds `key` (`_key`, `isKey` and `_isKey` ivars included).
    public func answersKey(_ key: String) -> Bool {
        if hasKey(key) { return true }
        let capitalized = key.prefix(1).uppercased() + key.dropFirst()
        // KVC looks for `set<Key>:` with the key's first letter capitalised, so a key written
        // capitalised (`NoGroupsButton`) reaches the setter of the property `noGroupsButton`.
        let lowercased = key.prefix(1).lowercased() + key.dropFirst()
        return hasKey("_" + key) || hasKey("is" + capitalized) || hasKey("_is" + capitalized) || (lowercased != key && hasKey(lowercased))
    }

    /// Whether the class or a superclass implements the action or method `selector`.
    public func answersSelector(_ selector: String) -> Bool {
        declaredSelectors.contains(selector) || platformClasses.contains { PlatformMembers.actions[$0]?.contains(selector) == true }
    }

    private func hasKey(_ key: String) -> Bool {
        declaredKeys.contains(key) || platformClasses.contains { PlatformMembers.keys[$0]?.contains(key) == true }
    }
}

extension ProjectModel {
    /// The members of the class IB calls `runtimeName` (computed once per model).
    public func members(of runtimeName: String) -> ClassMembers {
        memberCache.value(for: runtimeName) { computeMembers(of: runtimeName) }
    }

    private func computeMembers(of runtimeName: String) -> ClassMembers {
        var members = ClassMembers()
        var visitedProtocols: Set<String> = []
        let lineage = lineage(of: runtimeName)
        for name in lineage {
            if let type = declaration(of: name) ?? sourceType(named: name) {
                add(type, to: &members, visitedProtocols: &visitedProtocols)
            }
            let platformName = Self.unqualified(name)
            if PlatformMembers.keys[platformName] != nil || PlatformMembers.actions[platformName] != nil {
                members.platformClasses.append(platformName)
            }
        }
        members.isComplete = isComplete(lineage: lineage)
        return members
    }

    /// ``ClassMembers/isComplete`` without gathering the members: whether every class in the
    /// lineage of `runtimeName` is declared in the project or known to the platform table
    /// (the family of a class asks only this, for every class of the report).
    /// The answer for the model's classes is computed for all of them at once, on first use.
    public func isLineageComplete(of runtimeName: String) -> Bool {
        let fact = lineageKnownCache.get {
            hierarchy.everyInLineage { PlatformClasses.isKnown(Self.unqualified($0)) || declaration(of: $0)?.hasPrimaryDeclaration == true }
        }
        if let known = hierarchy.value(of: fact, for: runtimeName) {
            return known && PlatformClasses.isKnown(Self.unqualified(lineageTop(of: runtimeName)))
        }
        return isComplete(lineage: lineage(of: runtimeName))
    }

    private func isComplete(lineage: [String]) -> Bool {
        guard let last = lineage.last else { return true }
        return PlatformClasses.isKnown(Self.unqualified(last)) && lineage.allSatisfy { name in
            PlatformClasses.isKnown(Self.unqualified(name)) || declaration(of: name)?.hasPrimaryDeclaration == true
        }
    }

    /// Adds what `type` declares (and the protocols it conforms to) to `members`.
    func add(_ type: SourceType, to members: inout ClassMembers, visitedProtocols: inout Set<String>) {
        members.declaredKeys.formUnion(type.outlets.map(\.name))
        members.declaredKeys.formUnion(type.properties.map(\.name))
        for method in type.methods where !method.isTypeMethod {
            members.declaredSelectors.insert(method.selector)
            if method.selector.hasPrefix("set"), method.selector.hasSuffix(":"), method.selector.filter({ $0 == ":" }).count == 1 {
                let key = method.selector.dropFirst(3).dropLast()
                members.declaredKeys.insert(key.prefix(1).lowercased() + key.dropFirst())
            }
        }
        members.declaredSelectors.formUnion(type.actions.map(\.selector))
        for conformance in type.conformances where visitedProtocols.insert(conformance).inserted {
            if let protocolType = sourceType(named: conformance) {
                add(protocolType, to: &members, visitedProtocols: &visitedProtocols)
            }
        }
    }
}

/// Members already gathered for a model: rules ask for the same classes again and again,
/// from several threads. Belongs to one model; never shared between analyses.
final class MemberCache: Sendable {
    private let members = MemoTable<ClassMembers>()
    /// ``ProjectModel/checkableMembers(of:)`` answers, `nil` ones included.
    private let checkable = MemoTable<ClassMembers?>()
    /// ``ProjectModel/checkableMembers(of:seenFrom:)`` answers for classes declared again elsewhere.
    private let scoped = MemoTable<ClassMembers?>()
    /// ``ProjectModel/checkableMembers(of:seenFrom:)`` answers, per IB file and class.
    private let seenFrom = MemoTable<ClassMembers?>()

    func value(for name: String, compute: () -> ClassMembers) -> ClassMembers {
        members.value(for: name, compute: compute)
    }

    /// Like ``value(for:compute:)``, for the checkable members of a class.
    func checkableValue(for name: String, compute: () -> ClassMembers?) -> ClassMembers? {
        checkable.value(for: name, compute: compute)
    }

    /// Like ``checkableValue(for:compute:)``, for a class as the declarations of one set of
    /// targets show it (`key` names both).
    func scopedValue(for key: String, compute: () -> ClassMembers?) -> ClassMembers? {
        scoped.value(for: key, compute: compute)
    }

    /// Like ``checkableValue(for:compute:)``, for a class as one IB file sees it (`key`
    /// names both): every connection and attribute of the file asks.
    func seenFromValue(for key: String, compute: () -> ClassMembers?) -> ClassMembers? {
        seenFrom.value(for: key, compute: compute)
    }
}
