import Foundation

/// Whether what a finding concerns ships and runs: the one question every rule's severity
/// depends on alike, answered here once (the review standard: a finding is real only on a
/// path that runs). The runner adds the answer to each finding's evidence.
extension ProjectModel {
    /// What the model read about whether the place a finding points at first ships and
    /// runs: a file no target builds or bundles, a file only test targets bundle, a
    /// storyboard scene nothing reaches. Empty when nothing limits it.
    func reach(of locations: [SourceLocation]) -> [Evidence] {
        guard let location = locations.first else { return [] }
        let path = location.path
        if build.isNotBuilt(path) {
            return [.limiting("\(path) is in no target", to: .info,
                              because: "no target builds or bundles it, so it does not ship")]
        }
        if let testTargets = onlyTestTargets(of: path) {
            return [.limiting("\(path) is built or bundled only by test target(s) \(testTargets.joined(separator: ", "))", to: .info,
                              because: "test inputs never ship in the app")]
        }
        if let unreached = unreachedScene(at: location) ?? unloadedNib(at: path) ?? unusedCode(at: location)
            ?? deadBranch(at: location) ?? undequeuedRegistration(at: location) {
            return [unreached]
        }
        return []
    }

    /// The evidence that the code at `location` never runs: it lies in a method of a project
    /// type that no other source file and no Interface Builder file names and no launch
    /// attribute (`@main`, `@UIApplicationMain`, `@NSApplicationMain`) marks, so nothing makes
    /// it or calls it (generated code a generator writes for every scene, a class left behind).
    /// `nil` when the code lies in no such type, or when code makes classes from computed names.
    private func unusedCode(at location: SourceLocation) -> Evidence? {
        guard let typeName = codeSiteTypes[location.path]?[location.line], !typeName.contains(".") else { return nil }
        return codeReachCache.value(for: typeName) {
            guard let type = sources.types[typeName], type.hasPrimaryDeclaration, !makesClassesFromComputedNames else { return nil }
            let ownFiles = ownFiles(of: type)
            guard !isUsed(type.runtimeName ?? typeName, declaredIn: ownFiles, outside: nil),
                  type.runtimeName == nil || !isUsed(typeName, declaredIn: ownFiles, outside: nil),
                  !mayBeMadeUnnamed(type, declaredIn: ownFiles) else { return nil }
            return .limiting("nothing uses \(typeName), in whose code this is", to: .info,
                             because: "no source file other than its own and no Interface Builder file names it, and no launch attribute marks it, so nothing makes it and its code never runs (an Info.plist, which the analysis does not read, could name it as a principal class)")
        }
    }

    /// The enclosing type of each nib load and literal UIKit call, by path and line: where
    /// code-located findings point.
    private var codeSiteTypes: [String: [Int: String]] {
        codeSiteTypesCache.get {
            var types: [String: [Int: String]] = [:]
            let sites = sources.literalCalls.map { ($0.location, $0.context) } + sources.nibLoads.map { ($0.location, $0.context) }
            for (location, context) in sites {
                guard let typeName = context.typeName, types[location.path]?[location.line] == nil else { continue }
                types[location.path, default: [:]][location.line] = typeName
            }
            return types
        }
    }

    /// The attributes that make a type the app's entry point.
    private static let launchAttributes = ["@main", "@UIApplicationMain", "@NSApplicationMain"].map(ByteSearch.Needle.init)

    /// Whether `type` may be made without any file of the upload naming it: a launch
    /// attribute (`@main`, `@UIApplicationMain`, `@NSApplicationMain`) in its files; an
    /// application, scene or extension delegate, a document, a screen saver or another class
    /// an Info.plist names (which the analysis does not read); a class built into an app
    /// extension, whose principal class its Info.plist names; or a class of a library, which
    /// apps outside the upload use (a framework or library target, or, where the upload has
    /// no project, a published pod or package).
    private func mayBeMadeUnnamed(_ type: SourceType, declaredIn ownFiles: Set<String>) -> Bool {
        if ownFiles.contains(where: { path in
            sourceData(of: path).map { data in Self.launchAttributes.contains { NameSearch.holds($0, data) } } ?? false
        }) { return true }
        if !Self.systemMadeConformances.isDisjoint(with: type.conformances) { return true }
        var systemMade = false
        forEachInLineage(of: type.name) { name in
            systemMade = Self.systemMadeSuperclasses.contains(name)
            return !systemMade
        }
        return systemMade || type.declarations.contains { declaration in
            guard let targets = build.targets(of: declaration.path) else { return publishesLibrary }
            return targets.contains { [.appExtension, .framework, .library].contains(build.targets[$0].kind) }
        }
    }

    /// Whether the upload publishes a pod (`*.podspec`) or a Swift package.
    private var publishesLibrary: Bool {
        files.contains { file in
            file.kind == .package || (file.kind == .dependencies && (file.path.hasSuffix(".podspec") || file.path.hasSuffix(".podspec.json")))
        }
    }

