import Analysis
import Foundation
import FuzzSupport

/// The Interface Builder parser (xib, storyboard, legacy archive, sniffing) on arbitrary bytes.
@_cdecl("fuzz_ib_main")
public func fuzzIB(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in _ = InterfaceBuilderParser().parse(data: Data(bytes), path: "Fuzz.xib") }
}
