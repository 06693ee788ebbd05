import Analysis
import Foundation
import FuzzSupport

/// The zip reader on arbitrary bytes: each input is written to one scratch file (the reader
/// takes a path, as uploads are files) and read with the default limits.
@_cdecl("fuzz_zip_main")
public func fuzzZip(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nibscan-fuzz-zip-\(getpid()).zip").path
    return FuzzDriver.run(argc, argv) { bytes in
        guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return }
        _ = try? ProjectInput.read(path: scratch, limits: ArchiveLimits())
    }
}
