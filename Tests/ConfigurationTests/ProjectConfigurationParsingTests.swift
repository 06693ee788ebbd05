import Analysis
import XCTest

final class ProjectConfigurationParsingTests: XCTestCase {
    private func parse(_ text: String) throws -> ProjectConfiguration {
        try ProjectConfiguration.parse(Data(text.utf8), source: "App/.nibscan.yml")
    }

    /// The text fails with a message at `line`:`column` containing `fragment`.
    private func assertRefused(_ data: Data, line: Int, column: Int, _ fragment: String,
                               file: StaticString = #filePath, testLine: UInt = #line) {
        do {
            let parsed = try ProjectConfiguration.parse(data, source: "App/.nibscan.yml")
            XCTFail("parsed as \(parsed)", file: file, line: testLine)
        } catch {
            XCTAssertEqual(error.code, "config.invalid", file: file, line: testLine)
            XCTAssertEqual(error.path, "App/.nibscan.yml", file: file, line: testLine)
            XCTAssertEqual(error.line, line, "line of: \(error.problem)", file: file, line: testLine)
            XCTAssertEqual(error.column, column, "column of: \(error.problem)", file: file, line: testLine)
            XCTAssertTrue(error.problem.contains(fragment), "\(error.problem) should say \(fragment)", file: file, line: testLine)
            XCTAssertTrue(error.description.hasPrefix("App/.nibscan.yml:\(line):\(column): "), error.description, file: file, line: testLine)
            XCTAssertFalse(error.description.contains("\n"), "one line", file: file, line: testLine)
        }
    }

    private func assertRefused(_ text: String, line: Int, column: Int, _ fragment: String,
                               file: StaticString = #filePath, testLine: UInt = #line) {
        assertRefused(Data(text.utf8), line: line, column: column, fragment, file: file, testLine: testLine)
    }

    func testEveryKey() throws {
        let configuration = try parse("""
        # nibscan settings
        rules:
          missing-nib: off
          unused-outlet: warning
          "outlet-not-in-class": info
        exclude:
          - Pods
          - "**/*.generated.swift"
        include: [App/**]
        dependencies:
          - Kingfisher
          - Rocket.Chat
        ignore:
          - rule: unknown-custom-class
            path: App/Legacy/**
            class: GADBannerView
            reason: Comes from the Google Mobile Ads SDK, installed by a script.
          - {rule: missing-nib, path: App/Settings.swift, id: abc-12-xyz, reason: generated at build time}
        baseline: nibscan-baseline.json
        failOn: warning
        failScope: new
        """)
        XCTAssertEqual(configuration.source, "App/.nibscan.yml")
        XCTAssertEqual(configuration.rules, ["missing-nib": .off, "unused-outlet": .severity(.warning), "outlet-not-in-class": .severity(.info)])
        XCTAssertEqual(configuration.exclude.map(\.pattern), ["Pods", "**/*.generated.swift"])
        XCTAssertEqual(configuration.include.map(\.pattern), ["App/**"])
        XCTAssertEqual(configuration.dependencies, ["Kingfisher", "Rocket_Chat"])
        XCTAssertEqual(configuration.ignore.count, 2)
        XCTAssertEqual(configuration.ignore[0].rule, "unknown-custom-class")
        XCTAssertEqual(configuration.ignore[0].path.pattern, "App/Legacy/**")
        XCTAssertEqual(configuration.ignore[0].className, "GADBannerView")
        XCTAssertNil(configuration.ignore[0].objectId)
        XCTAssertEqual(configuration.ignore[0].location, SourceLocation(path: "App/.nibscan.yml", line: 14, column: 5))
        XCTAssertEqual(configuration.ignore[1].objectId, "abc-12-xyz")
        XCTAssertEqual(configuration.ignore[1].reason, "generated at build time")
        XCTAssertEqual(configuration.baseline, "nibscan-baseline.json")
        XCTAssertEqual(configuration.failOn, .warning)
        XCTAssertEqual(configuration.failScope, .new)
    }

    func testEmptyCommentOnlyAndNullFilesAreTheDefaults() throws {
        for text in ["", "\n\n", "# nothing yet\n", "---\n", "~\n", "rules:\nexclude:\nignore:\n"] {
            XCTAssertEqual(try parse(text), ProjectConfiguration(source: "App/.nibscan.yml"), "for \(text.debugDescription)")
        }
    }

    func testUnknownKeysNameTheKeyAndTheChoices() {
        assertRefused("rules: {}\nexlude: [Pods]\n", line: 2, column: 1, "unknown key 'exlude'; expected one of rules, exclude")
        assertRefused("ignore:\n  - rule: missing-nib\n    path: a\n    reason: r\n    because: x\n", line: 5, column: 5,
                      "unknown key 'because' in an ignore entry")
    }

