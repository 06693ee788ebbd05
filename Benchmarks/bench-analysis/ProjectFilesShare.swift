import Analysis
import Foundation

/// The cost of reading and modelling the project files (Xcode projects, packages,
/// workspaces, dependency manifests: ``BuildModel``) against the whole analysis, for each
/// project folder below `folder`, files already in memory, one thread, the best of
/// `iterations` runs of each (the model and the analysis take turns, so a slow spell of the
/// machine falls on both); then the
/// `project.pbxproj` parser alone over all of them, in milliseconds per megabyte.
func measureProjectFileShare(folder: String, iterations: Int) throws {
    let projects = try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isDirectory) && isDirectory.boolValue
    }.sorted()
    let analyzer = Analyzer(configuration: .init(concurrency: 1))
    print("project | project files | bytes | targets | analysis ms | project model ms | share")
    var worst = 0.0
    var pbxprojBytes = 0
    var pbxprojSeconds = 0.0
    let parser = OpenStepPropertyListParser()
    for name in projects {
        let input = try ProjectInput.read(path: (folder as NSString).appendingPathComponent(name), limits: ArchiveLimits())
        let projectFiles = input.files.filter { [.project, .workspace, .package, .dependencies].contains($0.kind) }
        let imports = SourceIndexer(concurrency: 1).index(files: input.files).imports
        var targets = 0
        let pbxprojFiles = projectFiles.compactMap { $0.kind == .project ? $0.contents : nil }
        pbxprojBytes += pbxprojFiles.reduce(0) { $0 + $1.count }
        var modelling = Timing(wall: .infinity, cpu: .infinity)
        var analysis = modelling
        var parsing = modelling
        for _ in 0..<max(1, iterations) {
            modelling = modelling.least(Timing.once {
                var build = BuildModel(files: input.files)
                build.addImports(imports)
                targets = build.targets.count
            })
            parsing = parsing.least(Timing.once { for contents in pbxprojFiles { _ = try? parser.document(contents) } })
            analysis = analysis.least(Timing.once { _ = analyzer.analyze(input: input) })
        }
        pbxprojSeconds += parsing.cpu
        let share = modelling.cpu / max(analysis.cpu, 1e-9)
        worst = max(worst, share)
        let bytes = projectFiles.reduce(0) { $0 + ($1.contents?.count ?? 0) }
        print(String(format: "%@ | %d | %d | %d | %.1f | %.2f | %.1f%%", name, projectFiles.count, bytes, targets,
                     analysis.cpu * 1000, modelling.cpu * 1000, share * 100))
    }
    print(String(format: "largest share: %.1f%% (goal: under 5%%)", worst * 100))
    print(String(format: "project.pbxproj parsing alone: %.2f MB in %.1f ms CPU = %.1f ms/MB", Double(pbxprojBytes) / 1e6,
                 pbxprojSeconds * 1000, pbxprojSeconds * 1000 / max(Double(pbxprojBytes) / 1e6, 1e-9)))
}
