/// What several formats need from a report beyond its fields: the one place a finding is
/// pinned to, unique fingerprints and count phrases.
extension Report {
    /// Where a format that takes one location per finding puts it: the first location,
    /// else the declaration of the finding's class, else nowhere.
    func primaryLocation(of finding: Finding) -> SourceLocation? {
        if let first = finding.locations.first { return first }
        guard let name = finding.className,
              let declared = classes.first(where: { $0.name == name })?.declared else { return nil }
        return SourceLocation(path: declared.path, line: declared.line)
    }

    /// One fingerprint per finding, in report order, unique within the report: the second
    /// finding sharing a fingerprint gets `/2`, the third `/3`. Tools that key alerts by
    /// fingerprint (code scanning, GitLab) would otherwise merge them.
    var uniqueFingerprints: [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let occurrence = seen[finding.fingerprint, default: 0] + 1
            seen[finding.fingerprint] = occurrence
            return occurrence == 1 ? finding.fingerprint : "\(finding.fingerprint)/\(occurrence)"
        }
    }
}

extension Severity {
    /// `1 error`, `2 warnings`, `3 infos`.
    func counted(_ count: Int) -> String {
        let noun = switch self {
        case .error: count == 1 ? "error" : "errors"
        case .warning: count == 1 ? "warning" : "warnings"
        case .info: count == 1 ? "info" : "infos"
        }
        return "\(count) \(noun)"
    }

    /// `2 errors, 1 warning, 0 infos` for `findings`, most severe first.
    static func countsPhrase(_ findings: [Finding]) -> String {
        [Severity.error, .warning, .info].map { severity in
            severity.counted(findings.count(where: { $0.severity == severity }))
        }.joined(separator: ", ")
    }
}

extension Report {
    /// The primary location, or the project root (`.`, line 1) for a finding that has no
    /// place at all: for formats where every entry must name a file.
    func anchoredLocation(of finding: Finding) -> SourceLocation {
        primaryLocation(of: finding) ?? SourceLocation(path: ".", line: 1)
    }
}

extension Finding {
    /// The message with the fix on a line of its own, for formats with one text field.
    var messageWithFix: String {
        fix.isEmpty ? message : "\(message)\nFix: \(fix)"
    }
}

extension Report.Summary {
    /// `1 class`, `3 classes`.
    var classesPhrase: String {
        classes == 1 ? "1 class" : "\(classes) classes"
    }
}

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
