import Foundation
import FuzzSupport
@testable import Server

/// The multipart/form-data parser on arbitrary bytes with the boundary `nibscanfuzz`, fed
/// whole and in 7-byte pieces.
@_cdecl("fuzz_multipart_main")
public func fuzzMultipart(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var whole = MultipartParser(boundary: "nibscanfuzz")
        whole.append(bytes)
        FuzzDriver.drain { try whole.nextEvent() != nil }
        var pieces = MultipartParser(boundary: "nibscanfuzz")
        var offset = 0
        while offset < bytes.count {
            pieces.append(bytes[offset..<min(offset + 7, bytes.count)])
            guard FuzzDriver.drain({ try pieces.nextEvent() != nil }) else { break }
            offset += 7
        }
    }
}
