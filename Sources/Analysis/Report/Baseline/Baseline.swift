import Foundation

/// An earlier report that a new one is judged against, so a pull request is judged on
/// what it changes. Findings match by fingerprint alone (never by line or message), as
/// a multiset: two findings with one fingerprint against one in the baseline give one
/// `unchanged` and one `new`.
public struct Baseline: Sendable, Equatable {
    /// The baseline's findings, in its report order.
    public var findings: [Finding]
    /// What the baseline is, for the report's `baseline.reference`.
    public var reference: String?

    public init(findings: [Finding], reference: String? = nil) {
        self.findings = findings
        self.reference = reference
    }

    public init(report: Report, reference: String? = nil) {
        self.init(findings: report.findings, reference: reference)
    }

    /// Reads a baseline from report JSON (`--baseline REPORT.json`, a stored analysis).
    /// - Throws: ``BaselineError`` naming what is wrong with the data.
    public init(jsonData data: Data, reference: String? = nil) throws {
        let report: Report
        do {
            report = try Report.decode(jsonData: data)
        } catch let error as DecodingError {
            throw BaselineError.notAReport(reference: reference, detail: error.shortDescription)
        } catch {
            throw BaselineError.notAReport(reference: reference, detail: "\(error)")
        }
        guard report.schemaVersion <= Report.currentSchemaVersion else {
            throw BaselineError.unsupportedSchema(reference: reference, version: report.schemaVersion)
        }
        self.init(report: report, reference: reference)
    }

    /// `report` with every finding marked `new` or `unchanged` and a `baseline` section.
    /// The first findings of a fingerprint (in report order) are the unchanged ones; the
    /// fixed ones are the baseline's surplus, in baseline order.
    public func compare(_ report: Report) -> Report {
        var remaining: [String: Int] = [:]
        for finding in findings { remaining[finding.fingerprint, default: 0] += 1 }
        var compared = report
        var newCount = 0
        for index in compared.findings.indices {
            let fingerprint = compared.findings[index].fingerprint
            if let left = remaining[fingerprint], left > 0 {
                remaining[fingerprint] = left - 1
                compared.findings[index].baseline = .unchanged
            } else {
                compared.findings[index].baseline = .new
                newCount += 1
            }
        }
        // A finding now suppressed is still there: it is not fixed.
        var current: [String: Int] = [:]
        for finding in report.findings + (report.suppressed ?? []) { current[finding.fingerprint, default: 0] += 1 }
        var fixed: [Finding] = []
        for finding in findings {
            if let left = current[finding.fingerprint], left > 0 {
                current[finding.fingerprint] = left - 1
            } else {
                var gone = finding
                gone.baseline = nil
                fixed.append(gone)
            }
        }
        compared.baseline = BaselineComparison(
            reference: reference, new: newCount, unchanged: report.findings.count - newCount, fixed: fixed)
        return compared
    }
}

/// Why a baseline cannot be used.
public enum BaselineError: CodedError, Equatable {
    case notAReport(reference: String?, detail: String)
    case unsupportedSchema(reference: String?, version: Int)

    public var code: String {
        switch self {
        case .notAReport: "baseline.not-a-report"
        case .unsupportedSchema: "baseline.unsupported-schema"
        }
    }

    public var description: String {
        switch self {
        case let .notAReport(reference, detail):
            "baseline \(reference.map { "'\($0)' " } ?? "")is not a nibscan JSON report: \(detail)"
        case let .unsupportedSchema(reference, version):
            "baseline \(reference.map { "'\($0)' " } ?? "")has report schemaVersion \(version); this nibscan reads up to \(Report.currentSchemaVersion)"
        }
    }
}

extension DecodingError {
    /// One line naming the failing field, not Foundation's multi-line dump.
    var shortDescription: String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "at the top level" : "at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch self {
        case let .keyNotFound(key, context): return "missing '\(key.stringValue)' \(path(context))"
        case let .typeMismatch(_, context): return "wrong type \(path(context))"
        case let .valueNotFound(_, context): return "missing value \(path(context))"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value \(path(context))"
        @unknown default: return "undecodable"
        }
    }
}
