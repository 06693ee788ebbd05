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
    /// type that nothing in the upload makes or calls (``mayRun(_:outside:walk:)``), such as
    /// generated code a generator writes for every scene, or a class left behind. `nil` when
    /// the code lies in no such type, or when code makes classes from computed names.
    private func unusedCode(at location: SourceLocation) -> Evidence? {
        guard let typeName = codeSiteTypes[location.path]?[location.line] ?? methodOwner(at: location),
              !typeName.contains(".") else { return nil }
        if let known = codeReachCache.known(typeName) { return known }
        guard let type = sources.types[typeName], type.hasPrimaryDeclaration, !makesClassesFromComputedNames else { return nil }
        var walk = NibWalk()
        let evidence = mayRun(type, outside: nil, walk: &walk) ? nil : Evidence.limiting(
            "nothing uses \(typeName), in whose code this is", to: .info,
            because: "no source file other than its own and no Interface Builder file that something loads names it, and no launch attribute marks it, so nothing makes it and its code never runs (an Info.plist, which the analysis does not read, could name it as a principal class)"
                + libraryUse(of: type))
        if walk.settled { codeReachCache.remember(evidence, for: typeName) }
        return evidence
    }

    /// Whether the code of `type` may run: it, or a project subclass, which runs the code it
    /// inherits, may be made (``mayBeMade(_:outside:walk:)``).
    private func mayRun(_ type: SourceType, outside nib: String?, walk: inout NibWalk) -> Bool {
        mayBeMade(type, outside: nib, walk: &walk) || descendants(of: type.name).contains { name in
            guard let subclass = sources.types[name], subclass.hasPrimaryDeclaration, !name.contains(".") else { return true }
            return mayBeMade(subclass, outside: nib, walk: &walk)
        }
    }

    /// Whether `type` itself may be made: a source file other than its own, or an Interface
    /// Builder file other than `nib` that something loads, names it (``isUsed(_:by:outside:walk:)``),
    /// or the system makes it unnamed (``mayBeMadeUnnamed(_:)``).
    private func mayBeMade(_ type: SourceType, outside nib: String?, walk: inout NibWalk) -> Bool {
        isUsed(type.runtimeName ?? type.name, by: type, outside: nib, walk: &walk)
            || (type.runtimeName != nil && isUsed(type.name, by: type, outside: nib, walk: &walk))
            || mayBeMadeUnnamed(type)
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

    /// The type with a method declared at `location` (an override such as `awakeAfter(using:)`
    /// a finding points at), the first by name. A scan of every method: the runner asks only
    /// for the few findings reach can still lower.
    private func methodOwner(at location: SourceLocation) -> String? {
        sources.types.values.filter { type in
            type.methods.contains { $0.location.line == location.line && $0.location.path == location.path }
        }.map(\.name).min()
    }

    /// The attributes that make a type the app's entry point.
    private static let launchAttributes = ["@main", "@UIApplicationMain", "@NSApplicationMain"].map(ByteSearch.Needle.init)

    /// Whether `type` may be made without any file of the upload naming it: a launch
    /// attribute (`@main`, `@UIApplicationMain`, `@NSApplicationMain`) in its files; an
    /// application, scene or extension delegate, a document, a screen saver or another class
    /// an Info.plist names (which the analysis does not read); or a class built into an app
    /// extension, whose principal class its Info.plist names. A library's users outside the
    /// upload are not counted: that use is assumed, not read (``libraryUse(of:)``).
    private func mayBeMadeUnnamed(_ type: SourceType) -> Bool {
        if !Self.systemMadeConformances.isDisjoint(with: type.conformances) { return true }
        if ownFiles(of: type).contains(where: { path in
            sourceData(of: path).map { data in Self.launchAttributes.contains { ByteSearch.contains($0, in: data) } } ?? false
        }) { return true }
        var systemMade = false
        forEachInLineage(of: type.name) { name in
            systemMade = Self.systemMadeSuperclasses.contains(name)
            return !systemMade
        }
        return systemMade || type.declarations.contains { declaration in
            build.targets(of: declaration.path)?.contains { build.targets[$0].kind == .appExtension } ?? false
        }
    }

    /// What a finding's evidence adds when `type` is a class of a library (a framework or
    /// library target, or, where the upload has no project for its files, a published pod or
    /// package): apps outside the upload may use it, and that link is assumed, not read, so
    /// it does not make the code run. Empty for other types.
    private func libraryUse(of type: SourceType) -> String {
        for declaration in type.declarations {
            let library: String?
            if let targets = build.targets(of: declaration.path) {
                library = targets.first { [.framework, .library].contains(build.targets[$0].kind) }
                    .map { "the \(build.targets[$0].kind.rawValue) target \(build.targets[$0].name)" }
            } else {
                library = publishesLibrary ? "the pod or package this upload publishes" : nil
            }
            if let library {
                return "; \(type.name) is a class of \(library), which apps outside the upload may use, but that use is assumed, not read"
            }
        }
        return ""
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

    /// The evidence that nothing loads the xib at `path`: no code that may run names it by
    /// a literal, and the classes it is named after or made for (its name's class, File's
    /// Owner's, its top-level objects') are used by no source outside their own files and by
    /// no other Interface Builder file that something loads, so nothing that could load it
    /// runs. `nil` when something may load it, or when it names no project class to judge by.
    private func unloadedNib(at path: String) -> Evidence? {
        var walk = NibWalk()
        return unloadedNib(at: path, walk: &walk)
    }

    /// The nibs one question about loading has under way, and whether its answer leaned on
    /// one of them: a nib that is placed only in nibs whose own loading is being asked (a
    /// cycle) is taken as loaded, and such an answer is not kept, so that what was asked
    /// before never changes an answer.
    private struct NibWalk {
        var visiting: Set<String> = []
        var settled = true
    }

    /// ``unloadedNib(at:)`` within a walk through the nibs that place its classes.
    private func unloadedNib(at path: String, walk: inout NibWalk) -> Evidence? {
        if let known = nibReachCache.known(path) { return known }
        guard !walk.visiting.contains(path) else {
            walk.settled = false
            return nil
        }
        walk.visiting.insert(path)
        let settledBefore = walk.settled
        walk.settled = true
        let evidence = unloadedNibEvidence(at: path, walk: &walk)
        if walk.settled { nibReachCache.remember(evidence, for: path) }
        walk.settled = walk.settled && settledBefore
        walk.visiting.remove(path)
        return evidence
    }

    /// The body of ``unloadedNib(at:walk:)``.
    private func unloadedNibEvidence(at path: String, walk: inout NibWalk) -> Evidence? {
        guard let document = analysedDocument(atPath: path), document.format == .xib,
              let nibName = NibCatalog.loadName(ofPath: path), !["MainMenu", "MainWindow"].contains(nibName),
              !makesClassesFromComputedNames, !isMainNib(document) else { return nil }
        // A literal load counts unless it lies in the code of a project type nothing uses.
        var loaders: Set<String> = []
        for site in loadSites(forNib: nibName) {
            guard case .literal = site.nibName.resolution else { continue }
            guard let typeName = site.context.typeName, !typeName.contains("."),
                  let type = sources.types[typeName], type.hasPrimaryDeclaration,
                  !mayRun(type, outside: path, walk: &walk) else { return nil }
            loaders.insert(typeName)
        }
        let named = [nibName, document.filesOwner?.customClass] + document.topLevelObjects.map { document.objects[$0].customClass }
        let types = Set(named.compactMap { $0 }).compactMap { name in declaredType(runtimeName: name).map { (name, $0) } }
        guard !types.isEmpty, types.allSatisfy({ !mayBeMade($0.1, outside: path, walk: &walk) }) else { return nil }
        let classes = types.map(\.0).sorted().joined(separator: ", ")
        let codeLoads = loaders.isEmpty ? "no code names the nib"
            : "only the code of \(loaders.sorted().joined(separator: ", ")), which nothing uses, names the nib"
        return .limiting("nothing loads \(path)", to: .info,
                         because: "\(codeLoads), and no source outside their own files or other Interface Builder file that something loads uses \(classes), which it is made for"
                             + (types.sorted { $0.0 < $1.0 }.lazy.map { self.libraryUse(of: $0.1) }.first { !$0.isEmpty } ?? ""))
    }

    /// Whether `document` is an app's main nib, which the application loads at launch
    /// (Info.plist's `NSMainNibFile`, which the analysis does not read): its File's Owner is
    /// the application object.
    private func isMainNib(_ document: IBDocument) -> Bool {
        guard let owner = document.filesOwner?.customClass else { return false }
        return isKind(owner, ofAnyOf: ["NSApplication", "UIApplication"])
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
        Set(Set(type.declarations.map(\.path)).flatMap { path -> [String] in
            let stem = path.lastIndex(of: ".").map { String(path[..<$0]) } ?? ""
            return [path, stem + ".h", stem + ".m", stem + ".mm", stem + ".swift"]
        })
    }

    /// Whether a source file names `name` of `type` beyond declaring it (``isNamedInSource(_:of:)``),
    /// or an Interface Builder file other than `nib` places it that is not a xib nothing loads.
    private func isUsed(_ name: String, by type: SourceType, outside nib: String?, walk: inout NibWalk) -> Bool {
        if isNamedInSource(name, of: type) { return true }
        return (placingDocuments[name] ?? []).contains { position in
            let document = analysedDocuments[position]
            return document.path != nib && (document.format != .xib || unloadedNib(at: document.path, walk: &walk) == nil)
        }
    }

    /// The positions in `analysedDocuments` of the documents that name each class, built on first use.
    private var placingDocuments: [String: [Int]] {
        placingDocumentsCache.get {
            var positions: [String: [Int]] = [:]
            for (position, document) in analysedDocuments.enumerated() {
                for name in Set(document.objects.compactMap(\.customClass)) { positions[name, default: []].append(position) }
            }
            return positions
        }
    }

    /// Whether a source file names `name` (of `type`) beyond declaring it: anywhere in a file
    /// other than the type's own files (``ownFiles(of:)``), and in its own files anywhere but after a declaration
    /// keyword (`class`, `extension`, `@implementation`, …), as a file name (`#import
    /// "Name.h"`, a `// Name.swift` header) or as a whole string literal (its own nib's or
    /// Storyboard ID's name, which only its own code loads), so that another type of its own
    /// file that makes it counts. An outlet's declared type does not count: the outlet is given what a nib made.
    private func isNamedInSource(_ name: String, of type: SourceType) -> Bool {
        sourceUseCache.value(for: name + "\u{0}" + type.name) {
            let own = ownFiles(of: type)
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
                        if isOwn && (Self.isDeclared(in: bytes, at: found) || Self.isFileName(in: bytes, at: end)
                                     || (before == UInt8(ascii: "\"") && after == UInt8(ascii: "\""))) { continue }
                        if Self.isOutletDeclaration(in: bytes, before: found) || Self.isSuperclassClause(in: bytes, at: found) { continue }
                        return true
                    }
                    return false
                }
            }
        }
    }

    /// Whether the name at `position` follows a declared name and a colon (`class Name<T>:`,
    /// `@interface Name :`): a subclass's superclass clause, which counts through the subclass
    /// (``mayRun(_:outside:walk:)``), or a conformance.
    private static func isSuperclassClause(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        func skipSpace(_ index: Int) -> Int {
            var index = index
            while index > 0, bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") { index -= 1 }
            return index
        }
        var index = skipSpace(position)
        guard index > 0, bytes[index - 1] == UInt8(ascii: ":") else { return false }
        index = skipSpace(index - 1)
        if index > 0, bytes[index - 1] == UInt8(ascii: ">") {
            var depth = 0
            repeat {
                index -= 1
                if bytes[index] == UInt8(ascii: ">") { depth += 1 } else if bytes[index] == UInt8(ascii: "<") { depth -= 1 }
            } while index > 0 && depth > 0 && bytes[index] != UInt8(ascii: "\n")
            guard depth == 0 else { return false }
        }
        let wordEnd = index
        while index > 0, bytes[index - 1].isASCIIWordByte { index -= 1 }
        return index < wordEnd && isDeclared(in: bytes, at: index)
    }

    /// Whether the line before `position` marks an outlet (`@IBOutlet`, `IBOutlet`, `IBOutletCollection`).
    private static func isOutletDeclaration(in bytes: UnsafeBufferPointer<UInt8>, before position: Int) -> Bool {
        var lineStart = position
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let marker = outletMarker
        guard position - lineStart >= marker.count else { return false }
        return (lineStart...(position - marker.count)).contains { offset in
            marker.indices.allSatisfy { bytes[offset + $0] == marker[$0] }
        }
    }

    /// The word that marks an outlet declaration in Swift and Objective-C.
    private static let outletMarker = Array("IBOutlet".utf8)

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
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let data = file.contents, ComputedArgumentScan.hasComputedStoryboardIdentifier(in: data) else { continue }
                if Self.isSwiftGenStoryboardScenes(data) {
                    literal.formUnion(Self.swiftGenSceneIdentifier.words(in: data))
                } else {
                    computed = true
                }
            }
            return (literal, computed)
        }
    }
}
