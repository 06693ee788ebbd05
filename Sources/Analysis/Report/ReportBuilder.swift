import Foundation

/// Assembles the report from what the stages produced, in a deterministic order.
enum ReportBuilder {
    static func report(projectName: String, input: ProjectInput, model: ProjectModel,
                       classes: [ClassEntry], outcome: RuleRunner.Outcome) -> Report {
        // Document positions by path, not the documents: copying every parsed document into a
        // dictionary cost more than the rest of the report.
        let documentPositions = Dictionary(model.documents.indices.map { (model.documents[$0].path, $0) },
                                           uniquingKeysWith: { first, _ in first })
        // Fields are read in place: copying each `ProjectFile` (contents included) and each
        // matching `IBDocument` showed in profiles.
        let files = input.files
        let build = model.build
        let entries = files.indices.map { index in
            var entry = FileEntry(path: files[index].path, kind: files[index].kind, status: files[index].status, reason: files[index].reason)
            entry = refined(entry, documentAt: documentPositions[entry.path], of: model)
            if entry.status == .analysed, let problem = build.problems[entry.path] {
                entry.status = .error
                entry.reason = problem
            }
            entry.targets = build.targets(of: entry.path).map { build.names(of: $0) }
            return entry
        }.sorted { $0.path < $1.path }
        var summary = Report.Summary(
            classes: classes.count,
            nibs: nibCount(entries),
            storyboards: entries.filter { $0.kind == .storyboard }.count,
            suppressed: outcome.suppressed.isEmpty ? nil : outcome.suppressed.count
        )
        for finding in outcome.findings {
            switch finding.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .info: summary.infos += 1
            }
        }
        let notes = (model.hierarchyNote.map { [$0] } ?? []) + outcome.notes
        return Report(
            project: Report.Project(name: projectName, files: input.totalEntries, bytes: input.totalBytes),
            files: entries,
            targets: build.knowsTargets ? build.targets.map(targetEntry) : nil,
            classes: classes,
            findings: outcome.findings,
            summary: summary,
            notes: notes.isEmpty ? nil : notes,
            suppressed: outcome.suppressed.isEmpty ? nil : outcome.suppressed
        )
    }

    private static func targetEntry(_ target: BuildTarget) -> TargetEntry {
        TargetEntry(name: target.name, container: target.container, kind: target.kind.rawValue, module: target.module,
                    platforms: target.platforms.map(\.rawValue), swiftVersion: target.swiftVersion?.description,
                    sources: target.sources.count, resources: target.resources.count)
    }

    /// Xibs and nibs, a `.nib` folder (`designable.nib` + `keyedobjects.nib`) counted once.
    /// Project paths are clean relative paths (no empty components, no trailing slash), so
    /// a file's folder is everything before its last slash; no `NSString` path bridging.
    private static func nibCount(_ entries: [FileEntry]) -> Int {
        var nibs: Set<Substring> = []
        for entry in entries where entry.kind == .xib || entry.kind == .nib {
            let path = entry.path[...]
            let folder = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            nibs.insert(folder.lowercased().hasSuffix(".nib") ? folder : path)
        }
        return nibs.count
    }

    /// The entry of one file: the archive's verdict, refined by the parser for IB files.
    private static func refined(_ entry: FileEntry, documentAt position: Int?, of model: ProjectModel) -> FileEntry {
        guard entry.status == .analysed, let position, model.documents[position].status != .analysed else { return entry }
        var reason = model.documents[position].reason ?? "not fully readable"
        if let line = model.documents[position].errorLine { reason += " (line \(line))" }
        return FileEntry(path: entry.path, kind: entry.kind, status: model.documents[position].fileStatus, reason: reason)
    }
}
