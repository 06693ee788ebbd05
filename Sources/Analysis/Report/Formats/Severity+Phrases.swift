/// Count phrases the verdicts and summary lines of several formats share.
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

extension Report.Summary {
    /// `1 class`, `3 classes`.
    var classesPhrase: String {
        classes == 1 ? "1 class" : "\(classes) classes"
    }
}
