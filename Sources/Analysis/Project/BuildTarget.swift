/// One thing the project builds: an Xcode target or a Swift package target, with the module
/// it becomes, the platforms and Swift version it is built for, and the files it compiles and
/// bundles. What the rules ask when a class in an IB file must be found in the code that
/// actually ships with that IB file.
public struct BuildTarget: Sendable, Equatable {
    /// What the target produces, from its `productType` (or the package target's kind).
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case app, framework, library, appExtension = "app-extension", test = "test-bundle", bundle, tool, other
    }

    public var name: String
    /// The `.xcodeproj` folder or the `Package.swift` that declares the target.
    public var container: String
    public var kind: Kind
    /// The product type as written (`com.apple.product-type.application`), when there is one.
    public var productType: String?
    /// The Swift module name (`PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` made an identifier).
    public var module: String
    /// Platforms it is built for, sorted; empty when the project does not say.
    public var platforms: [TargetPlatform]
    /// The Swift language version of its default configuration, set or implied.
    public var swiftVersion: SwiftLanguageVersion?
    /// Compiled files (Sources phase), upload-relative, sorted.
    public var sources: [String]
    /// Bundled files (Resources phase, localised copies included), upload-relative, sorted.
    public var resources: [String]
    /// Headers listed in a Headers phase, upload-relative, sorted.
    public var headers: [String]
    /// Names of targets (of the same container) it depends on.
    public var dependencies: [String]
    /// Modules it links or imports as products: frameworks, package products, pods.
    public var linkedModules: [String]

    /// A WatchKit app (`…application.watchapp`, `watchapp2`): it bundles the storyboard but
    /// holds no code.
    public var isWatchKitApp: Bool { productType?.hasPrefix("com.apple.product-type.application.watchapp") == true }

    /// A WatchKit extension (`…watchkit-extension`, `watchkit2-extension`): the code a
    /// WatchKit app's storyboard runs with.
    public var isWatchKitExtension: Bool { productType?.contains("watchkit") == true && productType?.hasSuffix("extension") == true }

    public init(name: String, container: String, kind: Kind, productType: String? = nil, module: String,
                platforms: [TargetPlatform] = [], swiftVersion: SwiftLanguageVersion? = nil,
                sources: [String] = [], resources: [String] = [], headers: [String] = [],
                dependencies: [String] = [], linkedModules: [String] = []) {
        self.name = name
        self.container = container
        self.kind = kind
        self.productType = productType
        self.module = module
        self.platforms = platforms
        self.swiftVersion = swiftVersion
        self.sources = sources
        self.resources = resources
        self.headers = headers
        self.dependencies = dependencies
        self.linkedModules = linkedModules
    }

    /// The kind an Xcode `productType` names.
    static func kind(ofProductType productType: String?) -> Kind {
        guard let productType else { return .other }
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.watchapp",
             "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container",
             "com.apple.product-type.application.messages", "com.apple.product-type.application.on-demand-install-capable":
            return .app
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static": return .framework
        case "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic": return .library
        case "com.apple.product-type.tool": return .tool
        case "com.apple.product-type.bundle", "com.apple.product-type.kernel-extension", "com.apple.product-type.xpc-service",
             "com.apple.product-type.system-extension", "com.apple.product-type.instruments-package":
            return .bundle
        default:
            if productType.hasPrefix("com.apple.product-type.bundle.") && ASCIIText.contains(productType, "test") { return .test }
            if ASCIIText.contains(productType, "extension") { return .appExtension }
            if productType.hasPrefix("com.apple.product-type.bundle") { return .bundle }
            return .other
        }
    }
}

/// A platform a target is built for; decides whether a nib is decoded by UIKit or AppKit.
public enum TargetPlatform: String, Sendable, Equatable, Comparable, CaseIterable {
    case ios, macos, tvos, watchos, visionos, catalyst = "mac-catalyst"

