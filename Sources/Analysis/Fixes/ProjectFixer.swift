import Foundation

/// The repairs nibscan is sure of for one project: each rule's ``Repair``, applied to a copy
/// of the files in memory and checked by analysing that copy again. A fix is kept only when
/// its finding is gone and no finding appears that was not there before (giving a root view
/// the module of a class that loads its own nib would recurse: the analysis of the copy
/// says so, and the fix is dropped).
public struct ProjectFixer: Sendable {
    /// One checked fix: the finding it repairs, its edits and, once checked, its patch.
    public struct Fix: Sendable {
        public var finding: Finding
        public var summary: String
        public var edits: [AttributeEdit]
        /// The repair alone against the files read (set for the fixes a plan keeps).
        public var patch: FindingPatch?
    }

    /// A finding left as it is, and why.
    public struct Declined: Sendable {
        public var finding: Finding
        public var reason: String
    }

    /// What a run of the fixer found: the checked fixes, the findings declined, and the
    /// files before and after.
    public struct Plan: Sendable {
        public var fixes: [Fix]
        public var declined: [Declined]
        /// Path → the bytes read, for every file a fix changes.
        public var originals: [String: Data]
        /// Path → the bytes with every checked fix applied.
        public var patched: [String: Data]

        /// Writes every changed file under `root` (the folder the input was read from), each
        /// only when it still holds the bytes read: a file edited since is left alone.
        /// - Returns: the paths written, and those left alone with why.
        public func write(to root: URL) -> (written: [String], leftAlone: [(path: String, reason: String)]) {
            var written: [String] = []
            var leftAlone: [(path: String, reason: String)] = []
            for path in patched.keys.sorted() {
                let url = root.appendingPathComponent(path)
                guard let now = FileManager.default.contents(atPath: url.path), now == originals[path], let data = patched[path] else {
                    leftAlone.append((path, "it changed since it was read"))
                    continue
                }
                do {
                    try data.write(to: url, options: .atomic)
                    written.append(path)
                } catch {
                    leftAlone.append((path, "it cannot be written (\(error.localizedDescription))"))
                }
            }
            return (written, leftAlone)
        }

        /// A unified diff of every changed file, in path order (`git apply`-able).
        public var diff: String {
            patched.keys.sorted().map { path in
                UnifiedDiff.make(path: path, old: String(decoding: originals[path] ?? Data(), as: UTF8.self),
                                 new: String(decoding: patched[path] ?? Data(), as: UTF8.self))
            }.joined()
        }
    }

    public var analyzer: Analyzer
    /// Only findings of these rules are fixed; `nil`: every rule that can fix.
    public var rules: Set<String>?
    /// At most this many fixes are checked one by one when checking them together fails.
    public var maxSingleChecks = 100

    public init(analyzer: Analyzer = Analyzer(), rules: Set<String>? = nil) {
        self.analyzer = analyzer
        self.rules = rules
    }

    /// The checked fixes for `input` (its `.nibscan.yml` applies, as for an analysis).
    public func plan(input: ProjectInput) throws(ConfigurationError) -> Plan {
        plan(input: input, findings: try analyzer.analysis(input: input).report.findings)
    }

