import Analysis
import Foundation

/// The help text of the executable as a whole.
enum CommandUsage {
    static let overview = """
    nibscan \(NibscanVersion.current): how each custom view is loaded from Interface Builder, and where that breaks.

    Usage:
      nibscan analyze PATH [--format F] [--output FILE] [--baseline REPORT.json]
                           [--config FILE] [--fail-on error|warning|info|never] [--fail-scope all|new]
                           [--max-entries N] [--max-inflated-bytes B] [--max-entry-bytes B]
                           [--max-compression-ratio R] [--max-path-depth N] [--max-path-length N]
                           [--max-xml-bytes B] [--max-xml-depth N] [--max-xml-attribute-bytes B]
                           [--max-xml-elements N] [--max-xml-attributes N]
      nibscan fix PATH [--rule ID]... [--dry-run]
      nibscan submit PATH --server URL [--token T] [--format F] [--output FILE]
                          [--fail-on LEVEL] [--timeout S] [--wait S]
      nibscan rules [--json] [--markdown DIR]
      nibscan serve [--host H] [--port P] [--data-dir D] [--tokens-file F] ...   (see 'nibscan serve --help')
      nibscan --version

    Run 'nibscan COMMAND --help' for a command's options.
    """

    /// Prints a one-line reason on stderr and returns the bad-usage status.
    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("nibscan: \(message)\n".utf8))
        return 2
    }
}
