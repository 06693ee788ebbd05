// swift-tools-version:6.0
import PackageDescription

/// nibscan: reads a zipped iOS/macOS project and reports how each custom view is loaded
/// from Interface Builder and where that will crash or silently break.
///
/// Data flows one way: `Archive → InterfaceBuilder + Source → Model → Rules → Report`
/// inside the `Analysis` library; `Server` (HTTP, jobs, storage, webhooks) depends on it;
/// the `nibscan` executable only parses arguments and calls the two libraries.
let package = Package(
    name: "nibscan",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "nibscan", targets: ["nibscan"]),
        .library(name: "Analysis", targets: ["Analysis"]),
        .library(name: "Server", targets: ["Server"]),
    ],
    targets: [
        // C libraries from Debian, each behind a small shim header.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        .target(name: "Analysis", dependencies: ["CZlib", "CLibXML2", "CYAML"]),
        .target(name: "Server", dependencies: ["Analysis", "CSQLite", "CCurl", "CCrypto", "CPostgres"]),
        // The service's client (`nibscan submit`): streamed zip upload, CI metadata, retries.
        .target(name: "Client", dependencies: ["Analysis", "CCurl", "CZlib"]),
        .executableTarget(name: "nibscan", dependencies: ["Analysis", "Server", "Client"]),

        // Benchmarks: run with scripts/bench (release mode); never part of the tests.
        .executableTarget(name: "bench-archive", dependencies: ["Analysis"], path: "Benchmarks/bench-archive"),
        .executableTarget(name: "bench-ib", dependencies: ["Analysis"], path: "Benchmarks/bench-ib"),
        .executableTarget(name: "bench-source", dependencies: ["Analysis"], path: "Benchmarks/bench-source"),
        .executableTarget(name: "bench-analysis", dependencies: ["Analysis"], path: "Benchmarks/bench-analysis"),
        .executableTarget(name: "bench-claims", dependencies: ["Server"], path: "Benchmarks/bench-claims"),

        // Helpers shared by the test targets: building zip archives in code, fixture paths.
        .target(name: "TestSupport", dependencies: ["Analysis", "CZlib", "CPostgres"], path: "Tests/TestSupport"),

        .testTarget(name: "ArchiveTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["Analysis", "TestSupport"], exclude: ["Resources"]),
        .testTarget(name: "SourceIndexTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "RuleTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "ProjectModelTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Analysis", "TestSupport"]),
        .testTarget(name: "ClientTests", dependencies: ["Client", "Analysis", "TestSupport"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Analysis", "Client", "TestSupport"]),
        .testTarget(name: "WebhookTests", dependencies: ["Server", "Analysis", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
