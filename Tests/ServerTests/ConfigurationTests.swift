import Analysis
@testable import Server
import TestSupport
import XCTest

final class ConfigurationTests: XCTestCase {
    typealias Configuration = NibscanServer.Configuration

    func testDefaults() {
        let configuration = Configuration()
        XCTAssertEqual(configuration.http.host, "127.0.0.1")
        XCTAssertEqual(configuration.http.port, 8080)
        XCTAssertEqual(configuration.dataDirectory, "./data")
        XCTAssertEqual(configuration.workers, ProcessInfo.processInfo.activeProcessorCount)
    }

    func testEnvironmentThenFlagsWin() throws {
        let configuration = try Configuration.resolve(
            arguments: ["--port", "9000", "--max-entries=50", "--data-dir", "/tmp/x", "--min-body-rate", "2048", "--body-rate-window=3"],
            environment: ["NIBSCAN_PORT": "7000", "NIBSCAN_HOST": "::1", "NIBSCAN_WORKERS": "3", "NIBSCAN_MAX_BODY_BYTES": "1000",
                          "NIBSCAN_TOKENS": "read t-0123456789abcdef", "NIBSCAN_HEADER_TIMEOUT_SECONDS": "2.5",
                          "NIBSCAN_MIN_BODY_RATE": "10", "NIBSCAN_BODY_RATE_GRACE_SECONDS": "4"])
        XCTAssertEqual(configuration.http.port, 9000)
        XCTAssertEqual(configuration.http.host, "::1")
        XCTAssertEqual(configuration.workers, 3)
        XCTAssertEqual(configuration.maxBodyBytes, 1000)
        XCTAssertEqual(configuration.http.limits.maxBodyBytes, 1000)
        XCTAssertEqual(configuration.archiveLimits.maxEntries, 50)
        XCTAssertEqual(configuration.http.headerTimeout, 2.5)
        XCTAssertEqual(configuration.dataDirectory, "/tmp/x")
        XCTAssertEqual(configuration.http.bodyRateFloor, BodyRateFloor(bytesPerSecond: 2048, grace: 4, window: 3), "the flag wins over the variable")
        XCTAssertEqual(configuration.tokens, "read t-0123456789abcdef")
    }

    func testBadValuesNameTheSetting() {
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--port", "70000"], environment: [:])) { XCTAssertTrue("\($0)".hasPrefix("--port:")) }
        XCTAssertThrowsError(try Configuration.resolve(arguments: [], environment: ["NIBSCAN_WORKERS": "many"])) { XCTAssertTrue("\($0)".hasPrefix("NIBSCAN_WORKERS:")) }
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--nope"], environment: [:])) { XCTAssertTrue("\($0)".contains("unknown option")) }
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--port"], environment: [:])) { XCTAssertTrue("\($0)".contains("needs a value")) }
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--body-timeout", "-1"], environment: [:]))
        XCTAssertThrowsError(try Configuration.resolve(arguments: [], environment: ["NIBSCAN_MIN_BODY_RATE": "fast"])) {
            XCTAssertTrue("\($0)".hasPrefix("NIBSCAN_MIN_BODY_RATE:"))
        }
    }