    /// From an `SDKROOT` or a `SUPPORTED_PLATFORMS` entry (simulators count as the device;
    /// a versioned SDK such as `macosx10.6` counts as its platform).
    init?(sdk: String) {
        // `iphoneos17.2` → `iphoneos`: trailing version digits and dots dropped.
        var name = Substring(sdk.lowercased())
        while let last = name.last, last.isNumber || last == "." { name.removeLast() }
        switch name {
        case "iphoneos", "iphonesimulator": self = .ios
        case "macosx", "macos": self = .macos
        case "appletvos", "appletvsimulator": self = .tvos
        case "watchos", "watchsimulator": self = .watchos
        case "xros", "xrsimulator": self = .visionos
        default: return nil
        }
    }

    /// Whether its nibs are decoded by AppKit (otherwise UIKit or WatchKit).
    public var usesAppKit: Bool { self == .macos }

    public static func < (lhs: TargetPlatform, rhs: TargetPlatform) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A Swift language version (`SWIFT_VERSION`, or what the Xcode that last upgraded the
/// project implies when the setting is absent): selector spelling and implicit `@objc`
/// depend on it.
public struct SwiftLanguageVersion: Sendable, Equatable, Comparable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    /// Whether it was read from `SWIFT_VERSION` / `swift-tools-version` (else implied).
    public var isExplicit: Bool

    public init(major: Int, minor: Int = 0, isExplicit: Bool = true) {
        self.major = major
        self.minor = minor
        self.isExplicit = isExplicit
    }

    /// `"4.2"`, `"5"`, `"3.0"`; `nil` for anything else.
    init?(setting: String, isExplicit: Bool = true) {
        let parts = setting.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let major = Int(parts[0]), (1...99).contains(major) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor else { return nil }
        self.init(major: major, minor: minor, isExplicit: isExplicit)
    }

    /// The Swift that an Xcode version (`LastUpgradeCheck`-style `"0730"`) built by default.
    static func implied(byXcode digits: String) -> SwiftLanguageVersion? {
        guard digits.count == 4, let number = Int(digits) else { return nil }
        let xcode = (major: number / 100, minor: (number / 10) % 10)
        let table: [(xcode: (Int, Int), swift: (Int, Int))] = [
            ((6, 0), (1, 0)), ((6, 1), (1, 1)), ((6, 3), (1, 2)), ((7, 0), (2, 0)), ((7, 3), (2, 2)), ((8, 0), (3, 0)),
            ((9, 0), (4, 0)), ((9, 3), (4, 1)), ((10, 0), (4, 2)), ((10, 2), (5, 0)),
        ]
        guard xcode >= (6, 0) else { return SwiftLanguageVersion(major: 1, minor: 0, isExplicit: false) }
        let swift = table.last { $0.xcode <= xcode }?.swift ?? (1, 0)
        return SwiftLanguageVersion(major: swift.0, minor: swift.1, isExplicit: false)
    }

    /// The oldest Swift an Xcode project file format (`objectVersion`) can come from.
    static func implied(byObjectVersion objectVersion: Int) -> SwiftLanguageVersion? {
        let table: [(objectVersion: Int, xcode: String)] = [(47, "0630"), (48, "0800"), (50, "0930"), (51, "1000"), (52, "1140")]
        return table.last { $0.objectVersion <= objectVersion }.flatMap { implied(byXcode: $0.xcode) }
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: SwiftLanguageVersion, rhs: SwiftLanguageVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Before Swift 3 the first parameter label is not part of the selector.
    public var omitsFirstSelectorLabel: Bool { major < 3 }
    /// Before Swift 4 every member of an `NSObject` subclass is `@objc`.
    public var infersObjCForNSObjectMembers: Bool { major < 4 }
}

extension BuildTarget {
    /// The module name Swift derives from a product or target name: every character that
    /// cannot appear in an identifier becomes `_`, and a leading digit is prefixed with `_`
    /// (`Rocket.Chat` → `Rocket_Chat`, `2048 Game` → `_2048_Game`).
    public static func moduleName(_ productName: String) -> String {
        var contiguous = productName
        let isIdentifierAlready = contiguous.withUTF8 { $0.allSatisfy(\.isASCIIWordByte) }
        // The common case, asked by rules for every module name they compare: nothing to replace.
        if isIdentifierAlready, let first = productName.utf8.first, !(0x30...0x39).contains(first) { return productName }
        var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }
}
