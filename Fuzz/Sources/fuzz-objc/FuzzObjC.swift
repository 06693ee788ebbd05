import Analysis
import Foundation
import FuzzSupport

/// The Objective-C source indexer on arbitrary bytes (as a `.m` file).
@_cdecl("fuzz_objc_main")
public func fuzzObjC(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in _ = SourceIndexer(concurrency: 1).indexFile(ProjectFile(path: "Fuzz.m", kind: .objc, contents: Data(bytes))) }
}