    func testSourceLinkTemplateIsCheckedAtStartup() throws {
        let gitlab = "https://code.example.com/{repository}/-/blob/{commit}/{path}#L{line}"
        XCTAssertNil(Configuration().sourceLink)
        XCTAssertEqual(try Configuration.resolve(arguments: [], environment: ["NIBSCAN_SOURCE_LINK": gitlab]).sourceLink?.description, gitlab)
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--source-link", "https://x/{file}"], environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("--source-link:"), "\($0)")
            XCTAssertTrue("\($0)".contains("unknown placeholder {file}"), "\($0)")
        }
    }

    func testInterfaceBuilderLimitsComeFromTheEnvironmentAndFlags() throws {
        XCTAssertEqual(Configuration().interfaceBuilderLimits, .default)
        let configuration = try Configuration.resolve(
            arguments: ["--max-xml-depth", "12", "--max-xml-elements=5000"],
            environment: ["NIBSCAN_MAX_XML_DEPTH": "40", "NIBSCAN_MAX_XML_BYTES": "1048576", "NIBSCAN_MAX_XML_ATTRIBUTE_BYTES": "4096",
                          "NIBSCAN_MAX_XML_ATTRIBUTES": "30"])
        XCTAssertEqual(configuration.interfaceBuilderLimits,
                       InterfaceBuilderLimits(maxDocumentBytes: 1_048_576, maxDepth: 12, maxAttributeBytes: 4_096, maxElements: 5_000,
                                              maxAttributesPerElement: 30))
        for (flag, value) in [("--max-xml-depth", "0"), ("--max-xml-elements", "many"), ("--max-xml-attributes", "0"), ("--max-xml-bytes", "-1"), ("--max-xml-attribute-bytes", "1K")] {
            XCTAssertThrowsError(try Configuration.resolve(arguments: [flag, value], environment: [:])) {
                XCTAssertTrue("\($0)".hasPrefix("\(flag):"), "\($0)")
                XCTAssertTrue("\($0)".contains("'\(value)'"), "\($0)")
            }
        }
        XCTAssertThrowsError(try Configuration.resolve(arguments: [], environment: ["NIBSCAN_MAX_XML_DEPTH": "deep"])) {
            XCTAssertTrue("\($0)".hasPrefix("NIBSCAN_MAX_XML_DEPTH:"), "\($0)")
        }
    }

    func testHelpListsEverySettingWithItsVariable() {
        let help = Configuration.helpText()
        for setting in Configuration.settings() {
            XCTAssertTrue(help.contains(setting.flag), setting.flag)
            XCTAssertTrue(help.contains(setting.environment), setting.environment)
        }
        for required in ["NIBSCAN_HOST", "NIBSCAN_PORT", "NIBSCAN_DATA_DIR", "NIBSCAN_TOKENS_FILE", "NIBSCAN_MAX_BODY_BYTES",
                         "NIBSCAN_WORKERS", "NIBSCAN_RETENTION_HOURS", "NIBSCAN_TOKENS", "NIBSCAN_MAX_ENTRIES",
                         "NIBSCAN_MAX_XML_DEPTH"] {
            XCTAssertTrue(help.contains(required), required)
        }
    }

    func testTokensComeFromTheFileAndTheEnvironment() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens")
        try "# ops\nadmin file-token-0123456789abcdef\n".write(to: file, atomically: true, encoding: .utf8)
        var configuration = Configuration(tokensFile: file.path, tokens: "read env-token-0123456789abcdef")
        let tokens = try configuration.loadTokens()
        XCTAssertEqual(tokens.verdict(authorization: "Bearer file-token-0123456789abcdef"), .granted([.admin]))
        XCTAssertEqual(tokens.verdict(authorization: "Bearer env-token-0123456789abcdef"), .granted([.read]))
        configuration.tokensFile = directory.appendingPathComponent("missing").path
        XCTAssertThrowsError(try configuration.loadTokens()) { XCTAssertTrue("\($0)".hasPrefix("--tokens-file: cannot read")) }
    }

    func testOpenAPISettingWins() {
        XCTAssertEqual(Configuration(openAPIPath: "/etc/x.yaml").resolvedOpenAPIPath(), "/etc/x.yaml")
    }

    func testOneDataDirectoryServesOneServer() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Configuration(dataDirectory: directory.path)
        let make = { try NibscanServer(configuration: configuration, log: ServerLog { _ in }) }
        let running = try make()
        XCTAssertThrowsError(try make()) { XCTAssertTrue("\($0)".contains("in use by another nibscan serve"), "\($0)") }
        running.drain()
        try withExtendedLifetime(make()) {
            XCTAssertThrowsError(try make(), "the next server holds the directory")
        }
        XCTAssertNoThrow(try make(), "a released server lets the directory go")
    }

    func testNonLoopbackHostNeedsTokens() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Configuration(dataDirectory: directory.path)
        configuration.http.host = "0.0.0.0"
        XCTAssertThrowsError(try NibscanServer(configuration: configuration, log: ServerLog { _ in })) {
            XCTAssertTrue("\($0)".contains("not a loopback address and no tokens"))
        }
        configuration.tokens = "read token-0123456789abcdef"
        XCTAssertNoThrow(try NibscanServer(configuration: configuration, log: ServerLog { _ in }))
        XCTAssertTrue(NibscanServer.isLoopback("127.0.0.2"))
        XCTAssertTrue(NibscanServer.isLoopback("::1"))
        XCTAssertFalse(NibscanServer.isLoopback("10.0.0.1"))
    }
}
