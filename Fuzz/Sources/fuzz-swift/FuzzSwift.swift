import Analysis
import Foundation
import FuzzSupport

/// The Swift source indexer on arbitrary bytes.
@_cdecl("fuzz_swift_main")
public func fuzzSwift(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        _ = SourceIndexer(concurrency: 1).indexFile(ProjectFile(path: "Fuzz.swift", kind: .swift, contents: Data(bytes)))
    }
}
