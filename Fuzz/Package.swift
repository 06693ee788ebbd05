// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for nibscan's parsers of untrusted bytes. A separate package, so the
/// normal build and tests never compile it; build and run one with `scripts/fuzz TARGET
/// SECONDS` (it adds `-sanitize=fuzzer,address`).
let package = Package(
    name: "nibscan-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "nibscan", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
        .executableTarget(name: "fuzz-zip", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-zip"),
        .executableTarget(name: "fuzz-ib", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-ib"),
        .executableTarget(name: "fuzz-swift", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-swift"),
        .executableTarget(name: "fuzz-objc", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-objc"),
        .executableTarget(name: "fuzz-project", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-project"),
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport", .product(name: "Analysis", package: "nibscan")], path: "Sources/fuzz-config"),
        .executableTarget(name: "fuzz-http", dependencies: ["FuzzSupport", .product(name: "Server", package: "nibscan")], path: "Sources/fuzz-http"),
        .executableTarget(name: "fuzz-multipart", dependencies: ["FuzzSupport", .product(name: "Server", package: "nibscan")], path: "Sources/fuzz-multipart"),
    ],
    swiftLanguageModes: [.v6]
)
