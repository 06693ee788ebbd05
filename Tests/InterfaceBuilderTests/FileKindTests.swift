import Analysis
import XCTest

/// What a path's extension (any ASCII case) or name makes it, and which files the analysis reads.
final class FileKindTests: XCTestCase {
    func testInterfaceBuilderKindsByExtension() {
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Base.lproj/Main.storyboard"), .storyboard)
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Card~ipad.xib"), .xib)
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Legacy.nib"), .nib)
    }

    func testEveryKindInAnyCaseAndTheNamesThatDecideIt() {
        let cases: [(String, FileEntry.Kind)] = [
            ("A/Card.XIB", .xib), ("A/Main.StoryBoard", .storyboard), ("A/Old.NIB", .nib), ("A/Old.nib/", .nib),
            ("A/View.swift", .swift), ("A/View.SWIFT", .swift), ("Package.swift", .package), ("A/package.swift", .swift),
            ("A/V.h", .objc), ("A/V.M", .objc), ("A/V.mm", .objc), ("A/V.mM", .objc), ("A/V.mmm", .other),
            ("App.xcodeproj/project.pbxproj", .project), ("App.xcodeproj/other.pbxproj", .other),
            ("App.xcworkspace/contents.xcworkspacedata", .workspace), ("App.xcworkspace/x.xcworkspacedata", .other),
            ("Podfile", .dependencies), ("Podfile.lock", .dependencies), ("Cartfile.resolved", .dependencies),
            ("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", .dependencies), ("Makefile", .other),
            ("other.lock", .other), ("A/Image.png", .other), ("A/.xib", .other), ("A/Card.", .other), ("", .other),
            ("A/Caf\u{E9}.xib", .xib), ("A/Card.x\u{130}b", .other),
        ]
        for (path, kind) in cases { XCTAssertEqual(ProjectFile.kind(ofPath: path), kind, path) }
    }

    func testResourceForksAndUnknownFilesAreNotRead() {
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: "App/Card.xib"))
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: ".nibscan.yml"))
        XCTAssertFalse(ProjectInput.isNeededByAnalysis(path: "App/._Card.xib"))
        XCTAssertFalse(ProjectInput.isNeededByAnalysis(path: "__MACOSX/App/Card.xib"))
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: "App/__MACOSX/Card.xib"), "only at the top")
        XCTAssertFalse(ProjectInput.isNeededByAnalysis(path: "App/Image.png"))
    }

    func testANeededFileKeepsItsPathsKindAndAnyOtherHasNone() {
        XCTAssertEqual(ProjectInput.neededKind(ofPath: "App/Base.lproj/Main.storyboard"), .storyboard)
        XCTAssertEqual(ProjectInput.neededKind(ofPath: "Podfile.lock"), .dependencies)
        XCTAssertEqual(ProjectInput.neededKind(ofPath: "App/.nibscan.yml"), .other, "the configuration is read, as no kind")
        XCTAssertNil(ProjectInput.neededKind(ofPath: "App/._Main.storyboard"))
        XCTAssertNil(ProjectInput.neededKind(ofPath: "__MACOSX/App/Card.xib"))
        XCTAssertNil(ProjectInput.neededKind(ofPath: "App/Image.png"))
    }
}
