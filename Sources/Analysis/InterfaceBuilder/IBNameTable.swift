import CLibXML2

/// Maps libxml2's interned name pointers to `IBName`s with an open-addressing table: a
/// lookup is a shift, a mask and usually one pointer comparison, cheaper than hashing
/// into a `Dictionary` for every element and attribute.
struct IBNameTable {
    private var keys: [UnsafePointer<xmlChar>?]
    private var values: [IBName]
    private let mask: Int

    /// `intern` returns libxml2's canonical pointer for a name.
    init(intern: (String) -> UnsafePointer<xmlChar>?) {
        var capacity = 1
        while capacity < IBName.allCases.count * 4 { capacity <<= 1 }
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: .document, count: capacity)
        mask = capacity - 1
        for name in IBName.allCases {
            guard let pointer = intern(name.rawValue) else { continue }
            var slot = Self.slot(pointer, mask)
            while keys[slot] != nil && keys[slot] != pointer { slot = (slot + 1) & mask }
            keys[slot] = pointer
            values[slot] = name
        }
    }

    private static func slot(_ pointer: UnsafePointer<xmlChar>, _ mask: Int) -> Int {
        let bits = UInt(bitPattern: pointer)
        return Int(truncatingIfNeeded: (bits >> 3) ^ (bits >> 11)) & mask
    }

    func name(_ pointer: UnsafePointer<xmlChar>) -> IBName? {
        var slot = Self.slot(pointer, mask)
        while let key = keys[slot] {
            if key == pointer { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
