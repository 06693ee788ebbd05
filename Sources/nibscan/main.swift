import Analysis
import Foundation
import Server

// The executable only dispatches: each command parses its own arguments and calls into
// the Analysis or Server library.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "analyze":
    status = AnalyzeCommand.run(Array(arguments.dropFirst()))
case "fix":
    status = FixCommand.run(Array(arguments.dropFirst()))
case "rules":
    status = RulesCommand.run(Array(arguments.dropFirst()))
case "submit":
    status = SubmitCommand.run(Array(arguments.dropFirst()))
case "serve":
    status = ServeCommand.run(Array(arguments.dropFirst()))
case "analysis-worker":
    // Hidden: the child process the server runs each analysis in (docs/server.md).
    status = AnalysisWorkerCommand.run(Array(arguments.dropFirst()))
case "-h", "--help", "help", nil:
    print(CommandUsage.overview)
    status = arguments.isEmpty ? 2 : 0
case "--version", "version":
    print("nibscan \(NibscanVersion.current)")
    status = 0
default:
    FileHandle.standardError.write(Data("nibscan: unknown command '\(arguments[0])'\n\(CommandUsage.overview)\n".utf8))
    status = 2
}
exit(status)
