import Analysis
import XCTest

final class AnalyzeOptionsTests: XCTestCase {
    private func options(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> AnalyzeOptions {
        guard case let .analyze(options) = try AnalyzeOptions.parse(arguments) else {
            XCTFail("expected an analysis for \(arguments)", file: file, line: line)
            return AnalyzeOptions(path: "")
        }
        return options
    }

    private func assertError(_ arguments: [String], _ expected: AnalyzeOptionsError, message: String? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
        do {
            let parsed = try AnalyzeOptions.parse(arguments)
            XCTFail("\(arguments) parsed as \(parsed)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
            if let message { XCTAssertEqual(error.description, message, file: file, line: line) }
            XCTAssertFalse(error.description.contains("\n"), "one-line reason", file: file, line: line)
            XCTAssertTrue(error.code.hasPrefix("usage."), file: file, line: line)
        }
    }

    func testDefaults() throws {
        XCTAssertEqual(try options(["Project.zip"]), AnalyzeOptions(path: "Project.zip"))
        let defaults = try options(["p"])
        XCTAssertEqual(defaults.format, .json)
        XCTAssertEqual(defaults.outputFormat(stdoutIsTerminal: false), .json, "a pipe or a file gets the JSON report")
        XCTAssertEqual(defaults.outputFormat(stdoutIsTerminal: true), .text, "a terminal gets text")
        XCTAssertEqual(try options(["p", "--output", "r.json"]).outputFormat(stdoutIsTerminal: true), .json)
        XCTAssertEqual(try options(["p", "--format", "json"]).outputFormat(stdoutIsTerminal: true), .json, "an asked format wins")
        XCTAssertEqual(defaults.failPolicy, FailPolicy(threshold: .error, scope: .all))
        XCTAssertEqual(defaults.archiveLimits, ArchiveLimits())
        XCTAssertEqual(defaults.interfaceBuilderLimits, .default)
        XCTAssertNil(defaults.outputPath)
        XCTAssertNil(defaults.baselinePath)
    }

    func testEveryFlag() throws {
        let parsed = try options([
            "--format", "sarif", "--output", "out.sarif", "--baseline", "main.json", "--fail-on", "warning",
            "--fail-scope", "new", "--max-entries", "10", "--max-inflated-bytes", "2M", "--max-entry-bytes", "512k",
            "--max-compression-ratio", "12.5", "--max-path-depth", "8", "--max-path-length", "300", "Project.zip",
        ])
        var expected = AnalyzeOptions(
            path: "Project.zip", format: .sarif, outputPath: "out.sarif", baselinePath: "main.json",
            failPolicy: FailPolicy(threshold: .warning, scope: .new),
            archiveLimits: ArchiveLimits(maxEntries: 10, maxTotalInflatedBytes: 2 << 20, maxEntryBytes: 512 << 10,
                                         maxCompressionRatio: 12.5, maxPathDepth: 8, maxPathLength: 300))
        expected.formatGiven = true
        XCTAssertEqual(parsed, expected)
    }

    func testColorChoices() throws {
        XCTAssertEqual(try options(["p"]).color, .auto)
        XCTAssertEqual(try options(["p", "--color", "never"]).color, .never)
        XCTAssertEqual(try options(["p", "--color=always"]).color, .always)
        XCTAssertThrowsError(try options(["p", "--color", "yes"])) { error in
            XCTAssertEqual((error as? AnalyzeOptionsError)?.description, "--color takes auto, always or never, not 'yes'")
        }
        let auto = try options(["p"])
        XCTAssertTrue(auto.usesColor(toTerminal: true, environment: [:]))
        XCTAssertFalse(auto.usesColor(toTerminal: false, environment: [:]), "no colour into a pipe or a file")
        XCTAssertFalse(auto.usesColor(toTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(auto.usesColor(toTerminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR does not count")
        XCTAssertFalse(auto.usesColor(toTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertTrue(try options(["p", "--color", "always"]).usesColor(toTerminal: false, environment: ["NO_COLOR": "1"]), "the flag wins")
        XCTAssertFalse(try options(["p", "--color", "never"]).usesColor(toTerminal: true, environment: [:]))
    }

    func testEveryFormatAndFailLevel() throws {
        for format in ReportFormat.allCases {
            XCTAssertEqual(try options(["--format", format.rawValue, "p"]).format, format)
        }
        XCTAssertEqual(try options(["--fail-on", "error", "p"]).failPolicy.threshold, .error)
        XCTAssertEqual(try options(["--fail-on", "info", "p"]).failPolicy.threshold, .info)
        XCTAssertNil(try options(["--fail-on", "never", "p"]).failPolicy.threshold)
        XCTAssertEqual(try options(["--fail-scope", "all", "p"]).failPolicy.scope, .all)
    }

    func testEqualsFormShortOutputStdoutAndDoubleDash() throws {
        let parsed = try options(["--format=markdown", "-o", "comment.md", "--max-ratio=100", "--", "-weird name.zip"])
        XCTAssertEqual(parsed.format, .markdown)
        XCTAssertEqual(parsed.outputPath, "comment.md")
        XCTAssertEqual(parsed.archiveLimits.maxCompressionRatio, 100)
        XCTAssertEqual(parsed.path, "-weird name.zip")
        XCTAssertNil(try options(["--output", "-", "p"]).outputPath, "'-' is stdout")
        XCTAssertEqual(try options(["p", "--baseline=b.json"]).baselinePath, "b.json", "flags may follow PATH")
    }

    func testMaxRatioIsAnAliasOfMaxCompressionRatio() throws {
        XCTAssertEqual(try options(["--max-compression-ratio", "40", "p"]).archiveLimits.maxCompressionRatio, 40)
        XCTAssertEqual(try options(["--max-ratio", "40", "p"]).archiveLimits.maxCompressionRatio, 40)
        XCTAssertEqual(try options(["--max-ratio=2.5", "p"]), try options(["--max-compression-ratio=2.5", "p"]))
        assertError(["p", "--max-ratio", "5", "--max-compression-ratio", "6"], .repeatedOption("--max-compression-ratio"))
        assertError(["p", "--max-compression-ratio", "5", "--max-ratio=6"], .repeatedOption("--max-ratio"),
                    message: "--max-ratio is given more than once")
        assertError(["p", "-o", "a.json", "--output", "b.json"], .repeatedOption("--output"))
        XCTAssertTrue(AnalyzeOptions.usage.contains("--max-compression-ratio R"))
    }

    func testByteSizes() throws {
        let cases: [(String, Int64)] = [("1", 1), ("1024", 1_024), ("1K", 1_024), ("3kib", 3_072),
                                         ("64M", 64 << 20), ("2MiB", 2 << 20), ("1G", 1 << 30), ("8gib", 8 << 30)]
        for (text, bytes) in cases {
            XCTAssertEqual(try options(["--max-entry-bytes", text, "p"]).archiveLimits.maxEntryBytes, bytes, text)
        }
    }

    func testXMLLimits() throws {
        let parsed = try options(["--max-xml-depth", "3", "--max-xml-bytes=2M", "--max-xml-attribute-bytes", "16k",
                                  "--max-xml-elements", "5000", "--max-xml-attributes=40", "p"])
        XCTAssertEqual(parsed.interfaceBuilderLimits,
                       InterfaceBuilderLimits(maxDocumentBytes: 2 << 20, maxDepth: 3, maxAttributeBytes: 16 << 10, maxElements: 5_000,
                                              maxAttributesPerElement: 40))
        XCTAssertEqual(parsed.archiveLimits, ArchiveLimits(), "XML limits leave the archive limits alone")
        let count = "a whole number of at least 1"
        for flag in ["--max-xml-depth", "--max-xml-elements", "--max-xml-attributes"] {
            for value in ["0", "-1", "2.5", "deep", "", "99999999999999999999999"] {
                assertError(["p", flag, value], .badValue(flag: flag, value: value, expected: count))
            }
        }
        let size = "a size in bytes of at least 1, optionally with K, M or G"
        for flag in ["--max-xml-bytes", "--max-xml-attribute-bytes"] {
            for value in ["0", "-5", "1.5M", "K", "3T", ""] {
                assertError(["p", flag, value], .badValue(flag: flag, value: value, expected: size))
            }
        }
        assertError(["p", "--max-xml-depth", "3", "--max-xml-depth=4"], .repeatedOption("--max-xml-depth"))
        for flag in ["--max-xml-bytes", "--max-xml-depth", "--max-xml-attribute-bytes", "--max-xml-elements", "--max-xml-attributes"] {
            XCTAssertTrue(AnalyzeOptions.usage.contains(flag), flag)
        }
    }

    func testHelp() throws {
        XCTAssertEqual(try AnalyzeOptions.parse(["--help"]), .help)
        XCTAssertEqual(try AnalyzeOptions.parse(["p", "-h"]), .help)
        XCTAssertTrue(AnalyzeOptions.usage.contains("--max-inflated-bytes"))
    }

    func testMissingAndExtraArguments() {
        assertError([], .missingPath)
        assertError(["--format", "json"], .missingPath)
        assertError([""], .missingPath)
        assertError(["a.zip", "b.zip"], .extraArgument("b.zip"), message: "only one PATH may be given; 'b.zip' is extra")
        assertError(["--", "a", "b"], .extraArgument("b"))
        for flag in ["--format", "--output", "-o", "--baseline", "--fail-on", "--fail-scope", "--max-entries",
                     "--max-inflated-bytes", "--max-entry-bytes", "--max-compression-ratio", "--max-ratio", "--max-path-depth",
                     "--max-path-length", "--max-xml-bytes", "--max-xml-depth", "--max-xml-attribute-bytes", "--max-xml-elements",
                     "--max-xml-attributes"] {
            assertError(["p", flag], .missingValue(flag: flag))
        }
        assertError(["p", "--format"], .missingValue(flag: "--format"),
                    message: "--format needs a value (see 'nibscan analyze --help')")
    }

    func testUnknownAndRepeatedOptions() {
        assertError(["--frmat", "json", "p"], .unknownOption("--frmat"),
                    message: "unknown option '--frmat' (see 'nibscan analyze --help')")
        assertError(["-x", "p"], .unknownOption("-x"))
        assertError(["--verbose=1", "p"], .unknownOption("--verbose=1"))
        assertError(["--format", "json", "--format=sarif", "p"], .repeatedOption("--format"),
                    message: "--format is given more than once")
    }

    func testBadValues() {
        let formats = "one of json, sarif, markdown, github, junit, codeclimate, checkstyle, xcode, text, patch, html"
        assertError(["--format", "xml", "p"], .badValue(flag: "--format", value: "xml", expected: formats),
                    message: "--format takes \(formats), not 'xml'")
        assertError(["--format", "JSON", "p"], .badValue(flag: "--format", value: "JSON", expected: formats))
        assertError(["--fail-on", "fatal", "p"],
                    .badValue(flag: "--fail-on", value: "fatal", expected: "error, warning, info or never"))
        assertError(["--fail-scope", "changed", "--baseline", "b", "p"],
                    .badValue(flag: "--fail-scope", value: "changed", expected: "all or new"))
        assertError(["--output", "", "p"], .badValue(flag: "--output", value: "", expected: "a file name or '-'"))
        assertError(["--baseline=", "p"], .badValue(flag: "--baseline", value: "", expected: "a JSON report file"))

        let count = "a whole number of at least 1"
        for flag in ["--max-entries", "--max-path-depth", "--max-path-length"] {
            for value in ["0", "-1", "1.5", "ten", "", " 5", "99999999999999999999999"] {
                assertError(["p", flag, value], .badValue(flag: flag, value: value, expected: count))
            }
        }
        let size = "a size in bytes of at least 1, optionally with K, M or G"
        for flag in ["--max-inflated-bytes", "--max-entry-bytes"] {
            for value in ["0", "-5", "1.5M", "M", "12T", "1 G", "", "8589934592G", "9223372036854775808"] {
                assertError(["p", flag, value], .badValue(flag: flag, value: value, expected: size))
            }
        }
        for flag in ["--max-compression-ratio", "--max-ratio"] {
            for value in ["0.5", "0", "-3", "nan", "inf", "abc", ""] {
                assertError(["p", flag, value], .badValue(flag: flag, value: value, expected: "a number of at least 1"))
            }
        }
    }

    func testFailScopeNewNeedsABaseline() throws {
        assertError(["--fail-scope", "new", "p"], .failScopeNeedsBaseline,
                    message: "--fail-scope new needs --baseline REPORT.json")
        XCTAssertEqual(try options(["--fail-scope", "new", "--baseline", "b.json", "p"]).failPolicy.scope, .new)
    }

    func testLinksReportsAndPathPrefix() throws {
        let parsed = try options(["p", "--repository", "acme/app", "--commit=c0ffee", "--path-prefix", "./ios",
                                  "--report", "sarif:out/n.sarif", "--report", "markdown:-",
                                  "--source-link", "https://git.corp/{repository}/-/blob/{commit}/{path}#L{line}"])
        XCTAssertEqual(parsed.repository, "acme/app")
        XCTAssertEqual(parsed.commit, "c0ffee")
        XCTAssertEqual(parsed.pathPrefix, "ios/")
        XCTAssertEqual(parsed.extraReports, [ReportOutput("sarif:out/n.sarif"), ReportOutput("markdown:-")])
        let render = parsed.renderOptions(failPolicy: FailPolicy())
        XCTAssertEqual(render.sourceLinks?.url(commit: "c0ffee", path: "ios/A.xib", line: 1), "https://git.corp/acme/app/-/blob/c0ffee/ios/A.xib#L1")
        XCTAssertNil(try options(["p", "--path-prefix", "."]).pathPrefix)
    }

    func testSourceLinkFromTheEnvironmentLosesToTheFlag() throws {
        let environment = ["NIBSCAN_SOURCE_LINK": "https://env.example/{repository}/{path}"]
        guard case let .analyze(fromEnvironment) = try AnalyzeOptions.parse(["p"], environment: environment),
              case let .analyze(fromFlag) = try AnalyzeOptions.parse(["p", "--source-link", "https://flag.example/{path}"], environment: environment) else {
            return XCTFail("expected analyses")
        }
        XCTAssertEqual(fromEnvironment.sourceLink?.description, "https://env.example/{repository}/{path}")
        XCTAssertEqual(fromFlag.sourceLink?.description, "https://flag.example/{path}")
        XCTAssertThrowsError(try AnalyzeOptions.parse(["p"], environment: ["NIBSCAN_SOURCE_LINK": "https://x/{file}"])) { error in
            XCTAssertEqual((error as? AnalyzeOptionsError)?.description,
                           "NIBSCAN_SOURCE_LINK: source link template 'https://x/{file}' cannot be used: unknown placeholder {file}; known: {repository}, {commit}, {path}, {line}")
        }
    }

    func testBadLinkAndReportValues() {
        assertError(["p", "--report", "pdf:x"], .badValue(flag: "--report", value: "pdf:x", expected: ReportOutput.expected))
        assertError(["p", "--report", "sarif:"], .badValue(flag: "--report", value: "sarif:", expected: ReportOutput.expected))
        assertError(["p", "--repository", "https://github.com"],
                    .badValue(flag: "--repository", value: "https://github.com", expected: "a repository such as https://github.com/acme/app or acme/app"))
        assertError(["p", "--commit", "a b"], .badValue(flag: "--commit", value: "a b", expected: "a commit id"))
        assertError(["p", "--path-prefix", "../x"], .badValue(flag: "--path-prefix", value: "../x", expected: "a relative folder such as ios/"))
        XCTAssertThrowsError(try AnalyzeOptions.parse(["p", "--source-link", "https://x/{line}"])) { error in
            XCTAssertEqual((error as? AnalyzeOptionsError)?.description, "--source-link: source link template 'https://x/{line}' cannot be used: it needs {path}")
            XCTAssertEqual((error as? AnalyzeOptionsError)?.code, "usage.bad-source-link")
        }
        assertError(["p", "--commit", "a", "--commit", "b"], .repeatedOption("--commit"))
    }
}
