/// Object ids → object nodes, for ``PBXObjects``: every reference of a project (`fileRef`,
/// `children`, `buildPhases`, …) is looked up here, so the usual 96-bit hex ids sit in an
/// open-addressing table with a multiply-shift hash (no `Hasher`, no allocation per entry),
/// sized once for the objects the file lists; ids of any other spelling go to a dictionary.
struct PBXObjectTable {
    private struct Slot {
        var high: UInt64
        var low: UInt32
        /// The object's node, or ``empty`` / ``removed``.
        var node: Int32
    }

    private static let empty: Int32 = -1
    private static let removed: Int32 = -2

    private var slots: [Slot]
    private var others: [String: Int] = [:]
    /// How many ids have an object.
    private(set) var count = 0

    /// A table for up to `capacity` ids (at most half full, so every probe ends).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(high: 0, low: 0, node: Self.empty), count: size)
    }

    subscript(id: PBXObjectID) -> Int? {
        switch id.storage {
        case .text(let text): return others[text]
        case .hex(let high, let low): return find(high, low).found.map { Int(slots[$0].node) }
        }
    }

    /// Sets the object of `id`; returns the one it replaces.
    @discardableResult
    mutating func updateValue(_ node: Int, forKey id: PBXObjectID) -> Int? {
        switch id.storage {
        case .text(let text):
            let previous = others.updateValue(node, forKey: text)
            if previous == nil { count += 1 }
            return previous
        case .hex(let high, let low):
            let (found, free) = find(high, low)
            if let found {
                defer { slots[found].node = Int32(node) }
                return Int(slots[found].node)
            }
            slots[free] = Slot(high: high, low: low, node: Int32(node))
            count += 1
            return nil
        }
    }

    /// Forgets `id` (a repeated id whose last value is no dictionary); returns its object.
    @discardableResult
    mutating func removeValue(forKey id: PBXObjectID) -> Int? {
        switch id.storage {
        case .text(let text):
            let previous = others.removeValue(forKey: text)
            if previous != nil { count -= 1 }
            return previous
        case .hex(let high, let low):
            guard let found = find(high, low).found else { return nil }
            defer { slots[found].node = Self.removed }
            count -= 1
            return Int(slots[found].node)
        }
    }

    /// The slot holding the id, or the first free one its probe passed (a removed slot is
    /// reused; the probe goes on past it to an empty one, where the id would be).
    private func find(_ high: UInt64, _ low: UInt32) -> (found: Int?, free: Int) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: ((high ^ UInt64(low) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> 32) & mask
        var free: Int?
        while true {
            let slot = slots[position]
            if slot.node == Self.empty { return (nil, free ?? position) }
            if slot.node == Self.removed {
                if free == nil { free = position }
            } else if slot.high == high, slot.low == low {
                return (position, free ?? position)
            }
            position = (position + 1) & mask
        }
    }
}
