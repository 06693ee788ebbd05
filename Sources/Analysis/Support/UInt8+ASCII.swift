extension UInt8 {
    /// `A`–`Z`, `a`–`z`, `0`–`9` or `_`: a byte of an ASCII identifier (what `\w` matches in
    /// ASCII text).
    var isASCIIWordByte: Bool {
        self == UInt8(ascii: "_") || (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
