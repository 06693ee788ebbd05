import Foundation
import Server

/// `nibscan serve`: reads the settings from flags and the environment, runs the HTTP
/// service until SIGTERM or SIGINT, then drains and exits 0.
enum ServeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(NibscanServer.Configuration.helpText())
            return 0
        }
        do {
            let configuration = try NibscanServer.Configuration.resolve(arguments: arguments, environment: ProcessInfo.processInfo.environment)
            let server = try NibscanServer(configuration: configuration)
            try server.start()
            return server.runUntilSignalled()
        } catch {
            return CommandUsage.fail("serve: \(error)")
        }
    }
}
