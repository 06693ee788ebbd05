/// The entry point every fuzz target shares. SwiftPM links an executable's entry point as
/// `<module>_main`, so each target exports that name and calls ``run(_:_:_:)`` with its
/// test, which libFuzzer's driver then calls with one input at a time.
public enum FuzzDriver {
    /// The target's test; set once, before the driver starts (one thread calls it).
    nonisolated(unsafe) private static var test: (UnsafeRawBufferPointer) -> Void = { _ in }

    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                           _ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Int32 {
        test = body
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { start, size in
            FuzzDriver.test(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : size))
            return 0
        }
    }

    /// Takes a parser's events until none is ready (`next` returns false), at most 10,000
    /// (a body may be announced and never end); false after a parse error.
    @discardableResult
    public static func drain(_ next: () throws -> Bool) -> Bool {
        for _ in 0..<10_000 {
            do {
                guard try next() else { return true }
            } catch {
                return false
            }
        }
        return true
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                             _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
