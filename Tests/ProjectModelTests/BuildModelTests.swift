@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// The build model from hand-written project files: paths through every `sourceTree`,
/// variant groups, synchronized folders with exceptions, settings with references,
/// platforms, Swift versions, packages, workspaces and dependency manifests.
final class BuildModelTests: XCTestCase {
    private func model(_ files: [String: String]) -> BuildModel {
        BuildModel(files: files.map { ProjectFile(path: $0.key, kind: ProjectFile.kind(ofPath: $0.key), contents: Data($0.value.utf8)) })
    }

    /// A project in `App/` with a group `Sources` (path `Src`), a `SOURCE_ROOT` file, a
    /// built product, a variant group with Base and French copies, a synchronized folder
    /// `Sync` with one exception, and two targets, the second depending on the first.
    private let pbxproj = """
    // !$*UTF8*$!
    {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
            P1 = {isa = PBXProject; attributes = {LastUpgradeCheck = 1600; }; buildConfigurationList = PL; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, ); };
            G0 = {isa = PBXGroup; children = (G1, F2, F3, V1, S1, ); sourceTree = "<group>"; };
            G1 = {isa = PBXGroup; children = (F1, ); name = Sources; path = Src; sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = "View.swift"; sourceTree = "<group>"; };
            F2 = {isa = PBXFileReference; path = "Shared/Util.m"; sourceTree = SOURCE_ROOT; };
            F3 = {isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            V1 = {isa = PBXVariantGroup; children = (B1, B2, ); name = Main.storyboard; sourceTree = "<group>"; };
            B1 = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
            B2 = {isa = PBXFileReference; name = fr; path = fr.lproj/Main.strings; sourceTree = "<group>"; };
            S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, ); path = Sync; sourceTree = "<group>"; };
            E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ("Skip.swift", ); target = T1; };
            BF1 = {isa = PBXBuildFile; fileRef = F1; };
            BF2 = {isa = PBXBuildFile; fileRef = F2; };
            BF3 = {isa = PBXBuildFile; fileRef = V1; };
            SP1 = {isa = PBXSourcesBuildPhase; files = (BF1, BF2, ); };
            RP1 = {isa = PBXResourcesBuildPhase; files = (BF3, ); };
            T1 = {isa = PBXNativeTarget; buildConfigurationList = TL1; buildPhases = (SP1, RP1, ); dependencies = (D1, ); fileSystemSynchronizedGroups = (S1, ); name = "My App"; productName = "My App"; productType = "com.apple.product-type.application"; };
            T2 = {isa = PBXNativeTarget; buildConfigurationList = TL2; buildPhases = (); dependencies = (); name = Kit; productType = "com.apple.product-type.framework"; };
            D1 = {isa = PBXTargetDependency; target = T2; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PC, ); defaultConfigurationName = Release; };
            PC = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            TL1 = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); defaultConfigurationName = Release; };
            TD = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 4.0; }; name = Debug; };
            TR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; PRODUCT_MODULE_NAME = "${PRODUCT_NAME:c99extidentifier}"; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator"; SUPPORTS_MACCATALYST = YES; SWIFT_VERSION = 5.0; }; name = Release; };
            TL2 = {isa = XCConfigurationList; buildConfigurations = (KR, ); };
            KR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; }; name = Release; };
        };
        rootObject = P1;
    }
    """

