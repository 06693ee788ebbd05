import Analysis
import Foundation
import XCTest

/// Builds indexes from source text for the tests.
enum SourceFixture {
    static func file(_ path: String, _ text: String) -> ProjectFile {
        ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: Data(text.utf8))
    }

    /// Indexes the given files (path, text) as a project, on one thread.
    static func index(_ files: [(String, String)]) -> SourceIndex {
        SourceIndexer(concurrency: 1).index(files: files.map { file($0.0, $0.1) })
    }

    static func index(swift text: String) -> SourceIndex { index([("View.swift", text)]) }
    static func index(objc text: String) -> SourceIndex { index([("View.m", text)]) }
}

extension SourceIndex {
    /// The loads made in `method` of `type`.
    func loads(in type: String, method: String? = nil) -> [NibLoadSite] {
        nibLoads.filter { $0.context.typeName == type && (method == nil || $0.context.methodName == method) }
    }

    func method(_ name: String, of type: String) -> SourceMethod? {
        types[type]?.methods.first { $0.name == name || $0.selector == name }
    }

    func awakeAfter(of type: String) -> AwakeAfterSummary? {
        types[type]?.methods.first { $0.lifecycle == .awakeAfter }?.awakeAfter
    }
}
