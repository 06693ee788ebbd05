import Analysis
import Foundation
import FuzzSupport

/// The project-file readers on arbitrary bytes: the first byte picks the file the rest is
/// (project.pbxproj through the OpenStep property-list parser, a workspace's contents,
/// Package.swift, Podfile, Podfile.lock, Cartfile, Package.resolved), read into a
/// ``BuildModel`` beside a few sources and IB files whose membership it then answers.
@_cdecl("fuzz_project_main")
public func fuzzProject(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let manifests = ["App.xcodeproj/project.pbxproj", "App.xcworkspace/contents.xcworkspacedata", "Package.swift",
                     "Podfile", "Podfile.lock", "Cartfile", "Package.resolved"]
    let others = ["App/AppDelegate.swift", "App/ViewController.swift", "App/View.m", "App/View.h",
                  "App/Base.lproj/Main.storyboard", "App/Cell.xib", "Sources/App/App.swift", "Sources/Core/Core.swift"]
    let sources = others.map { ProjectFile(path: $0, kind: ProjectFile.kind(ofPath: $0), contents: nil) }
    return FuzzDriver.run(argc, argv) { bytes in
        guard let selector = bytes.first else { return }
        let path = manifests[Int(selector) % manifests.count]
        let manifest = ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: Data(bytes.dropFirst()))
        var model = BuildModel(files: [manifest] + sources)
        model.addImports(["App/ViewController.swift": ["UIKit", "Core"], "Sources/App/App.swift": ["Core", "Kingfisher"]])
        _ = model.swiftVersions
        for file in sources { _ = model.targets(of: file.path).map(model.visible(from:)) }
    }
}
