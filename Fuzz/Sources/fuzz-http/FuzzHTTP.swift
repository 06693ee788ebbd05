import Foundation
import FuzzSupport
import Server

/// The HTTP/1.1 request parser on arbitrary bytes, fed whole and then (the first 4 KiB) a
/// byte at a time.
@_cdecl("fuzz_http_main")
public func fuzzHTTP(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var whole = HTTPRequestParser()
        whole.append(bytes)
        FuzzDriver.drain { try whole.nextEvent() != nil }
        var dripped = HTTPRequestParser()
        for byte in bytes.prefix(4_096) {
            dripped.append(CollectionOfOne(byte))
            guard FuzzDriver.drain({ try dripped.nextEvent() != nil }) else { break }
        }
    }
}