    func testASynchronizedFolderExceptionNamesEveryFileBelowAFolder() {
        let project = pbxproj
            .replacingOccurrences(of: #"exceptions = (E1, );"#, with: #"exceptions = (E1, E2, );"#)
            .replacingOccurrences(of: #"membershipExceptions = ("Skip.swift", ); target = T1; };"#,
                                  with: #"membershipExceptions = ("Skip.swift", Fixtures, ); target = T1; };"# + "\n"
                                      + #"E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Fixtures, ); target = T2; };"#)
        let build = model([
            "App/App.xcodeproj/project.pbxproj": project, "App/Src/View.swift": "",
            "App/Sync/New.swift": "", "App/Sync/Skip.swift": "", "App/Sync/Fixtures/Old.xib": "", "App/Sync/Fixtures/Deep/Older.xib": "",
        ])
        XCTAssertEqual(build.names(of: build.targets(of: "App/Sync/Fixtures/Old.xib") ?? []), ["Kit"], "out of the app, into the framework")
        XCTAssertEqual(build.names(of: build.targets(of: "App/Sync/Fixtures/Deep/Older.xib") ?? []), ["Kit"])
        XCTAssertEqual(build.names(of: build.targets(of: "App/Sync/New.swift") ?? []), ["My App"])
    }

    func testTargetsPathsSettingsAndSynchronizedFolders() throws {
        let build = model([
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Src/View.swift": "", "App/Shared/Util.m": "", "App/Base.lproj/Main.storyboard": "",
            "App/Sync/New.swift": "", "App/Sync/Skip.swift": "", "App/Sync/Card.xib": "", "App/Dead.swift": "",
        ])
        XCTAssertEqual(build.problems, [:])
        XCTAssertEqual(build.targets.map(\.name), ["My App", "Kit"])
        let app = build.targets[0]
        XCTAssertEqual(app.container, "App/App.xcodeproj")
        XCTAssertEqual(app.kind, .app)
        XCTAssertEqual(app.module, "My_App")
        XCTAssertEqual(app.platforms, [.ios, .catalyst])
        XCTAssertEqual(app.swiftVersion, SwiftLanguageVersion(major: 5, minor: 0), "the default configuration's")
        XCTAssertEqual(app.sources, ["App/Shared/Util.m", "App/Src/View.swift", "App/Sync/New.swift"])
        XCTAssertEqual(app.resources, ["App/Base.lproj/Main.storyboard", "App/Sync/Card.xib", "App/fr.lproj/Main.strings"])
        XCTAssertEqual(app.dependencies, ["Kit"])
        XCTAssertEqual(build.targets[1].platforms, [.macos], "the target's SDKROOT over the project's")
        XCTAssertEqual(build.targets[1].kind, .framework)
        XCTAssertEqual(build.targets(of: "App/Src/View.swift"), [0])
        XCTAssertEqual(build.targets(of: "App/Dead.swift"), [])
        XCTAssertEqual(build.targets(of: "App/Sync/Skip.swift"), [], "a membership exception")
        XCTAssertTrue(build.isNotBuilt("App/Dead.swift"))
        XCTAssertEqual(build.visible(from: [0]), [0, 1])
        XCTAssertEqual(build.visible(from: [1]), [1])
    }

    func testHeadersFollowTheirImplementationAndPathsTakeTheUploadsCase() {
        let build = model([
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/src/view.swift": "",  // the project says App/Src/View.swift; macOS ignores case
            "App/Shared/Util.m": "", "App/Shared/Util.h": "", "App/Shared/Lone.h": "",
        ])
        XCTAssertEqual(build.targets[0].sources, ["App/Shared/Util.m", "App/src/view.swift"])
        XCTAssertEqual(build.targets(of: "App/src/view.swift"), [0])
        XCTAssertEqual(build.targets(of: "App/Shared/Util.h"), [0], "a header takes the targets of the implementation beside it")
        XCTAssertNil(build.targets(of: "App/Shared/Lone.h"), "a header without an implementation is included by path: unknown")

        let ambiguous = model([
            "App/App.xcodeproj/project.pbxproj": pbxproj, "App/src/view.swift": "", "App/SRC/VIEW.swift": "",
        ])
        XCTAssertEqual(ambiguous.targets[0].sources, ["App/Shared/Util.m", "App/Src/View.swift"],
                       "two upload paths match without case: the project's spelling stays")
    }

    func testManifestLinesSplitWhereCharactersAreNewlines() {
        let samples = ["", "\n\n", "pod 'A'", "a\r\nb\rc\nd", "a\u{0B}b\u{0C}c", "a\u{85}b\u{2028}c\u{2029}d",
                       "é\n\n  - Ä (1.0)\n", "\u{2027}\u{00C2}x", "trailing\r"]
        for text in samples {
            XCTAssertEqual(DependencyManifests.lines(of: text), text.split(whereSeparator: \.isNewline), text.debugDescription)
        }
    }

    func testNoProjectMeansUnknownMembership() {
        let build = model(["App/View.swift": "", "App/Card.xib": ""])
        XCTAssertFalse(build.knowsTargets)
        XCTAssertNil(build.targets(of: "App/View.swift"))
        XCTAssertFalse(build.isNotBuilt("App/View.swift"))
    }

    func testMalformedProjectFilesAreProblemsAndTheRestStillReads() {
        let build = model([
            "A.xcodeproj/project.pbxproj": "{ objects = { X = {isa = PBXProject;",
            "B.xcodeproj/project.pbxproj": "{ objects = {}; }",
            "C.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("C", sources: ["C/A.swift"])]),
            "Package.resolved": "not json",
            "W.xcworkspace/contents.xcworkspacedata": "<nothing/>",
        ])
        XCTAssertEqual(build.problems["A.xcodeproj/project.pbxproj"], "not a readable project file: the dictionary opened on line 1 is never closed (line 1)")
        XCTAssertEqual(build.problems["B.xcodeproj/project.pbxproj"], "there is no \"rootObject\"")
        XCTAssertEqual(build.problems["Package.resolved"], "Package.resolved is not a JSON object")
        XCTAssertEqual(build.problems["W.xcworkspace/contents.xcworkspacedata"], "there is no <Workspace> element")
        XCTAssertEqual(build.targets.map(\.name), ["C"])
    }

    func testSwiftVersionIsImpliedByTheXcodeThatLastUpgradedTheProject() {
        let swift2 = model(["A.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("A", swiftVersion: nil, sources: ["A/V.swift"])], lastUpgradeCheck: "0730")])
        XCTAssertEqual(swift2.targets.first?.swiftVersion, SwiftLanguageVersion(major: 2, minor: 2, isExplicit: false))
        let objc = model(["A.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("A", swiftVersion: nil, sources: ["A/V.m"])], lastUpgradeCheck: "0730")])
        XCTAssertNil(objc.targets.first?.swiftVersion, "a target without Swift has no Swift version")
        XCTAssertEqual(SwiftLanguageVersion.implied(byXcode: "0640"), SwiftLanguageVersion(major: 1, minor: 2, isExplicit: false))
        XCTAssertEqual(SwiftLanguageVersion.implied(byXcode: "0800"), SwiftLanguageVersion(major: 3, minor: 0, isExplicit: false))
        XCTAssertEqual(SwiftLanguageVersion.implied(byXcode: "1020"), SwiftLanguageVersion(major: 5, minor: 0, isExplicit: false))
        XCTAssertEqual(SwiftLanguageVersion.implied(byObjectVersion: 46), nil)
        XCTAssertEqual(SwiftLanguageVersion.implied(byObjectVersion: 50), SwiftLanguageVersion(major: 4, minor: 1, isExplicit: false))
    }

    func testSwiftTwoSelectorsAndImplicitObjCFollowTheTargetsVersion() {
        let source = "import UIKit\n\nclass CardView: UIView {\n    @IBAction func tap(sender: AnyObject) {}\n    func tap(sender sender: AnyObject, event: AnyObject) {}\n    var cornerRadius: CGFloat = 0\n}\n"
        let files = { (version: String?) in
            [ProjectFile(path: "A.xcodeproj/project.pbxproj", kind: .project,
                         contents: Data(ExampleProject.pbxproj([.init("A", swiftVersion: version, sources: ["A/CardView.swift"])], lastUpgradeCheck: "0720").utf8)),
             ProjectFile(path: "A/CardView.swift", kind: .swift, contents: Data(source.utf8))]
        }
        let old = ProjectModel.build(files: files(nil)).sources.types["CardView"]
        XCTAssertEqual(old?.methods.map(\.selector), ["tap:", "tapWithSender:event:"])
        XCTAssertEqual(old?.properties.first?.isObjCVisible, true, "Swift 2: NSObject subclass members are @objc")
        let modern = ProjectModel.build(files: files("5.0")).sources.types["CardView"]
        XCTAssertEqual(modern?.methods.map(\.selector), ["tapWithSender:", "tapWithSender:event:"])
        XCTAssertEqual(modern?.properties.first?.isObjCVisible, false)
    }

    func testSwiftPackageTargetsFromTheManifest() {
        let manifest = """
        // swift-tools-version:5.3
        import PackageDescription
        let package = Package(
            name: "Kit",
            platforms: [.iOS(.v12), .macOS(.v10_14)],
            products: [.library(name: "Kit", targets: ["Kit"])],
            dependencies: [.package(url: "https://github.com/SnapKit/SnapKit.git", from: "5.0.0")],
            targets: [
                .target(name: "Kit", dependencies: [.product(name: "SnapKit", package: "SnapKit")], resources: [.process("Media")]),
                .target(name: "Extras", dependencies: ["Kit"], path: "Custom/Extras", exclude: ["Old"]),
                .testTarget(name: "KitTests", dependencies: ["Kit"]),
            ]
        )
        """
        let build = model([
            "Pkg/Package.swift": manifest, "Pkg/Sources/Kit/Card.swift": "", "Pkg/Sources/Kit/Card.xib": "",
            "Pkg/Sources/Kit/Media/a.json": "", "Pkg/Custom/Extras/E.swift": "", "Pkg/Custom/Extras/Old/O.swift": "",
            "Pkg/Tests/KitTests/T.swift": "",
        ])
        XCTAssertEqual(build.targets.map(\.name), ["Kit", "Extras", "KitTests"])
        XCTAssertEqual(build.targets[0].sources, ["Pkg/Sources/Kit/Card.swift"])
        XCTAssertEqual(build.targets[0].resources, ["Pkg/Sources/Kit/Card.xib", "Pkg/Sources/Kit/Media/a.json"])
        XCTAssertEqual(build.targets[0].platforms, [.ios, .macos])
        XCTAssertEqual(build.targets[0].swiftVersion, SwiftLanguageVersion(major: 5))
        XCTAssertEqual(build.targets[1].sources, ["Pkg/Custom/Extras/E.swift"], "path: and exclude:")
        XCTAssertEqual(build.targets[1].dependencies, ["Kit"])
        XCTAssertEqual(build.targets[2].kind, .test)
        XCTAssertEqual(build.targets[2].sources, ["Pkg/Tests/KitTests/T.swift"])
        XCTAssertTrue(build.isDependencyModule("SnapKit"))
        XCTAssertFalse(build.isDependencyModule("Kit"))
    }

    func testWorkspacesAndDependencyManifests() throws {
        let workspace = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "group:App/App.xcodeproj"></FileRef>
           <Group location = "container:Libs" name = "Libs">
              <FileRef location = "group:Kit/Kit.xcodeproj"></FileRef>
           </Group>
           <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
        </Workspace>
        """
        let build = model([
            "App.xcworkspace/contents.xcworkspacedata": workspace,
            "Podfile.lock": "PODS:\n  - Alamofire (5.0.0)\n  - Firebase/Core (8.0):\n    - FirebaseCore\n\nDEPENDENCIES:\n  - Alamofire\n",
            "Cartfile.resolved": "github \"ReactiveX/RxSwift\" \"6.0.0\"\nbinary \"https://host/Lottie.json\" \"3.0\"\n",
            "Package.resolved": #"{"pins": [{"identity": "swift-collections", "location": "https://github.com/apple/swift-collections.git"}], "version": 2}"#,
        ])
        XCTAssertEqual(build.workspaces, [BuildWorkspace(path: "App.xcworkspace", projects: ["App/App.xcodeproj", "Libs/Kit/Kit.xcodeproj", "Pods/Pods.xcodeproj"])])
        XCTAssertEqual(build.dependencyModules, ["Alamofire", "Firebase", "RxSwift", "Lottie", "swift_collections"])
    }
}

/// Pods the repository publishes itself: a `.podspec` names a module of the project's own,
/// and a Podfile's `:path` pod builds the files under its folder, outside the consuming
/// project's tree.
final class LocalPodTests: XCTestCase {
    private func model(_ files: [String: String]) -> BuildModel {
        BuildModel(files: files.map { ProjectFile(path: $0.key, kind: ProjectFile.kind(ofPath: $0.key), contents: Data($0.value.utf8)) })
    }

    private let examplePBX = ExampleProject.pbxproj([.init("Example", sources: ["Example/App/AppDelegate.swift"])])

    func testAPodspecNamesAModuleOfTheProject() {
        let build = model(["Kit.podspec": "Pod::Spec.new do |s| end", "Example/App.xcodeproj/project.pbxproj": examplePBX, "Example/Podfile": "pod 'Kit'\npod 'Alamofire'\n"])
        XCTAssertTrue(build.isProjectModule("Kit"))
        XCTAssertFalse(build.isDependencyModule("Kit"))
        XCTAssertTrue(build.isDependencyModule("Alamofire"))
    }

    func testAPathPodBuildsTheFilesUnderItsFolderButNotTheConsumersOwn() {
        let build = model([
            "Example/App.xcodeproj/project.pbxproj": examplePBX,
            "Example/Podfile": "target 'Example' do\n  pod 'Kit', :path => '../'\n  pod 'Remote', '~> 1.0'\nend\n",
            "Example/App/AppDelegate.swift": "",
            "Example/App/Stale.swift": "",
            "Kit/Classes/CardView.swift": "",
            "Kit/Classes/CardView.xib": "",
        ])
        XCTAssertFalse(build.isNotBuilt("Kit/Classes/CardView.swift"), "the pod builds it")
        XCTAssertFalse(build.isNotBuilt("Kit/Classes/CardView.xib"), "the pod bundles it")
        XCTAssertEqual(build.names(of: build.targets(of: "Kit/Classes/CardView.swift") ?? []), ["Kit"])
        XCTAssertTrue(build.isNotBuilt("Example/App/Stale.swift"), "the consumer's own files are its targets' alone")
        XCTAssertTrue(build.isProjectModule("Kit"))
        XCTAssertFalse(build.isDependencyModule("Kit"))
        XCTAssertTrue(build.isDependencyModule("Remote"))
    }

    func testAPathOutsideTheUploadOrWithoutFilesMakesNoTarget() {
        let build = model([
            "App.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("App", sources: ["App/AppDelegate.swift"])]),
            "Podfile": "pod 'Far', :path => '../../elsewhere'\npod 'Empty', :path => 'Empty'\n",
            "App/AppDelegate.swift": "",
        ])
        XCTAssertEqual(build.targets.map(\.name), ["App"])
    }
}

/// A WatchKit app bundles the storyboard and its WatchKit extension holds the code, whichever
/// way the project lists the dependency between them.
final class WatchKitTargetTests: XCTestCase {
    private func visibleNames(from path: String, _ targets: [ExampleProject.Target]) -> [String] {
        let build = BuildModel(files: [ProjectFile(path: "Watch.xcodeproj/project.pbxproj", kind: .project, contents: Data(ExampleProject.pbxproj(targets).utf8))])
        return build.names(of: Array(build.visible(from: build.targets(of: path) ?? [])))
    }

    func testTheWatchAppSeesItsExtensionWhenTheExtensionEmbedsTheApp() {
        let names = visibleNames(from: "WatchApp/Interface.storyboard", [
            .init("WatchApp", sdk: "watchos", resources: ["WatchApp/Interface.storyboard"], productType: "com.apple.product-type.application.watchapp"),
            .init("WatchExtension", sdk: "watchos", sources: ["WatchExtension/InterfaceController.swift"], dependencies: ["WatchApp"],
                  productType: "com.apple.product-type.watchkit-extension"),
            .init("Other", sources: ["Other/Unrelated.swift"]),
        ])
        XCTAssertEqual(names, ["WatchApp", "WatchExtension"])
    }

    func testAnAppThatIsNoWatchAppDoesNotSeeAnExtensionItDoesNotDependOn() {
        let names = visibleNames(from: "App/Main.storyboard", [
            .init("App", resources: ["App/Main.storyboard"]),
            .init("WatchExtension", sdk: "watchos", sources: ["WatchExtension/InterfaceController.swift"], productType: "com.apple.product-type.watchkit2-extension"),
        ])
        XCTAssertEqual(names, ["App"])
    }
}
