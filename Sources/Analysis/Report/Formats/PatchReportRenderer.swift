import Foundation

/// Every checked repair of the report (its `patch`) as one unified diff that `git apply`
/// takes at the repository root: paths are mapped to repository paths
/// (``RenderOptions/pathMapping``) in the `diff --git`, `---` and `+++` lines. Empty when the
/// analysis found nothing it can repair (or did not check repairs).
public struct PatchReportRenderer: ReportRenderer {
    public var format: ReportFormat { .patch }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        Data(Self.mappingPaths(of: report.patch ?? "", options: options).utf8)
    }

    /// `diff` with the paths of its header lines mapped to repository paths.
    static func mappingPaths(of diff: String, options: RenderOptions) -> String {
        let mapped = diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("diff --git a/"), let separator = line.range(of: " b/") {
                let path = String(line[line.index(line.startIndex, offsetBy: "diff --git a/".count) ..< separator.lowerBound])
                let mappedPath = options.pathMapping.map(path)
                return "diff --git a/\(mappedPath) b/\(mappedPath)"
            }
            for prefix in ["--- a/", "+++ b/"] where line.hasPrefix(prefix) {
                return prefix + options.pathMapping.map(String(line.dropFirst(prefix.count)))
            }
            return String(line)
        }
        return mapped.joined(separator: "\n")
    }
}
