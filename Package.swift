// swift-tools-version:6.0
import PackageDescription

/// Release executables on Linux link with lld and packed relative relocations (DT_RELR,
/// glibc 2.36 and later: Debian 12, the Docker images): the Swift runtime and Foundation,
/// linked in statically, bring about 78,000 relocations, which the dynamic loader then reads
/// from a 15 KB bitmap instead of a 1.8 MB table, about 1 ms off every process start
/// (each `nibscan analyze` in a CI job, each run of a benchmark).
let fastStartLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                 .when(platforms: [.linux], configuration: .release)),
]

/// Release builds of the project's own modules reach generic metadata through direct
/// accessor calls instead of the runtime demangling a type name: a mangled name with a
/// `Hashable` or `Equatable` requirement makes the runtime search every protocol
/// conformance of the binary (about 6,000) for the witness, tens of times per process,
/// while the accessor is handed the witness table (6M instructions, 8% of a small
/// project's analysis).
let fastStartSwift: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

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
        // glibc's <malloc.h> (`mallopt`): part of libc, nothing to link or install.
        .systemLibrary(name: "CGlibcExtras"),

        .target(name: "Analysis", dependencies: ["CZlib", "CLibXML2", "CYAML", "CGlibcExtras"], swiftSettings: fastStartSwift),
        .target(name: "Server", dependencies: ["Analysis", "CSQLite", "CCurl", "CCrypto", "CPostgres"]),
        // The service's client (`nibscan submit`): streamed zip upload, CI metadata, retries.
        .target(name: "Client", dependencies: ["Analysis", "CCurl", "CZlib"]),
        .executableTarget(name: "nibscan", dependencies: ["Analysis", "Server", "Client"], linkerSettings: fastStartLinking),

        // Benchmarks: run with scripts/bench (release mode); never part of the tests.
        .executableTarget(name: "bench-archive", dependencies: ["Analysis"], path: "Benchmarks/bench-archive", linkerSettings: fastStartLinking),
        .executableTarget(name: "bench-ib", dependencies: ["Analysis"], path: "Benchmarks/bench-ib", linkerSettings: fastStartLinking),
        .executableTarget(name: "bench-source", dependencies: ["Analysis"], path: "Benchmarks/bench-source", linkerSettings: fastStartLinking),
        .executableTarget(name: "bench-analysis", dependencies: ["Analysis"], path: "Benchmarks/bench-analysis", linkerSettings: fastStartLinking),
        .executableTarget(name: "bench-claims", dependencies: ["Server"], path: "Benchmarks/bench-claims", linkerSettings: fastStartLinking),

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
