import Analysis
import Foundation

/// `nibscan rules`: lists every rule, or writes their documentation pages.
enum RulesCommand {
    static let usage = """
    Usage: nibscan rules [--json] [--markdown DIR]

    Lists every rule with its id, default severity, seed and summary.
      --json          the catalogue as JSON (what GET /v1/rules serves)
      --markdown DIR  writes DIR/<id>.md for every rule and DIR/README.md, the index
    """

    static func run(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case nil:
            printTable()
            return 0
        case "-h", "--help":
            print(usage)
            return 0
        case "--json" where arguments.count == 1:
            return printJSON()
        case "--markdown":
            guard arguments.count == 2 else { return CommandUsage.fail("--markdown needs exactly one folder") }
            return writeMarkdown(to: arguments[1])
        default:
            return CommandUsage.fail("rules: unexpected argument '\(arguments[0])'\n\(usage)")
        }
    }

    private static func printTable() {
        let descriptions = RuleCatalog.descriptions
        let width = descriptions.map(\.id.count).max() ?? 0
        for description in descriptions {
            let id = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let seed = description.seed.map { "seed \($0)" } ?? "–"
            print("\(id)  \(severity)  \(seed.padding(toLength: 8, withPad: " ", startingAt: 0))  \(description.summary)")
        }
    }

    private static func printJSON() -> Int32 {
        do {
            let data = try Report.makeJSONEncoder().encode(RuleCatalog.descriptions)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
            return 0
        } catch {
            return CommandUsage.fail("cannot encode the rule catalogue: \(error)")
        }
    }

    private static func writeMarkdown(to folder: String) -> Int32 {
        let directory = URL(fileURLWithPath: folder)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for rule in RuleRegistry.all {
                let page = directory.appendingPathComponent("\(rule.description.id).md")
                try Data(RuleDocumentation.markdown(for: rule).utf8).write(to: page)
            }
            let index = directory.appendingPathComponent("README.md")
            try Data(RuleDocumentation.index(of: RuleRegistry.all).utf8).write(to: index)
            return 0
        } catch {
            return CommandUsage.fail("cannot write rule docs to \(folder): \(error.localizedDescription)")
        }
    }
}
