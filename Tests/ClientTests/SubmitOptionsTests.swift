import Analysis
import Client
import XCTest

final class SubmitOptionsTests: XCTestCase {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> SubmitOptions {
        guard case let .submit(options) = try SubmitOptions.parse(arguments, environment: environment) else {
            XCTFail("help for \(arguments)")
            return SubmitOptions(path: "", server: "")
        }
        return options
    }

    func testFlagsAndEnvironment() throws {
        var expected = SubmitOptions(path: "App", server: "https://nibscan.example.com", token: "t0ken")
        expected.format = .sarif
        expected.outputPath = "out.sarif"
        expected.failOn = .warning
        expected.timeout = 120
        expected.wait = 0
        XCTAssertEqual(try options(["App", "--server", "https://nibscan.example.com/", "--token=t0ken", "--format", "sarif",
                                    "--output", "out.sarif", "--fail-on", "warning", "--timeout", "120", "--wait", "0"]), expected)
        let fromEnvironment = try options(["App"], environment: ["NIBSCAN_SERVER": "http://127.0.0.1:8080", "NIBSCAN_TOKEN": "secret"])
        XCTAssertEqual(fromEnvironment.server, "http://127.0.0.1:8080")
        XCTAssertEqual(fromEnvironment.token, "secret")
        XCTAssertEqual(try options(["App", "--server", "http://h", "--token", "flag"], environment: ["NIBSCAN_TOKEN": "env"]).token, "flag")
        XCTAssertEqual(try SubmitOptions.parse(["--help"], environment: [:]), .help)
    }

    func testMoreReportsAndPathPrefix() throws {
        let parsed = try options(["App", "--server", "http://h", "--report", "sarif:n.sarif", "--report=markdown:-", "--path-prefix", "./ios"])
        XCTAssertEqual(parsed.extraReports, [ReportOutput("sarif:n.sarif"), ReportOutput("markdown:-")])
        XCTAssertEqual(parsed.pathPrefix, "ios/")
        XCTAssertNil(try options(["App", "--server", "http://h", "--path-prefix", "."]).pathPrefix)
    }

    func testBadUsageNamesTheProblem() {
        let cases: [([String], String)] = [
            (["App"], "submit needs --server URL (or NIBSCAN_SERVER)"),
            (["--server", "http://h"], "submit needs a PATH (a folder) (see 'nibscan submit --help')"),
            (["App", "--server", "ftp://h"], "--server takes an http or https URL, not 'ftp://h'"),
            (["App", "--server", "http://h", "--format", "xml"], "--format takes one of json, sarif, markdown, github, junit, codeclimate, checkstyle, xcode, text, patch, html, not 'xml'"),
            (["App", "--server", "http://h", "--fail-on", "always"], "--fail-on takes error, warning, info or never, not 'always'"),
            (["App", "--server", "http://h", "--timeout", "0"], "--timeout takes a number of seconds from 1 to 86400, not '0'"),
            (["App", "--server", "http://h", "--wait", "301"], "--wait takes a number of seconds from 0 to 300, not '301'"),
            (["App", "--server", "http://h", "--server", "http://i"], "--server is given more than once"),
            (["App", "--server", "http://h", "--bogus", "1"], "unknown option '--bogus' (see 'nibscan submit --help')"),
            (["App", "--server", "http://h", "--report", "pdf:x"], "--report takes \(ReportOutput.expected), not 'pdf:x'"),
            (["App", "--server", "http://h", "--path-prefix", "/abs"], "--path-prefix takes a relative folder such as ios/, not '/abs'"),
            (["App", "Other", "--server", "http://h"], "only one PATH may be given; 'Other' is extra"),
            (["App", "--server"], "--server needs a value"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try SubmitOptions.parse(arguments, environment: [:]), "\(arguments)") { error in
                XCTAssertEqual((error as? SubmitOptionsError)?.description, message)
            }
        }
    }
}
