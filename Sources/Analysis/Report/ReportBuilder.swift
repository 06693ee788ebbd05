import Foundation

/// Assembles the report from what the stages produced, in a deterministic order.
enum ReportBuilder {
    static func report(projectName: String, input: ProjectInput, model: ProjectModel,
                       classes: [ClassEntry], outcome: RuleRunner.Outcome) -> Report {
        // Document positions by path, not the documents: copying every parsed document into a
        // dictionary cost more than the rest of the report.
        let documentPositions = Dictionary(model.documents.indices.map { (model.documents[$0].path, $0) },
                                           uniquingKeysWith: { first, _ in first })
        let entries = input.files.map { file in
            fileEntry(file, document: documentPositions[file.path].map { model.documents[$0] })
        }.sorted { $0.path < $1.path }
        var summary = Report.Summary(
            classes: classes.count,
            nibs: nibCount(entries),
            storyboards: entries.filter { $0.kind == .storyboard }.count
        )
        for finding in outcome.findings {
            switch finding.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .info: summary.infos += 1
            }
        }
        return Report(
            project: Report.Project(name: projectName, files: input.totalEntries, bytes: input.totalBytes),
            files: entries,
            classes: classes,
            findings: outcome.findings,
            summary: summary,
            notes: outcome.notes.isEmpty ? nil : outcome.notes
        )
    }

    /// Xibs and nibs, a `.nib` folder (`designable.nib` + `keyedobjects.nib`) counted once.
    private static func nibCount(_ entries: [FileEntry]) -> Int {
        let nibs = entries.filter { $0.kind == .xib || $0.kind == .nib }.map { entry in
            let folder = (entry.path as NSString).deletingLastPathComponent
            return folder.lowercased().hasSuffix(".nib") ? folder : entry.path
        }
        return Set(nibs).count
    }

    /// The entry of one file: the archive's verdict, refined by the parser for IB files.
    private static func fileEntry(_ file: ProjectFile, document: IBDocument?) -> FileEntry {
        guard file.status == .analysed, let document, document.status != .analysed else {
            return FileEntry(path: file.path, kind: file.kind, status: file.status, reason: file.reason)
        }
        var reason = document.reason ?? "not fully readable"
        if let line = document.errorLine { reason += " (line \(line))" }
        return FileEntry(path: file.path, kind: file.kind, status: document.fileStatus, reason: reason)
    }
}
