/// A `project.pbxproj` for rule examples that depend on targets: each example names its
/// targets and their files, and this writes the file Xcode would (groups, file references,
/// build files, Sources and Resources phases, configurations), so an example stays short.
public enum ExampleProject {
    /// One target of an example project.
    public struct Target: Sendable {
        public var name: String
        /// `iphoneos` or `macosx`.
        public var sdk: String
        /// `SWIFT_VERSION`; `nil` leaves it out (with `lastUpgradeCheck` implying one).
        public var swiftVersion: String?
        /// Files of its Sources phase, relative to the project's folder.
        public var sources: [String]
        /// Files of its Resources phase.
        public var resources: [String]
        /// Names of targets it depends on.
        public var dependencies: [String]
        /// More build settings (`PRODUCT_MODULE_NAME`), written as they are.
        public var settings: [String: String]
        /// Xcode's product type: an app unless said (`com.apple.product-type.bundle.unit-test`).
        public var productType: String

        public init(_ name: String, sdk: String = "iphoneos", swiftVersion: String? = "5.0", sources: [String] = [],
                    resources: [String] = [], dependencies: [String] = [], settings: [String: String] = [:],
                    productType: String = "com.apple.product-type.application") {
            self.settings = settings
            self.productType = productType
            self.name = name
            self.sdk = sdk
            self.swiftVersion = swiftVersion
            self.sources = sources
            self.resources = resources
            self.dependencies = dependencies
        }
    }

    /// The file's text; `lastUpgradeCheck` is the Xcode version that last upgraded it (`"0730"`).
    public static func pbxproj(_ targets: [Target], lastUpgradeCheck: String = "1500") -> String {
        var next = 0
        func id() -> String {
            next += 1
            let digits = String(next, radix: 16, uppercase: true)
            return String(repeating: "0", count: 24 - digits.count) + digits
        }
        /// `a, b, ` as Xcode writes list elements (nothing for an empty list).
        func listed(_ ids: [String]) -> String { ids.map { $0 + ", " }.joined() }
        var objects: [String] = []
        var fileIDs: [String: String] = [:]
        for path in Set(targets.flatMap { $0.sources + $0.resources }).sorted() {
            let fileID = id()
            fileIDs[path] = fileID
            objects.append("\(fileID) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\"; };")
        }
        let mainGroup = id()
        objects.append("\(mainGroup) = {isa = PBXGroup; children = (\(listed(fileIDs.values.sorted()))); sourceTree = \"<group>\"; };")
        var targetIDs: [String: String] = [:]
        for target in targets { targetIDs[target.name] = id() }
        for target in targets {
            var phases: [String] = []
            for (isa, files) in [("PBXSourcesBuildPhase", target.sources), ("PBXResourcesBuildPhase", target.resources)] {
                let buildFiles = files.map { path -> String in
                    let buildID = id()
                    objects.append("\(buildID) = {isa = PBXBuildFile; fileRef = \(fileIDs[path] ?? ""); };")
                    return buildID
                }
                let phaseID = id()
                objects.append("\(phaseID) = {isa = \(isa); files = (\(listed(buildFiles))); };")
                phases.append(phaseID)
            }
            let dependencies = target.dependencies.compactMap { targetIDs[$0] }.map { dependency -> String in
                let dependencyID = id()
                objects.append("\(dependencyID) = {isa = PBXTargetDependency; target = \(dependency); };")
                return dependencyID
            }
            let configuration = id()
            let list = id()
            let swift = target.swiftVersion.map { " SWIFT_VERSION = \($0);" } ?? ""
            let more = target.settings.sorted { $0.key < $1.key }.map { " \($0.key) = \"\($0.value)\";" }.joined()
            objects.append("\(configuration) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = \"$(TARGET_NAME)\"; SDKROOT = \(target.sdk);\(swift)\(more) }; name = Release; };")
            objects.append("\(list) = {isa = XCConfigurationList; buildConfigurations = (\(listed([configuration]))); defaultConfigurationName = Release; };")
            objects.append("""
            \(targetIDs[target.name] ?? "") = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(listed(phases))); \
            dependencies = (\(listed(dependencies))); name = "\(target.name)"; productType = "\(target.productType)"; };
            """)
        }
        let project = id()
        let targetList = listed(targets.compactMap { targetIDs[$0.name] })
        objects.append("\(project) = {isa = PBXProject; attributes = {LastUpgradeCheck = \(lastUpgradeCheck); }; mainGroup = \(mainGroup); targets = (\(targetList)); };")
        return """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 46;
            objects = {
        \(objects.map { "        " + $0 }.joined(separator: "\n"))
            };
            rootObject = \(project);
        }
        """
    }
}
