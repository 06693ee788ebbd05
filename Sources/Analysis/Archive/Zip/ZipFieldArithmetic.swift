/// Little-endian field access on raw record bytes; callers check the length first.
extension Array where Element == UInt8 {
    func uint16(at index: Int) -> UInt16 {
        UInt16(self[index]) | UInt16(self[index + 1]) << 8
    }

    func uint32(at index: Int) -> UInt32 {
        UInt32(uint16(at: index)) | UInt32(uint16(at: index + 2)) << 16
    }

    func uint64(at index: Int) -> UInt64 {
        UInt64(uint32(at: index)) | UInt64(uint32(at: index + 4)) << 32
    }
}

extension UInt64 {
    /// The sum of `self` and `terms`, or nil when it overflows (sizes and offsets read from
    /// an archive may be anything).
    func adding(_ terms: UInt64...) -> UInt64? {
        var sum = self
        for term in terms {
            let (next, overflow) = sum.addingReportingOverflow(term)
            if overflow { return nil }
            sum = next
        }
        return sum
    }
}
