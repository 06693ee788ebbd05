extension String {
    /// Whether `self` and `other` hold the same UTF-8 bytes (`==` compares canonical
    /// equivalence), compared on their contiguous bytes: a generic walk of two `utf8` views
    /// costs tens of instructions a byte.
    func hasSameUTF8(as other: String) -> Bool {
        var left = self, right = other
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard leftBytes.count == rightBytes.count else { return false }
                for offset in 0..<leftBytes.count where leftBytes[offset] != rightBytes[offset] { return false }
                return true
            }
        }
    }
}
