/// The object table of a parsed `project.pbxproj`: every object by its id, and the root
/// `PBXProject`. An object is its dictionary node in the ``PropertyListDocument``; ids are
/// looked up from their bytes (a 24-hex-digit id as two integers, no `String`). Lookups of
/// a missing or mistyped object give `nil`, so a project with a dangling reference still
/// yields every target it can.
struct PBXObjects {
    let document: PropertyListDocument
    /// Id → the object's dictionary node.
    private let table: PBXObjectTable
    /// Every object's node, in file order (so ascending: a dictionary's node follows
    /// everything before it), and the node of its id beside it.
    let all: [Int]
    private let idNodes: [Int]
    /// Node → its `isa` string node, for the objects of ``all`` (``noClass`` for one without
    /// an `isa`, ``notAnObject`` for other nodes): every object's class is asked several
    /// times, and `isa`, written first, is the last key a lookup (from the end) reaches.
    private let isaNodes: [Int32]
    private static let noClass: Int32 = -1
    private static let notAnObject: Int32 = -2
    let root: Int
    /// The file format (`objectVersion`: 46 for Xcode 3.2-compatible, 77 for Xcode 16).
    let objectVersion: Int?

    /// Checks the two things every later step relies on.
    init(_ document: PropertyListDocument) throws(ProjectFileError) {
        let top = document.root
        guard document.kind(top) == .dictionary else { throw ProjectFileError("the top level is not a dictionary") }
        guard let objects = document.value(forKey: "objects", in: top), document.kind(objects) == .dictionary else {
            throw ProjectFileError("there is no \"objects\" dictionary")
        }
        guard let rootReference = document.value(forKey: "rootObject", in: top), let rootID = document.string(rootReference) else {
            throw ProjectFileError("there is no \"rootObject\"")
        }
        // Entry by entry, as a dictionary is built: a repeated id keeps its last value.
        var table = PBXObjectTable(capacity: document.entryCount(of: objects))
        var overwritten = false
        document.forEachEntry(of: objects) { key, value in
            guard let id = PBXObjectID(key, in: document) else { return }
            let previous = document.kind(value) == .dictionary ? table.updateValue(value, forKey: id) : table.removeValue(forKey: id)
            overwritten = overwritten || previous != nil
        }
        guard let root = PBXObjectID(rootReference, in: document).flatMap({ table[$0] }),
              document.isString(forKey: "isa", in: root, "PBXProject") else {
            throw ProjectFileError("the rootObject \(rootID) is not a PBXProject")
        }
        self.document = document
        self.table = table
        // Only when an id repeats must each entry be checked against the table.
        var all: [Int] = []
        var idNodes: [Int] = []
        all.reserveCapacity(table.count)
        idNodes.reserveCapacity(table.count)
        document.forEachEntry(of: objects) { key, value in
            if overwritten {
                guard let id = PBXObjectID(key, in: document), table[id] == value else { return }
            } else {
                guard document.isString(key), document.kind(value) == .dictionary else { return }
            }
            all.append(value)
            idNodes.append(key)
        }
        var isaNodes = Array(repeating: Self.notAnObject, count: document.nodes.count)
        for object in all { isaNodes[object] = document.value(forKey: "isa", in: object).map { Int32($0) } ?? Self.noClass }
        self.all = all
        self.idNodes = idNodes
        self.isaNodes = isaNodes
        self.root = root
        objectVersion = document.string(forKey: "objectVersion", in: top).flatMap { Int($0) }
    }

    /// How many objects the table holds.
    var count: Int { table.count }

    /// The id an object is listed under (binary search: ``all`` ascends).
    func id(of object: Int) -> String {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle] < object { low = middle + 1 } else { high = middle }
        }
        return low < all.count && all[low] == object ? document.string(idNodes[low]) ?? "" : ""
    }

    /// The object a string node names.
    func object(named reference: Int) -> Int? {
        PBXObjectID(reference, in: document).flatMap { table[$0] }
    }

    /// The object the id at `key` of `object` names (`fileRef`, `mainGroup`, …).
    func object(at key: StaticString, of object: Int) -> Int? {
        document.value(forKey: key, in: object).flatMap(self.object(named:))
    }

    /// The objects an id list names (missing ones skipped), in the list's order.
    @inline(__always)
    func objects(listedAt key: StaticString, in object: Int) -> [Int] {
        guard let list = document.value(forKey: key, in: object) else { return [] }
        return document.strings(list, self.object(named:))
    }

    /// `body` with each object of ``objects(listedAt:in:)``, without an array of them.
    @inline(__always)
    func forEachObject(listedAt key: StaticString, in object: Int, _ body: (Int) -> Void) {
        guard let list = document.value(forKey: key, in: object) else { return }
        document.forEachString(list) { reference in
            if let listed = self.object(named: reference) { body(listed) }
        }
    }

    /// The string at `key` of `object`.
    func string(_ key: StaticString, of object: Int) -> String? {
        document.string(forKey: key, in: object)
    }

    /// Is the object's `isa` the class `name`?
    func isa(_ object: Int, _ name: StaticString) -> Bool {
        switch isaNodes[object] {
        case Self.noClass: return false
        case Self.notAnObject: return document.isString(forKey: "isa", in: object, name)
        case let node: return document.isString(Int(node), name)
        }
    }
}

/// An object id as the table keys it: the usual 24 uppercase hex digits as 96 bits, any
/// other spelling as its text (so ids that differ only in case stay apart).
struct PBXObjectID: Hashable {
    enum Storage: Hashable {
        case hex(UInt64, UInt32)
        case text(String)
    }

    let storage: Storage

    /// `nil` for a node that is no string.
    init?(_ node: Int, in document: PropertyListDocument) {
        guard document.isString(node) else { return nil }
        if let packed = document.withBytes(of: node, Self.packedHex) {
            storage = .hex(packed.high, packed.low)
        } else {
            storage = .text(document.string(node) ?? "")
        }
    }

    /// 24 uppercase hex digits as 64 + 32 bits; `nil` for any other spelling.
    private static func packedHex(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt32)? {
        guard bytes.count == 24 else { return nil }
        var high: UInt64 = 0
        for offset in 0..<16 {
            guard let digit = hexDigit(bytes[offset]) else { return nil }
            high = high << 4 | UInt64(digit)
        }
        var low: UInt32 = 0
        for offset in 16..<24 {
            guard let digit = hexDigit(bytes[offset]) else { return nil }
            low = low << 4 | UInt32(digit)
        }
        return (high, low)
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = byte &- UInt8(ascii: "A")
        return letter < 6 ? letter + 10 : nil
    }
}

/// Why a project, package or workspace file could not be read as one.
public struct ProjectFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
