import Foundation

/// Whether code keeps a control switched off: a disabled control sends no actions, so a
/// broken action connection on it is one edit away from crashing, not crashing today.
extension ProjectModel {
    /// The evidence that code keeps `control` (an object of `document`) switched off: an
    /// outlet holds it, code sets that outlet's `isEnabled` (or `userInteractionEnabled`) to
    /// `false`, and no code that may reach it sets it to anything else, except in a block a
    /// constant condition rules out. An assignment counts unless its receiver's stated type
    /// cannot be the outlet's owner (a subclass or another class of the project). `nil` when
    /// no outlet holds the control or any assignment may turn it on.
    func disabledInCode(_ control: IBObject, in document: IBDocument) -> Evidence? {
        let outlets = document.connections.filter { $0.kind == .outlet && $0.destination == control.id && $0.property != nil }
        guard !outlets.isEmpty else { return nil }
        var disabling: (path: String, line: Int, property: String)?
        var switchedOff: (path: String, line: Int)?
        for outlet in outlets {
            let ownerClass = outlet.source.flatMap { document.objects[$0].customClass }
            for (path, assignment) in enabledStateAssignments(of: outlet.property ?? "") {
                guard mayHold(ownerClass, receiverType: assignment.receiverType) else { continue }
                if assignment.neverRuns {
                    if assignment.value != false { switchedOff = switchedOff ?? (path, assignment.line) }
                    continue
                }
                guard assignment.value == false else { return nil }
                disabling = disabling ?? (path, assignment.line, assignment.property)
            }
        }
        guard let disabling else { return nil }
        let enabling = switchedOff.map { "only in a block a constant condition rules out (\($0.path):\($0.line))" } ?? "nowhere"
        return .limiting("code switches \(control.displayName) off (\(disabling.path):\(disabling.line) disables \(disabling.property)) and on \(enabling)", to: .warning,
                         because: "a disabled control sends no action; the crash waits for code that enables it")
    }

    /// Whether an object of `ownerClass` may be what a receiver of the stated type holds:
    /// unless the stated type is a project class outside the owner's lineage.
    private func mayHold(_ ownerClass: String?, receiverType: String?) -> Bool {
        guard let ownerClass, let receiverType, sourceType(named: receiverType) != nil else { return true }
        return lineage(of: ownerClass).contains(receiverType)
            || declaredType(runtimeName: ownerClass).map { lineage(of: $0.name).contains(receiverType) } == true
    }

    /// Every enabled-state assignment of the property `name` in the sources, read from the
    /// files that spell both the name and an enabled state, once per name.
    private func enabledStateAssignments(of name: String) -> [(path: String, assignment: EnabledStateAssignment)] {
        enabledStateAssignmentsCache.value(for: name) {
            let property = ByteSearch.Needle(name)
            var found: [(path: String, assignment: EnabledStateAssignment)] = []
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let contents = file.contents, ByteSearch.contains(property, in: contents), ByteSearch.contains(Self.enabledWord, in: contents) else { continue }
                let stream = Self.tokens(of: contents, kind: file.kind)
                found += EnabledStateAssignment.scan(stream).filter { $0.property == name }.map { (file.path, $0) }
            }
            return found
        }
    }

    private static let enabledWord = ByteSearch.Needle("nabled")
}
