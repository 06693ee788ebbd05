import Analysis
import Foundation
import TestSupport
import XCTest

/// The built `nibscan analyze` on every kind of input a CI job may hand it: refused inputs
/// exit 2 with one line naming the problem, damaged files inside a readable project are
/// listed with their status, findings set exit 1, and the report is byte-identical from
/// run to run (apart from `durationMs`) for a zip and a folder alike.
final class AnalyzeInputTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-input")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: workspace.path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    private func write(_ zip: ZipBuilder, named name: String) throws -> String {
        try write(zip.build(), named: name)
    }

    private func write(_ data: Data, named name: String) throws -> String {
        let url = workspace.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    private func assertRefused(_ path: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try NibscanProcess.analyze([path])
        XCTAssertEqual(run.status, 2, file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        XCTAssertEqual(run.stderr, "nibscan: \(reason)\n", file: file, line: line)
    }

    private func report(_ run: NibscanProcess.Run, file: StaticString = #filePath, line: UInt = #line) throws -> Report {
        XCTAssertEqual(run.stderr, "", file: file, line: line)
        return try Report.decode(jsonData: Data(run.stdout.utf8))
    }

    private func entry(_ path: String, in report: Report) throws -> FileEntry {
        try XCTUnwrap(report.files.first { $0.path == path }, "\(path) not in files[]: \(report.files.map(\.path))")
    }

    // MARK: Refused inputs: exit 2, one line

    func testMissingPath() throws {
        try assertRefused("/nonexistent/App.zip", "no file or folder at /nonexistent/App.zip")
    }

    func testFileThatIsNotAZip() throws {
        let path = try write(Data("just some notes\n".utf8), named: "notes.zip")
        try assertRefused(path, "\(path) is not a zip archive (it does not start with a zip signature)")
    }

    func testEmptyFile() throws {
        let path = try write(Data(), named: "empty.zip")
        try assertRefused(path, "\(path) is empty (0 bytes), not a zip archive")
    }

    func testFIFOAndDeviceAreRefusedWithoutWaiting() throws {
        let fifo = workspace.appendingPathComponent("upload.zip").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try assertRefused(fifo, "cannot read \(fifo): not a regular file (a FIFO, device or socket)")
        try assertRefused("/dev/null", "cannot read /dev/null: not a regular file (a FIFO, device or socket)")
    }

    func testUnwritableOutputIsNamed() throws {
        let project = sampleApp.path
        let cases = [
            (workspace.path, "it is a folder"),
            ("/nonexistent/out/report.json", "no folder /nonexistent/out"),
        ]
        for (output, problem) in cases {
            let run = try NibscanProcess.analyze([project, "--output", output])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "nibscan: cannot write the report to \(output): \(problem)\n")
        }
    }

    func testArchiveCutInTheMiddleOfAnEntry() throws {
        var zip = ZipBuilder()
        zip.add("App/Big.xib", Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }))
        let whole = zip.build()
        let path = try write(whole.prefix(whole.count / 2), named: "cut.zip")
        try assertRefused(path, "\(path) has no end-of-central-directory record: the archive is truncated or not a zip")
    }

    func testArchiveMissingBytesInsideAnEntryIsRefusedOrReported() throws {
        var zip = ZipBuilder()
        zip.add("App/A.xib", text: String(repeating: "<view id=\"a\"/>\n", count: 2_000))
        zip.add("App/B.swift", text: "final class B {}\n")
        var data = zip.build()
        data.removeSubrange(data.startIndex + 100..<data.startIndex + 160)
        let run = try NibscanProcess.analyze([try write(data, named: "holed.zip")])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.hasPrefix("nibscan: the archive"), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
    }

    func testUnsafeArchive() throws {
        var zip = ZipBuilder()
        zip.add("App/Card.xib", text: "<document/>")
        zip.add("App/Card.xib", text: "<document/>")
        try assertRefused(try write(zip, named: "twice.zip"), "entry name 'App/Card.xib' appears more than once")
    }

    func testLimitFlagsApply() throws {
        var zip = ZipBuilder()
        for index in 0..<5 { zip.add("App/V\(index).swift", text: "final class V\(index) {}\n") }
        let path = try write(zip, named: "five.zip")
        let run = try NibscanProcess.analyze([path, "--max-entries", "4"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "nibscan: the archive has 5 entries, over the limit of 4\n")
    }

    // MARK: Damaged files inside a readable project: listed, exit 0

    func testXMLDepthFlagTurnsADeepXibIntoAnErrorFileAndAnalysesTheRest() throws {
        var zip = ZipBuilder()
        let xib = { (view: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
            \(view)
                </objects>
            </document>
            """
        }
        zip.add("App/Card.xib", text: xib("""
            <view id="c1" customClass="CardView" customModule="App">
                <subviews><label text="Title" id="l1"/></subviews>
            </view>
        """))
        zip.add("App/Badge.xib", text: xib(#"<view id="b1" customClass="BadgeView" customModule="App"/>"#))
        zip.add("App/CardView.swift", text: "final class CardView: UIView {}\nfinal class BadgeView: UIView {}\n")
        let path = try write(zip, named: "deep.zip")

        let limited = try report(NibscanProcess.analyze([path, "--max-xml-depth", "3", "--fail-on", "never"]))
        let card = try entry("App/Card.xib", in: limited)
        XCTAssertEqual(card.status, .error)
        XCTAssertTrue(card.reason?.contains("nested deeper than 3 levels") == true, card.reason ?? "no reason")
        XCTAssertEqual(try entry("App/Badge.xib", in: limited).status, .analysed)
        XCTAssertEqual(try entry("App/CardView.swift", in: limited).status, .analysed)
        XCTAssertEqual(limited.classes.first { $0.name == "BadgeView" }?.nibs.map(\.path), ["App/Badge.xib"])

        let unlimited = try report(NibscanProcess.analyze([path, "--fail-on", "never"]))
        XCTAssertEqual(try entry("App/Card.xib", in: unlimited).status, .analysed, "the default depth reads the same file")
    }

    func testEveryFileStatusFromOneArchive() throws {
        var zip = ZipBuilder()
        let utf16 = """
        <?xml version="1.0" encoding="UTF-16"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <view contentMode="scaleToFill" id="v1" customClass="WideCardView" customModule="App"/>
            </objects>
        </document>
        """
        zip.add("App/Wide.xib", try XCTUnwrap(utf16.data(using: .utf16)))
        zip.add("App/Random.storyboard", Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }))
        zip.add("App/Empty.xib", Data())
        zip.add("App/Old.nib/designable.nib", text: utf16.replacingOccurrences(of: "UTF-16", with: "UTF-8")
            .replacingOccurrences(of: "WideCardView", with: "OldCardView"))
        zip.add("App/Old.nib/keyedobjects.nib", Data("bplist00".utf8) + Data(repeating: 1, count: 40))
        zip.add("App/Compiled.nib", Data("NIBArchive".utf8) + Data(repeating: 2, count: 40))
        zip.add("App/Legacy.xib", text: """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00"><data></data></archive>
        """)
        zip.add("../Escape.xib", text: "<document/>")
        let run = try NibscanProcess.analyze([try write(zip, named: "mixed.zip")])
        XCTAssertEqual(run.status, 0)
        let report = try report(run)

        let expected: [String: (FileEntry.Kind, FileEntry.Status)] = [
            "App/Wide.xib": (.xib, .analysed),
            "App/Random.storyboard": (.storyboard, .error),
            "App/Empty.xib": (.xib, .error),
            "App/Old.nib/designable.nib": (.nib, .analysed),
            "App/Old.nib/keyedobjects.nib": (.nib, .binary),
            "App/Compiled.nib": (.nib, .binary),
            "App/Legacy.xib": (.xib, .legacy),
            "../Escape.xib": (.xib, .skipped),
        ]
        for (path, (kind, status)) in expected {
            let file = try entry(path, in: report)
            XCTAssertEqual(file.kind, kind, path)
            XCTAssertEqual(file.status, status, path)
            XCTAssertEqual(file.reason == nil, status == .analysed, "\(path): \(file.reason ?? "no reason")")
        }
        XCTAssertEqual(report.files.map(\.path), report.files.map(\.path).sorted())
        XCTAssertTrue(try entry("../Escape.xib", in: report).reason?.hasSuffix("(archive.unsafe-name)") == true)
        XCTAssertEqual(Set(report.classes.map(\.name)), ["OldCardView", "WideCardView"])
        XCTAssertEqual(report.summary.nibs, 6, "Wide, Empty, Legacy, Escape, Compiled and the Old.nib folder once")
        XCTAssertEqual(report.summary.storyboards, 1)
    }

    func testUnreadableFilesAndFoldersAreListed() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") || geteuid() != 0 else {
            throw XCTSkip("running as root without setpriv: permissions cannot be made to apply")
        }
        let project = workspace.appendingPathComponent("Locked")
        let sealed = project.appendingPathComponent("App/Sealed")
        try FileManager.default.createDirectory(at: sealed, withIntermediateDirectories: true)
        try Data("final class Inside {}\n".utf8).write(to: sealed.appendingPathComponent("Inside.swift"))
        let locked = project.appendingPathComponent("App/Locked.swift")
        try Data("final class Locked {}\n".utf8).write(to: locked)
        try Data("final class Open {}\n".utf8).write(to: project.appendingPathComponent("App/Open.swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: sealed.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sealed.path) }

        let run = try NibscanProcess.analyze([project.path], unprivileged: geteuid() == 0)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try report(run)
        XCTAssertEqual(try entry("App/Open.swift", in: report).status, .analysed)
        let file = try entry("App/Locked.swift", in: report)
        XCTAssertEqual(file.status, .error)
        XCTAssertTrue(file.reason?.hasPrefix("cannot be read: ") == true, file.reason ?? "")
        let folder = try entry("App/Sealed", in: report)
        XCTAssertEqual(folder.status, .error)
        XCTAssertTrue(folder.reason?.hasPrefix("folder cannot be listed: ") == true, folder.reason ?? "")
    }

    // MARK: Exit status, determinism and paths on a real project

    private var sampleApp: URL { Fixtures.examplesDirectory.appendingPathComponent("SampleApp") }

    private func zippedSampleApp() throws -> String {
        var zip = ZipBuilder()
        for path in Fixtures.relativeFiles(under: sampleApp) {
            zip.add("SampleApp/" + path, try Data(contentsOf: sampleApp.appendingPathComponent(path)))
        }
        return try write(zip, named: "SampleApp.zip")
    }

    private func withoutDuration(_ json: String) -> String {
        json.replacingOccurrences(of: #""durationMs" : [0-9]+"#, with: #""durationMs" : 0"#, options: .regularExpression)
    }

    func testFindingsSetTheExitStatusAndFailOnMovesTheThreshold() throws {
        let path = try zippedSampleApp()
        let errors = try NibscanProcess.analyze([path])
        XCTAssertGreaterThan(try report(errors).summary.errors, 0)
        XCTAssertEqual(errors.status, 1)
        XCTAssertEqual(try NibscanProcess.analyze([path, "--fail-on", "never"]).status, 0)
        XCTAssertEqual(try NibscanProcess.analyze([path, "--fail-on", "warning"]).status, 1)
    }

    func testFailScopeNewIgnoresFindingsTheBaselineAlreadyHad() throws {
        let path = try zippedSampleApp()
        let itself = workspace.appendingPathComponent("itself.json")
        XCTAssertEqual(try NibscanProcess.analyze([path, "--output", itself.path]).status, 1)
        let clean = workspace.appendingPathComponent("clean.json")
        try Report(project: .init(name: "SampleApp", files: 0, bytes: 0), files: [], summary: .init()).jsonData().write(to: clean)

        let unchanged = try NibscanProcess.analyze([path, "--baseline", itself.path, "--fail-scope", "new"])
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        let compared = try report(unchanged)
        XCTAssertFalse(compared.findings.isEmpty)
        XCTAssertTrue(compared.findings.allSatisfy { $0.baseline == .unchanged })
        XCTAssertEqual(compared.baseline?.fixed, [])
        XCTAssertEqual(try NibscanProcess.analyze([path, "--baseline", itself.path]).status, 1, "scope all still counts them")
        XCTAssertEqual(try NibscanProcess.analyze([path, "--baseline", clean.path, "--fail-scope", "new"]).status, 1)
    }

    func testReportIsByteIdenticalApartFromDurationForAZipAndAFolder() throws {
        for path in [try zippedSampleApp(), sampleApp.path] {
            let first = try NibscanProcess.analyze([path])
            let second = try NibscanProcess.analyze([path])
            XCTAssertTrue(first.stdout.contains(#""durationMs" : "#))
            XCTAssertEqual(withoutDuration(first.stdout), withoutDuration(second.stdout), path)
        }
    }

    func testWrappingFolderIsKeptInEveryPath() throws {
        let zipped = try report(NibscanProcess.analyze([try zippedSampleApp()]))
        let folder = try report(NibscanProcess.analyze([sampleApp.path]))
        XCTAssertEqual(zipped.files.map(\.path), folder.files.map { "SampleApp/" + $0.path })
        XCTAssertTrue(zipped.findings.flatMap(\.locations).allSatisfy { $0.path.hasPrefix("SampleApp/") })
        XCTAssertEqual(zipped.findings.map(\.rule), folder.findings.map(\.rule))
    }

    func testOutputFileGetsTheReportAndStdoutStaysEmpty() throws {
        let output = workspace.appendingPathComponent("report.sarif")
        let run = try NibscanProcess.analyze([sampleApp.path, "--format", "sarif", "--output", output.path, "--fail-on", "never"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "")
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        XCTAssertEqual(sarif?["version"] as? String, "2.1.0")
    }

    func testWholeCorpusZippedTogetherIsAnalysedLikeTheFolder() throws {
        let corpus = Fixtures.corpusDirectory
        var zip = ZipBuilder()
        for path in Fixtures.relativeFiles(under: corpus) {
            zip.add(path, try Data(contentsOf: corpus.appendingPathComponent(path)))
        }
        let zipped = try NibscanProcess.analyze([try write(zip, named: "corpus.zip"), "--fail-on", "never"])
        XCTAssertEqual(zipped.status, 0)
        let fromZip = try report(zipped)
        let fromFolder = try report(NibscanProcess.analyze([corpus.path, "--fail-on", "never"]))
        XCTAssertGreaterThanOrEqual(fromZip.files.filter { [.xib, .storyboard, .nib].contains($0.kind) }.count, 535)
        XCTAssertEqual(fromZip.files, fromFolder.files)
        XCTAssertEqual(fromZip.classes, fromFolder.classes)
        XCTAssertEqual(fromZip.findings, fromFolder.findings)
        XCTAssertFalse(fromZip.files.contains { $0.reason?.contains("(archive.") == true })
    }
}