    func testWrongTypesSayWhatWasExpected() {
        assertRefused("- rules\n", line: 1, column: 1, "expected a mapping of settings")
        assertRefused("rules: [missing-nib]\n", line: 1, column: 8, "expected a mapping of rule ids to off, error, warning or info, found a list")
        assertRefused("exclude: Pods\n", line: 1, column: 10, "expected a list of path patterns under exclude, found a single value")
        assertRefused("exclude:\n  - {a: b}\n", line: 2, column: 5, "expected a path pattern, found a mapping")
        assertRefused("exclude: ['/']\n", line: 1, column: 11, "expected a path pattern, found '/'")
        assertRefused("dependencies: [Good, 'two words']\n", line: 1, column: 22, "expected a module name")
        assertRefused("ignore: {rule: missing-nib}\n", line: 1, column: 9, "expected a list of entries")
        assertRefused("baseline: [a]\n", line: 1, column: 11, "expected the path of a JSON report, found a list")
        assertRefused("baseline: ''\n", line: 1, column: 11, "found an empty text")
        assertRefused("failOn: sometimes\n", line: 1, column: 9, "failOn takes one of error, warning, info, never, not 'sometimes'")
        assertRefused("failScope: changed\n", line: 1, column: 12, "failScope takes one of all, new, not 'changed'")
        assertRefused("rules:\n  missing-nib: loud\n", line: 2, column: 16, "rule 'missing-nib' takes off, error, warning or info, not 'loud'")
        assertRefused("rules:\n  missing-nib:\n", line: 2, column: 15, "expected off, error, warning or info, found nothing (null)")
        assertRefused("rules:\n  [a]: off\n", line: 2, column: 3, "a key must be a name, not a list")
    }

    func testUnknownRuleIDs() {
        assertRefused("rules:\n  missing-nib: off\n  missing-nibs: off\n", line: 3, column: 3, "unknown rule 'missing-nibs' ('nibscan rules' lists them)")
        assertRefused("ignore:\n  - rule: no-such-rule\n    path: a\n    reason: r\n", line: 2, column: 11, "unknown rule 'no-such-rule'")
    }

    func testIgnoreEntriesNeedARulePathAndReason() {
        assertRefused("ignore:\n  - path: a\n    reason: r\n", line: 2, column: 5, "needs a rule")
        assertRefused("ignore:\n  - rule: missing-nib\n    reason: r\n", line: 2, column: 5, "needs a path")
        assertRefused("ignore:\n  - rule: missing-nib\n    path: a\n", line: 2, column: 5, "needs a reason")
        assertRefused("ignore:\n  - rule: missing-nib\n    path: a\n    reason: '  '\n", line: 4, column: 13, "found an empty text")
    }

    func testMalformedYAMLDuplicateKeysAndSecondDocuments() {
        assertRefused("rules: [\n", line: 2, column: 1, "not valid YAML")
        assertRefused("rules:\n\tmissing-nib: off\n", line: 2, column: 1, "not valid YAML")
        assertRefused("failOn: error\nfailOn: never\n", line: 2, column: 1, "the key 'failOn' is given twice")
        assertRefused("failOn: error\n---\nfailOn: never\n", line: 2, column: 1, "one YAML document")
        assertRefused("exclude: *nothing\n", line: 1, column: 10, "the alias *nothing names no anchor")
    }

    func testAnchorsAndAliasesWithinBoundsWork() throws {
        let configuration = try parse("""
        exclude: &generated
          - "**/*.generated.swift"
        include: *generated
        """)
        XCTAssertEqual(configuration.include.map(\.pattern), ["**/*.generated.swift"])
    }

    func testBillionLaughsIsRefusedQuickly() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1 ... 9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        text += "exclude: *a9\n"
        do throws(ConfigurationError) {
            _ = try ProjectConfiguration.parse(Data(text.utf8))
            XCTFail("a billion laughs parsed")
        } catch {
            XCTAssertTrue(error.problem.contains("billion laughs"), error.problem)
            XCTAssertTrue(error.problem.contains("once aliases are expanded"), error.problem)
        }
    }

    func testDeepNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        assertRefused(text, line: 1, column: 65, "nested more than 64 levels deep")
    }

    func testNonUTF8IsRefusedWithItsLine() {
        assertRefused(Data("failOn: error\nexclude: [caf".utf8) + Data([0xE9]) + Data("]\n".utf8), line: 2, column: 1,
                      "not UTF-8 text (byte 28 cannot be decoded)")
        let utf16 = Data([0xFF, 0xFE]) + "failOn: error".data(using: .utf16LittleEndian)!
        assertRefused(utf16, line: 1, column: 1, "not UTF-8 text")
    }

    func testATenMegabyteConfigurationIsRead() throws {
        var text = "exclude:\n"
        let entry = "  - Generated/Module-0000000/**/*.generated.swift\n"
        let count = 10_000_000 / entry.utf8.count
        text.reserveCapacity(count * entry.utf8.count + 16)
        for index in 0 ..< count {
            text += "  - Generated/Module-\(String(format: "%07d", index))/**/*.generated.swift\n"
        }
        XCTAssertGreaterThan(text.utf8.count, 9_900_000)
        let configuration = try parse(text)
        XCTAssertEqual(configuration.exclude.count, count)
        XCTAssertEqual(configuration.exclude.last?.pattern, "Generated/Module-\(String(format: "%07d", count - 1))/**/*.generated.swift")
    }

    func testAnOversizedConfigurationIsRefusedClearly() {
        let data = Data(repeating: UInt8(ascii: " "), count: 17 << 20)
        assertRefused(data, line: 1, column: 1, "over the 16777216 bytes a configuration may have")
    }
}
