/// The object table of a parsed `project.pbxproj`: every object by its 24-hex-digit id,
/// and the root `PBXProject`. Lookups of a missing or mistyped object give `nil`, so a
/// project with a dangling reference still yields every target it can.
struct PBXObjects {
    let objects: [String: [String: PropertyListValue]]
    let rootID: String
    let root: [String: PropertyListValue]
    /// The file format (`objectVersion`: 46 for Xcode 3.2-compatible, 77 for Xcode 16).
    let objectVersion: Int?

    /// Checks the two things every later step relies on.
    init(_ value: PropertyListValue) throws(ProjectFileError) {
        guard let top = value.dictionary else { throw ProjectFileError("the top level is not a dictionary") }
        guard let table = top["objects"]?.dictionary else { throw ProjectFileError("there is no \"objects\" dictionary") }
        guard let rootID = top["rootObject"]?.string else { throw ProjectFileError("there is no \"rootObject\"") }
        guard let root = table[rootID]?.dictionary, root["isa"]?.string == "PBXProject" else {
            throw ProjectFileError("the rootObject \(rootID) is not a PBXProject")
        }
        var objects: [String: [String: PropertyListValue]] = [:]
        objects.reserveCapacity(table.count)
        for (id, object) in table { if let dictionary = object.dictionary { objects[id] = dictionary } }
        self.objects = objects
        self.rootID = rootID
        self.root = root
        objectVersion = top["objectVersion"]?.string.flatMap { Int($0) }
    }

    subscript(id: String) -> [String: PropertyListValue]? { objects[id] }

    /// The objects an id list names (missing ones skipped), in the list's order.
    func objects(listedAt key: String, in object: [String: PropertyListValue]) -> [(id: String, object: [String: PropertyListValue])] {
        (object[key]?.strings ?? []).compactMap { id in objects[id].map { (id, $0) } }
    }
}

/// Why a project, package or workspace file could not be read as one.
public struct ProjectFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension [String: PropertyListValue] {
    /// The string at `key`.
    func string(_ key: String) -> String? { self[key]?.string }
}
