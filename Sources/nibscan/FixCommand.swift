import Analysis
import Foundation

/// `nibscan fix PATH [--rule ID]... [--dry-run]`: applies, in place, every repair nibscan is
/// sure of (``ProjectFixer``) and prints what it changed; `--dry-run` prints the unified
/// diff instead. A file that changed since it was read is left alone and named.
enum FixCommand {
    static let usage = """
    Usage: nibscan fix PATH [--rule ID]... [--dry-run]

    PATH is the project folder. Repairs the Interface Builder files (and a substitution's
    copy lines in its source) where the evidence leaves
    exactly one candidate, after analysing the repaired project again in memory (a repair
    that would add any finding is dropped):
      outlet-not-in-class             the connection's property renamed to the one unconnected outlet that fits
      action-not-in-class             the action's selector renamed to the one unconnected action
      runtime-attribute-not-in-class  the keyPath renamed to the one unset inspectable property of its type
      binding-key-not-in-class        the binding's first key renamed to the unbound property that is clearly the renamed one
      missing-custom-module           customModule and customModuleProvider="target" added
      unknown-custom-class            customClass renamed to the one unused class of the element's kind
      duplicate-constraint            the repeated constraint removed, its outlets moved to the one kept
      placeholder-autoresizing-dropped, placeholder-frame-dropped, placeholder-attributes-dropped,
      placeholder-constraints-dropped, placeholder-subviews-dropped
                                      the missing copy lines (constraint loop, subview move) added before
                                      awakeAfter's `return view`

    Options:
      --rule ID     fix only this rule's findings (repeatable)
      --dry-run     print a unified diff (git apply-able) and change nothing
      -h, --help    show this text

    Findings left alone are listed on stderr with the reason (two candidates fit, none do,
    the file changed). Exit status: 0 when done or nothing to fix, 2 on bad usage or input.
    """

    static func run(_ arguments: [String]) -> Int32 {
        var path: String?
        var rules: Set<String> = []
        var dryRun = false
        var cursor = arguments.makeIterator()
        while let argument = cursor.next() {
            switch argument {
            case "-h", "--help":
                print(usage)
                return 0
            case "--dry-run":
                dryRun = true
            case "--rule":
                guard let rule = cursor.next() else { return CommandUsage.fail("--rule needs a rule id (see 'nibscan fix --help')") }
                guard RuleCatalog.descriptions.contains(where: { $0.id == rule }) else {
                    return CommandUsage.fail("--rule: no rule '\(rule)' (see 'nibscan rules')")
                }
                rules.insert(rule)
            default:
                guard !argument.hasPrefix("-") else { return CommandUsage.fail("unknown option '\(argument)' (see 'nibscan fix --help')") }
                guard path == nil else { return CommandUsage.fail("only one PATH may be given; '\(argument)' is extra") }
                path = argument
            }
        }
        guard let path else { return CommandUsage.fail("fix needs a PATH, the project folder (see 'nibscan fix --help')") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return CommandUsage.fail("no such folder: \(path)") }
        guard isFolder.boolValue else { return CommandUsage.fail("\(path) is not a folder: fix changes files in place, so it takes the project folder, not an archive") }

        let plan: ProjectFixer.Plan
        do {
            let input = try ProjectInput.read(path: path, limits: ArchiveLimits())
            plan = try ProjectFixer(rules: rules.isEmpty ? nil : rules).plan(input: input)
        } catch let error as CodedError {
            return CommandUsage.fail(error.description.split(whereSeparator: \.isNewline).joined(separator: " "))
        } catch {
            return CommandUsage.fail("cannot fix \(path): \(error)")
        }
        for declined in plan.declined {
            let place = declined.finding.locations.first.map { "\($0.path):\($0.line): " } ?? ""
            FileHandle.standardError.write(Data("nibscan: not fixed: \(place)\(declined.finding.rule): \(declined.reason)\n".utf8))
        }
        if dryRun {
            FileHandle.standardOutput.write(Data(plan.diff.utf8))
            return 0
        }
        let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let (writtenPaths, leftAlone) = plan.write(to: root)
        for (file, reason) in leftAlone {
            FileHandle.standardError.write(Data("nibscan: \(file) left alone: \(reason)\n".utf8))
        }
        let written = Set(writtenPaths)
        for fix in plan.fixes where fix.edits.allSatisfy({ written.contains($0.path) }) {
            let edit = fix.edits[0]
            print("fixed \(edit.path):\(edit.line) \(fix.finding.rule): \(fix.summary)")
        }
        if plan.fixes.isEmpty { print("nothing to fix") }
        return 0
    }
}
