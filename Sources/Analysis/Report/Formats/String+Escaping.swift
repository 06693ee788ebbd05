extension Unicode.Scalar {
    /// C0 controls other than tab, LF and CR, DEL and C1 controls: characters no text
    /// output should pass on (terminal sequences, NUL), shown as U+FFFD instead.
    var isUnprintableControl: Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}

extension String {
    /// The string with every scalar for which `replacement` gives text replaced by it:
    /// the one loop behind each format's escaping.
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
