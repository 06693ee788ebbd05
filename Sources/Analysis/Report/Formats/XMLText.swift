/// Escaping for the XML formats (JUnit, Checkstyle) and HTML pages (the report's and the
/// server's own): markup characters become entities, and characters XML 1.0 forbids (C0
/// controls but tab/LF/CR, U+FFFE, U+FFFF) become U+FFFD, so any message, however hostile,
/// yields a well-formed document.
public enum XMLText {
    /// Text for an attribute value in double quotes; tab, LF and CR are written as
    /// character references so attribute normalisation keeps them.
    public static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    /// Text for element content.
    public static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\r": "&#13;"
            case "\"" where inAttribute: "&quot;"
            case "\t" where inAttribute: "&#9;"
            case "\n" where inAttribute: "&#10;"
            default: isAllowed(scalar) ? nil : "\u{FFFD}"
            }
        }
    }

    /// XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
