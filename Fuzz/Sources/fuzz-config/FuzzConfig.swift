import Analysis
import Foundation
import FuzzSupport

/// The configuration parser (`.nibscan.yml`: libyaml, then the settings reader) on arbitrary
/// bytes; the globs a configuration accepts are then matched against a few upload paths.
@_cdecl("fuzz_config_main")
public func fuzzConfig(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let paths = ["App/ViewController.swift", "Pods/Kingfisher/Sources/Image.swift", "App/Base.lproj/Main.storyboard",
                 "App/" + String(repeating: "a", count: 120) + ".generated.swift"]
    return FuzzDriver.run(argc, argv) { bytes in
        guard let configuration = try? ProjectConfiguration.parse(Data(bytes)) else { return }
        let globs = configuration.exclude + configuration.include + configuration.ignore.map(\.path)
        for glob in globs { for path in paths { _ = glob.matches(path) } }
    }
}
