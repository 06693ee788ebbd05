import Foundation

/// Assembles the report from what the stages produced, in a deterministic order.
enum ReportBuilder {
    static func report(projectName: String, input: ProjectInput) -> Report {
        let entries = input.files.map { FileEntry(path: $0.path, kind: $0.kind, status: $0.status, reason: $0.reason) }
        let summary = Report.Summary(
            nibs: entries.filter { $0.kind == .xib || $0.kind == .nib }.count,
            storyboards: entries.filter { $0.kind == .storyboard }.count
        )
        return Report(
            project: Report.Project(name: projectName, files: input.totalEntries, bytes: input.totalBytes),
            files: entries,
            summary: summary
        )
    }
}