    /// Protocols of the classes an Info.plist or the system names: delegates and extension principals.
    private static let systemMadeConformances: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate",
        "WKApplicationDelegate", "WKExtensionDelegate", "NCWidgetProviding", "UNNotificationContentExtension",
        "QLPreviewingController", "NSExtensionRequestHandling", "CPTemplateApplicationSceneDelegate",
    ]

    /// Superclasses of the classes an Info.plist or the system names.
    private static let systemMadeSuperclasses: Set<String> = [
        "UIApplication", "NSApplication", "NSDocument", "NSPersistentDocument", "UIDocument", "ScreenSaverView",
        "NSPreferencePane", "UNNotificationServiceExtension", "SLComposeServiceViewController", "UIInputViewController",
        "INExtension", "FIFinderSync", "MSMessagesAppViewController", "ASCredentialProviderViewController",
        "NSFileProviderExtension", "UIDocumentPickerExtensionViewController", "CXCallDirectoryProvider", "XCTestCase",
    ]

    /// The evidence that nothing loads the xib at `path`: no code names it by a literal,
    /// and the classes it is named after or made for (its name's class, File's Owner's,
    /// its top-level objects') are used by no source outside their own files and by no other
    /// Interface Builder file, so nothing that could load it runs. `nil` when something may
    /// load it, or when it names no project class to judge by.
    private func unloadedNib(at path: String) -> Evidence? {
        nibReachCache.value(for: path) {
            guard let document = analysedDocument(atPath: path), document.format == .xib,
                  let nibName = NibCatalog.loadName(ofPath: path), !["MainMenu", "MainWindow"].contains(nibName),
                  !loadSites(forNib: nibName).contains(where: { if case .literal = $0.nibName.resolution { true } else { false } }) else { return nil }
            let named = [nibName, document.filesOwner?.customClass] + document.topLevelObjects.map { document.objects[$0].customClass }
            let classes = Set(named.compactMap { $0 }.filter { declaredType(runtimeName: $0) != nil })
            guard !classes.isEmpty, classes.allSatisfy({ name in
                !isUsed(name, declaredIn: declaredType(runtimeName: name).map(ownFiles(of:)) ?? [], outside: path)
            }), !makesClassesFromComputedNames else { return nil }
            return .limiting("nothing loads \(path)", to: .info,
                             because: "no code names the nib, and no source outside their own files or other Interface Builder file uses \(classes.sorted().joined(separator: ", ")), which it is made for")
        }
    }

    /// Whether some code makes a class from a name it computes (`NSClassFromString(name)`,
    /// `Bundle.main.classNamed(name)`): then any class may be made, used or not by name.
    var makesClassesFromComputedNames: Bool {
        computedClassNamesCache.get {
            files.contains { file in
                guard file.kind == .swift || file.kind == .objc, let data = file.contents else { return false }
                return ComputedArgumentScan.hasComputedClassName(in: data)
            }
        }
    }

    /// A type's own source files: those of its declarations and their header or implementation.
    private func ownFiles(of type: SourceType) -> Set<String> {
        Set(type.declarations.flatMap { declaration -> [String] in
            let stem = declaration.path.split(separator: ".").dropLast().joined(separator: ".")
            return [declaration.path, stem + ".h", stem + ".m", stem + ".mm", stem + ".swift"]
        })
    }

    /// Whether an Interface Builder file other than `nib` names `name`, or a source file does
    /// beyond declaring it: anywhere in a file other than `own` (the type's own files), and in
    /// its own files anywhere but after a declaration keyword (`class`, `extension`,
    /// `@implementation`, …) or as a file name (`#import "Name.h"`, a `// Name.swift` header),
    /// so that another type of its own file that makes it counts.
    private func isUsed(_ name: String, declaredIn own: Set<String>, outside nib: String?) -> Bool {
        if analysedDocuments.contains(where: { document in
            document.path != nib && document.objects.contains { $0.customClass == name }
        }) { return true }
        let needle = ByteSearch.Needle(name)
        return files.contains { file in
            guard file.kind == .swift || file.kind == .objc, let contents = file.contents else { return false }
            let isOwn = own.contains(file.path)
            return contents.withUnsafeBytes { raw in
                var start = 0
                let bytes = raw.bindMemory(to: UInt8.self)
                while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
                    start = found + 1
                    // A whole word: `CardView`, not `CardViewModel` or `MyCardView`.
                    let before = found == 0 ? UInt8(ascii: " ") : bytes[found - 1]
                    let end = found + needle.count
                    let after = end < bytes.count ? bytes[end] : UInt8(ascii: " ")
                    guard !before.isASCIIWordByte, !after.isASCIIWordByte else { continue }
                    if !isOwn || !(Self.isDeclared(in: bytes, at: found) || Self.isFileName(in: bytes, at: end)) { return true }
                }
                return false
            }
        }
    }

    /// The keywords after which a name is declared, not used.
    private static let declarationKeywords = ["class", "struct", "enum", "protocol", "extension", "actor",
                                              "@interface", "@implementation", "@class", "@protocol"].map { Array($0.utf8) }

    /// Whether the word before `position` (across spaces) is a declaration keyword.
    private static func isDeclared(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        var end = position
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return declarationKeywords.contains { keyword in
            let start = end - keyword.count
            guard start >= 0, (start == 0 || !bytes[start - 1].isASCIIWordByte) else { return false }
            return keyword.indices.allSatisfy { bytes[start + $0] == keyword[$0] }
        }
    }

    /// Whether the name ending at `end` is a source file's name: `.swift`, `.h`, `.m` or `.mm` follows.
    private static func isFileName(in bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        [".swift", ".h", ".m", ".mm"].map { Array($0.utf8) }.contains { suffix in
            end + suffix.count <= bytes.count && suffix.indices.allSatisfy { bytes[end + $0] == suffix[$0] }
                && (end + suffix.count == bytes.count || !bytes[end + suffix.count].isASCIIWordByte)
        }
    }
    /// The document read in full at `path`, found through a table built on first use (the
    /// runner asks for every finding's file).
    private func analysedDocument(atPath path: String) -> IBDocument? {
        let positions = analysedDocumentPositionsCache.get {
            Dictionary(analysedDocuments.indices.map { (analysedDocuments[$0].path, $0) }) { first, _ in first }
        }
        return positions[path].map { analysedDocuments[$0] }
    }

    /// The names of the test targets that build or bundle `path` when only test targets do.
    func onlyTestTargets(of path: String) -> [String]? {
        guard let indices = build.targets(of: path), !indices.isEmpty,
              indices.allSatisfy({ build.targets[$0].kind == .test }) else { return nil }
        return build.names(of: indices)
    }

    /// The evidence that the storyboard scene holding `location` is reached by nothing, or
    /// `nil` when it is reached (or is not a scene of a storyboard).
    private func unreachedScene(at location: SourceLocation) -> Evidence? {
        guard let document = analysedDocument(atPath: location.path), document.format == .storyboard,
              let scene = document.scenes.last(where: { $0.location.line <= location.line }),
              let controllerIndex = scene.viewController else { return nil }
        let controller = document.objects[controllerIndex]
        // Only controllers are reached through segues and identifiers; a macOS storyboard's
        // application scene (menu, app delegate) is loaded with the storyboard itself.
        // A WatchKit `controller` is reached by its `identifier` (`pushController(withName:)`),
        // which the model does not keep: not judged.
        guard controller.element.hasSuffix("ontroller"), controller.element != "controller",
              !reachedControllers(in: document).contains(controller.id) else { return nil }
        let name = controller.customClass ?? controller.element
        let storyboard = NibCatalog.loadName(ofPath: document.path).map { "\($0).storyboard" } ?? document.path
        let window = initialControllerBlocker(of: document)
        let initialUnmade = window.map { "the app makes its window in code (\($0.path):\($0.line)), as apps without a main storyboard do, and no code or storyboard reference makes \(storyboard)'s initial controller (the analysis does not read Info.plist)" }
        let why: String
        if controller.id == document.initialViewController, let initialUnmade {
            why = "it is the initial controller of \(storyboard), but " + initialUnmade
        } else if document.connections.contains(where: { $0.kind == .segue && $0.destination == controller.id }) {
            why = "only segues or relationships from scenes nothing reaches lead to it" + (initialUnmade.map { "; of them, the initial controller is not made: " + $0 } ?? "")
        } else {
            why = controller.storyboardIdentifier.map { "no segue or relationship leads to it, it is not the initial controller, and no code or storyboard reference uses its Storyboard ID \"\($0)\"" }
                ?? "no segue or relationship leads to it, it is not the initial controller, and it has no Storyboard ID"
        }
        return .limiting("the scene of \(name) (id \"\(controller.id)\", line \(scene.location.line)) is reached by nothing", to: .info,
                         because: why)
    }

    /// The Storyboard IDs code instantiates by literal, and whether any call computes one.
    /// SwiftGen's generated `StoryboardScene` instantiates through one helper with a computed
    /// identifier; the identifiers it declares for its scenes (`identifier: "Name"`) are read
    /// as literals instead.
    var storyboardIdentifiersUsed: (literal: Set<String>, computed: Bool) {
        storyboardIdentifierUseCache.get {
            var literal = Set(sources.literalCalls.filter { $0.kind == .storyboardIdentifier }.map(\.value))
            var computed = false
            let swiftGenScenes = NameSearch(Self.swiftGenSceneIdentifier)
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let data = file.contents, ComputedArgumentScan.hasComputedStoryboardIdentifier(in: data) else { continue }
                if Self.isSwiftGenStoryboardScenes(data) {
                    literal.formUnion(swiftGenScenes.names(in: data))
                } else {
                    computed = true
                }
            }
            return (literal, computed)
        }
    }
}
