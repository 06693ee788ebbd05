import CLibXML2

/// Maps libxml2's interned name pointers to `IBName`s with an open-addressing table: a
/// lookup is a multiplication, a shift and usually one pointer comparison, cheaper than
/// hashing into a `Dictionary` for every element and attribute.
///
/// libxml2 interns names next to each other, so their addresses differ by a few bytes: the
/// pointer is scattered by a Fibonacci multiplication (its high bits pick the slot). Taking
/// low bits instead put the names in one run of slots, and every name not in the table
/// (most of a legacy archive's) walked the whole run.
struct IBNameTable {
    private var keys: [UnsafePointer<xmlChar>?]
    private var values: [IBName]
    private let mask: Int
    /// 64 minus the table's bits: the multiplied pointer's top bits are its slot.
    private let shift: UInt64

    /// `intern` returns libxml2's canonical pointer for a name.
    init(intern: (String) -> UnsafePointer<xmlChar>?) {
        var capacity = 1
        while capacity < IBName.allCases.count * 4 { capacity <<= 1 }
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: .document, count: capacity)
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        for name in IBName.allCases {
            guard let pointer = intern(name.rawValue) else { continue }
            var slot = slot(pointer)
            while keys[slot] != nil && keys[slot] != pointer { slot = (slot + 1) & mask }
            keys[slot] = pointer
            values[slot] = name
        }
    }

    private func slot(_ pointer: UnsafePointer<xmlChar>) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    func name(_ pointer: UnsafePointer<xmlChar>) -> IBName? {
        var slot = slot(pointer)
        while let key = keys[slot] {
            if key == pointer { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
