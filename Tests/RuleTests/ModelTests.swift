import Analysis
import XCTest

final class ModelTests: XCTestCase {
    func testNibNamesIgnoreLocalizationIdiomAndCompiledFolders() {
        XCTAssertEqual(NibCatalog.loadName(ofPath: "App/Base.lproj/Card~ipad.xib"), "Card")
        XCTAssertEqual(NibCatalog.loadName(ofPath: "App/fr.lproj/Card~iphone.xib"), "Card")
        XCTAssertEqual(NibCatalog.loadName(ofPath: "App/English.lproj/MainMenu.nib/designable.nib"), "MainMenu")
        XCTAssertEqual(NibCatalog.loadName(ofPath: "App/Old.nib"), "Old")
        XCTAssertEqual(NibCatalog.loadName(ofPath: "App/Main.storyboard"), "Main")
        XCTAssertNil(NibCatalog.loadName(ofPath: "App/icon.png"))
    }

    func testModuleNamesComeFromTargetsAndDependenciesFromManifests() {
        let pbxproj = ExampleProject.pbxproj([.init("Rocket.Chat", sources: ["App/A.swift"]),
                                              .init("ShareExtension", settings: ["PRODUCT_MODULE_NAME": "My-Kit"])])
        let build = ProjectModel.build(files: [
            ProjectFile(path: "App.xcodeproj/project.pbxproj", kind: .project, contents: Data(pbxproj.utf8)),
            ProjectFile(path: "App/A.swift", kind: .swift, contents: Data("import UIKit\nimport SnapKit\n".utf8)),
            ProjectFile(path: "Podfile", kind: .dependencies, contents: Data("target 'App' do\n  pod 'Kingfisher', '~> 7'\n  pod \"Reusable/View\"\nend\n".utf8)),
        ]).build
        XCTAssertEqual(build.projectModules, ["Rocket_Chat", "My_Kit"])
        XCTAssertEqual(build.dependencyModules, ["Kingfisher", "Reusable", "SnapKit", "UIKit"])
        XCTAssertTrue(build.hasThirdPartyDependencies)
        XCTAssertTrue(build.isProjectModule("Rocket.Chat"))
        XCTAssertEqual(BuildTarget.moduleName("2048 Game"), "_2048_Game")
        for (name, module) in [("App", "App"), ("My_Kit2", "My_Kit2"), ("2048", "_2048"), ("", ""), ("Café Kit", "Café_Kit"),
                               ("a\r\nb", "a_b"), ("Kit-iOS", "Kit_iOS"), ("日本", "日本")] {
            XCTAssertEqual(BuildTarget.moduleName(name), module, name.debugDescription)
        }
    }

    func testSuperclassChainsCrossFilesLanguagesAndThePlatform() {
        let model = ProjectModel.build(files: [
            ProjectFile(path: "A/Base.h", kind: .objc, contents: Data("@interface BaseCell : UITableViewCell\n@end\n".utf8)),
            ProjectFile(path: "A/Cell.swift", kind: .swift, contents: Data("@objc(FancyCell) class Cell: BaseCell {}\n".utf8)),
        ])
        XCTAssertEqual(model.superclassChain(of: "FancyCell"), ["BaseCell", "UITableViewCell", "UIView", "UIResponder", "NSObject"])
        XCTAssertEqual(model.family(of: "FancyCell"), .cell)
        XCTAssertEqual(model.projectClass("FancyCell")?.name, "Cell")
        XCTAssertTrue(model.members(of: "FancyCell").answersKey("contentView"))
    }

    func testFingerprintIgnoresUnrelatedLineMoves() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="Gone" id="Root-00-001"/>
        """)
        let swift = "import UIKit\nclass Other: UIView {}\n"
        let before = TestProject.findings("unknown-custom-class", in: ["A/Card.xib": xib, "A/Other.swift": swift])
        let moved = xib.replacingOccurrences(of: "<objects>", with: "<objects>\n\n\n")
        let after = TestProject.findings("unknown-custom-class", in: ["A/Card.xib": moved, "A/Other.swift": swift])
        XCTAssertEqual(before.count, 1)
        XCTAssertNotEqual(before.first?.locations.first?.line, after.first?.locations.first?.line)
        XCTAssertEqual(before.map(\.fingerprint), after.map(\.fingerprint))
        XCTAssertEqual(before.first?.fingerprint.count, 16)
    }

    func testProjectWithoutSourcesRunsInterfaceBuilderChecksAndSaysWhatWasSkipped() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="Gone" id="Same-00-001"/>
                <view contentMode="scaleToFill" misplaced="YES" id="Same-00-001"/>
        """)
        let report = TestProject.analyze(["A/Card.xib": xib])
        XCTAssertEqual(Set(report.findings.map(\.rule)), ["duplicate-id", "misplaced-view"])
        let note = report.notes?.first ?? ""
        XCTAssertTrue(note.contains("no Swift or Objective-C sources"), note)
        XCTAssertTrue(note.contains("unknown-custom-class"), note)
        XCTAssertFalse(note.contains("duplicate-id"), note)
    }

    func testUnreadableFilesAreListedAndTheRestIsAnalysed() {
        var files = ["A/Good.xib": TestProject.xib("<view misplaced=\"YES\" id=\"Root-00-001\"/>"), "A/Bad.xib": "<document><objects>"]
        files["A/Compiled.nib"] = "bplist00\u{1}\u{2}"
        let report = TestProject.analyze(files)
        let statuses = Dictionary(uniqueKeysWithValues: report.files.map { ($0.path, $0.status) })
        XCTAssertEqual(statuses["A/Good.xib"], .analysed)
        XCTAssertEqual(statuses["A/Bad.xib"], .error)
        XCTAssertEqual(statuses["A/Compiled.nib"], .binary)
        XCTAssertNotNil(report.files.first { $0.path == "A/Bad.xib" }?.reason)
        XCTAssertEqual(report.findings.map(\.rule), ["misplaced-view"])
    }

    func testSuperclassCyclesEndTheChainInsteadOfHanging() {
        let swift = "import UIKit\nclass A: B {}\nclass B: C {}\nclass C: A {}\nclass Selfish: Selfish {}\n"
        let xib = TestProject.xib("<view customClass=\"A\" id=\"Root-00-001\"><connections><outlet property=\"x\" destination=\"Root-00-001\" id=\"Out-00-001\"/></connections></view>")
        let model = ProjectModel.build(files: [
            ProjectFile(path: "App/Cycle.swift", kind: .swift, contents: Data(swift.utf8)),
            ProjectFile(path: "App/A.xib", kind: .xib, contents: Data(xib.utf8)),
        ])
        XCTAssertEqual(model.lineage(of: "A"), ["A", "B", "C"])
        XCTAssertEqual(model.lineage(of: "Selfish"), ["Selfish"])
        XCTAssertFalse(model.members(of: "A").isComplete, "a cycle never reaches a platform class")
        let report = TestProject.analyze(["App/Cycle.swift": swift, "App/A.xib": xib])
        XCTAssertEqual(report.findings.filter { $0.rule == "outlet-not-in-class" }.count, 0)
    }
}
