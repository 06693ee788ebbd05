import Foundation

/// SARIF 2.1.0 for GitHub code scanning (`upload-sarif`) and other SARIF viewers: one run,
/// the rule catalogue with help and default levels, each finding a result with physical
/// locations relative to `%SRCROOT%` and a `partialFingerprints` entry that survives
/// moved lines. Suppressed findings are results too, with `suppressions` (`inSource` for
/// a comment, `external` for `.nibscan.yml`), which code scanning shows as dismissed.
public struct SARIFReportRenderer: ReportRenderer {
    /// The `partialFingerprints` key; bump the version if fingerprints ever change meaning.
    public static let fingerprintKey = "nibscanFingerprint/v1"
    /// Code scanning keeps at most this many related locations per result.
    static let maxRelatedLocations = 1_000

    public var format: ReportFormat { .sarif }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let listed = report.findingsAndSuppressed
        let rules = RenderedRule.resolve(catalogue: options.rules, findings: listed)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        let fingerprints = Report.uniqueFingerprints(of: listed)
        let results = listed.indices.map { index in
            result(for: listed[index], in: report, fingerprint: fingerprints[index],
                   ruleIndex: ruleIndex[listed[index].rule] ?? 0, options: options)
        }
        let run = SARIFLog.Run(
            tool: .init(driver: .init(name: report.tool.name, version: report.tool.version,
                                      semanticVersion: report.tool.version,
                                      informationUri: options.toolInformationURL,
                                      rules: rules.map(sarifRule))),
            invocations: [invocation(for: report, options: options)],
            results: results,
            versionControlProvenance: options.sourceLinks?.repositoryURL.map {
                [.init(repositoryUri: $0, revisionId: options.commit, branch: options.branch, mappedTo: .init())]
            })
        var data = try Report.makeJSONEncoder().encode(SARIFLog(runs: [run]))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private func result(for finding: Finding, in report: Report, fingerprint: String,
                        ruleIndex: Int, options: RenderOptions) -> SARIFLog.Result {
        let primary = report.primaryLocation(of: finding)
        let related = finding.locations.dropFirst().prefix(Self.maxRelatedLocations).enumerated().map { offset, location in
            sarifLocation(location, id: offset + 1, options: options)
        }
        return SARIFLog.Result(
            ruleId: finding.rule,
            ruleIndex: ruleIndex,
            level: Self.level(finding.severity),
            message: .init(text: finding.messageWithFix),
            locations: primary.map { [sarifLocation($0, id: nil, options: options)] } ?? [],
            relatedLocations: related.isEmpty ? nil : related,
            partialFingerprints: [Self.fingerprintKey: fingerprint],
            baselineState: finding.baseline?.rawValue,
            suppressions: finding.suppression.map { suppression in
                [SARIFLog.Suppression(kind: suppression.kind.rawValue, status: "accepted", justification: suppression.reason,
                                      location: sarifLocation(suppression.location, id: nil, options: options))]
            },
            fixes: finding.patch.map { [sarifFix($0, options: options)] },
            properties: .init(className: finding.className, fix: finding.fix, seed: finding.seed,
                              confidence: finding.confidence?.rawValue, evidence: finding.evidence))
    }

    /// A checked repair as a SARIF fix: its replacements grouped by file, in repository paths.
    private func sarifFix(_ patch: FindingPatch, options: RenderOptions) -> SARIFLog.Fix {
        let paths = patch.replacements.map(\.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return SARIFLog.Fix(description: .init(text: patch.summary), artifactChanges: paths.map { path in
            SARIFLog.ArtifactChange(
                artifactLocation: .init(uri: URIPath.encode(options.pathMapping.map(path))),
                replacements: patch.replacements.filter { $0.path == path }.map { replacement in
                    SARIFLog.Replacement(deletedRegion: .init(startLine: replacement.line, startColumn: replacement.startColumn,
                                                              endLine: replacement.endLine, endColumn: replacement.endColumn),
                                         insertedContent: replacement.text.isEmpty ? nil : .init(text: replacement.text))
                })
        })
    }

    private func sarifLocation(_ location: SourceLocation, id: Int?, options: RenderOptions) -> SARIFLog.Location {
        SARIFLog.Location(id: id, physicalLocation: .init(
            artifactLocation: .init(uri: URIPath.encode(options.pathMapping.map(location.path))),
            region: .init(startLine: max(location.line, 1), startColumn: location.column.map { max($0, 1) })))
    }

    private func sarifRule(_ rule: RenderedRule) -> SARIFLog.Rule {
        let firstParagraph = rule.help.components(separatedBy: "\n\n").first?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var tags = ["nibscan"]
        if let category = rule.category { tags.append(category) }
        if let seed = rule.seed { tags.append("seed-\(seed)") }
        return SARIFLog.Rule(
            id: rule.id,
            name: Self.pascalCase(rule.id),
            shortDescription: .init(text: rule.summary),
            fullDescription: .init(text: firstParagraph.isEmpty ? rule.summary : firstParagraph),
            help: .init(text: rule.help, markdown: rule.help),
            defaultConfiguration: .init(level: Self.level(rule.defaultSeverity)),
            properties: .init(tags: tags, problemSeverity: Self.problemSeverity(rule.defaultSeverity)))
    }

    /// Files the analysis could not fully read, as tool notifications: the run succeeded,
    /// but a reader of the results should know what was not looked at.
    private func invocation(for report: Report, options: RenderOptions) -> SARIFLog.Invocation {
        let notifications = report.files.filter { $0.status != .analysed && $0.status != .skipped }.map { file in
            SARIFLog.Notification(
                level: file.status == .error ? "error" : "note",
                message: .init(text: "\(file.path): \(file.status.rawValue)\(file.reason.map { ", \($0)" } ?? "")"),
                locations: [.init(id: nil, physicalLocation: .init(
                    artifactLocation: .init(uri: URIPath.encode(options.pathMapping.map(file.path))), region: nil))])
        }
        return SARIFLog.Invocation(executionSuccessful: true,
                                   toolExecutionNotifications: notifications.isEmpty ? nil : notifications)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// GitHub's `problem.severity` for non-security rules.
    static func problemSeverity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "recommendation"
        }
    }

    /// `placeholder-constraints-dropped` → `PlaceholderConstraintsDropped`.
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}
