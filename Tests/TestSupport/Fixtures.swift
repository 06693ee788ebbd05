import Foundation

/// Where the shared inputs live: the package checkout sits beside `../shared`.
public enum Fixtures {
    /// The package root (the folder holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `../shared`, or `NIBSCAN_SHARED_DIR` when set.
    public static let sharedDirectory: URL = {
        if let custom = ProcessInfo.processInfo.environment["NIBSCAN_SHARED_DIR"] {
            return URL(fileURLWithPath: custom)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// The `nibscan` built beside the tests (`swift build --build-tests`): servers started
    /// inside a test process run their analysis children with it, not with the test runner.
    public static let nibscanExecutable: String = packageRoot.appendingPathComponent(".build/debug/nibscan").path

    /// The Interface Builder corpus from 30 open-source projects.
    public static var corpusDirectory: URL { sharedDirectory.appendingPathComponent("corpus/ib") }

    /// The 25 real projects with their sources (`MANIFEST.tsv` lists them).
    public static var realworldDirectory: URL { sharedDirectory.appendingPathComponent("realworld") }

    /// The five seed articles.
    public static var seedsDirectory: URL { sharedDirectory.appendingPathComponent("seeds") }

    /// The bundled example project (`Examples/`).
    public static var examplesDirectory: URL { packageRoot.appendingPathComponent("Examples") }

    /// A fresh temporary folder, removed by the caller when done.
    public static func makeTemporaryDirectory(prefix: String = "nibscan-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every regular file below `directory`, as paths relative to it, sorted.
    public static func relativeFiles(under directory: URL) -> [String] {
        let base = directory.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var paths: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return paths.sorted()
    }
}