    /// The checked fixes for `input`, whose analysis found `findings`.
    public func plan(input: ProjectInput, findings: [Finding]) -> Plan {
        let before = Set(findings.map(\.fingerprint))
        var proposed: [Fix] = []
        var declined: [Declined] = []
        for finding in findings where rules?.contains(finding.rule) ?? true {
            // An info finding rests on something assumed, or concerns what does not run: no
            // edit is sure enough for it.
            let repair = finding.repair  // worked out once, here
            if finding.severity == .info, repair != nil {
                declined.append(Declined(finding: finding, reason: "the finding is info (\(finding.confidence == .assumed ? "what it rests on was assumed" : "it does not fail at run time as shipped")): nothing is changed on its account"))
                continue
            }
            switch repair {
            case let .edits(summary, edits)?: proposed.append(Fix(finding: finding, summary: summary, edits: edits))
            case let .declined(reason)?: declined.append(Declined(finding: finding, reason: reason))
            case nil: break
            }
        }
        let contents = Dictionary(input.files.compactMap { file in file.contents.map { (file.path, $0) } }) { first, _ in first }
        var applicable: [Fix] = []
        for fix in proposed {
            if let problem = Self.problem(applying: [fix], to: contents) {
                declined.append(Declined(finding: fix.finding, reason: problem))
            } else {
                applicable.append(fix)
            }
        }
        var kept = applicable
        if !applicable.isEmpty, !check(applicable, input: input, contents: contents, before: before) {
            kept = []
            for fix in applicable {
                if kept.count + declined.count < maxSingleChecks, check([fix], input: input, contents: contents, before: before) {
                    kept.append(fix)
                } else {
                    declined.append(Declined(finding: fix.finding, reason: "the project analysed with this fix has a finding it did not have before"))
                }
            }
            // Fixes that each pass alone may still clash together: then only the first is kept.
            if kept.count > 1, !check(kept, input: input, contents: contents, before: before) {
                declined += kept.dropFirst().map { Declined(finding: $0.finding, reason: "it clashes with another fix; run nibscan fix again") }
                kept = Array(kept.prefix(1))
            }
        }
        let patched = (try? Self.apply(kept, to: contents)) ?? [:]
        for index in kept.indices { kept[index].patch = Self.patch(of: kept[index], in: contents) }
        return Plan(fixes: kept, declined: declined, originals: contents.filter { patched[$0.key] != nil }, patched: patched)
    }

    /// Whether the project with `fixes` applied loses their findings and gains none.
    private func check(_ fixes: [Fix], input: ProjectInput, contents: [String: Data], before: Set<String>) -> Bool {
        guard let patched = try? Self.apply(fixes, to: contents) else { return false }
        var copy = input
        copy.files = input.files.map { file in
            var file = file
            if let data = patched[file.path] { file.contents = data }
            return file
        }
        guard let after = try? analyzer.analysis(input: copy).report.findings else { return false }
        let fingerprints = Set(after.map(\.fingerprint))
        return fixes.allSatisfy { !fingerprints.contains($0.finding.fingerprint) } && fingerprints.isSubset(of: before)
    }

    /// The changed files, path → bytes.
    private static func apply(_ fixes: [Fix], to contents: [String: Data]) throws(StartTagEditor.Mismatch) -> [String: Data] {
        var byPath: [String: [AttributeEdit]] = [:]
        var seen: Set<AttributeEdit> = []
        // Two placements of one substitution propose the same copy line: it is added once.
        for edit in fixes.flatMap(\.edits) where seen.insert(edit).inserted { byPath[edit.path, default: []].append(edit) }
        var patched: [String: Data] = [:]
        for (path, edits) in byPath {
            guard let data = contents[path] else { throw StartTagEditor.Mismatch(description: "\(path) was not read") }
            patched[path] = try StartTagEditor.apply(edits, to: data)
        }
        return patched
    }

    /// One fix as reports carry it: its diff and replacements against the files read.
    private static func patch(of fix: Fix, in contents: [String: Data]) -> FindingPatch? {
        var diff = ""
        var replacements: [FindingPatch.Replacement] = []
        for path in Set(fix.edits.map(\.path)).sorted() {
            guard let data = contents[path],
                  let (patched, made) = try? StartTagEditor.applyReporting(fix.edits.filter { $0.path == path }, to: data) else { return nil }
            diff += UnifiedDiff.make(path: path, old: String(decoding: data, as: UTF8.self), new: String(decoding: patched, as: UTF8.self))
            replacements += made.sorted { ($0.line, $0.startColumn) < ($1.line, $1.startColumn) }
        }
        return FindingPatch(summary: fix.summary, diff: diff, replacements: replacements)
    }

    /// Why `fixes` cannot be applied to the bytes read, or `nil`.
    private static func problem(applying fixes: [Fix], to contents: [String: Data]) -> String? {
        do {
            _ = try apply(fixes, to: contents)
            return nil
        } catch {
            return "the edit does not match the file: \(error.description)"
        }
    }
}
