import Foundation

/// Which storyboard scenes run: those something reaches from outside the storyboard (code
/// that instantiates a Storyboard ID, a storyboard reference, the app loading the storyboard
/// and its initial controller) and, from them, every scene their segues and relationships
/// lead to. A scene only an unreached scene leads to is unreached too.
extension ProjectModel {
    /// The ids of the controllers of the storyboard `document` that something reaches.
    func reachedControllers(in document: IBDocument) -> Set<String> {
        reachedControllersCache.value(for: document.path) {
            let positions = document.objectIndicesByID
            let referenced = identifiersReferenced(in: document)
            var reached: [Int] = document.scenes.compactMap { scene in
                guard let index = scene.viewController else { return nil }
                return isReachedFromOutside(document.objects[index], in: document, referenced: referenced) ? index : nil
            }
            var seen = Set(reached)
            var segues: [Int: [Int]] = [:]
            for connection in document.connections where connection.kind == .segue {
                guard let source = connection.source, let destination = connection.destination.flatMap({ positions[$0] }) else { continue }
                segues[document.topLevelPosition(of: source), default: []].append(destination)
            }
            while let next = reached.popLast() {
                for destination in segues[next] ?? [] where seen.insert(destination).inserted { reached.append(destination) }
            }
            return Set(seen.map { document.objects[$0].id })
        }
    }

    /// Whether something outside the storyboard's segues reaches `controller`: it is the
    /// initial controller of a storyboard the app loads that way, code instantiates its
    /// Storyboard ID (or computes one), or a storyboard reference names it (`referenced`).
    private func isReachedFromOutside(_ controller: IBObject, in document: IBDocument, referenced: Set<String>) -> Bool {
        if controller.id == document.initialViewController, initialControllerBlocker(of: document) == nil { return true }
        guard let identifier = controller.storyboardIdentifier else { return false }
        return storyboardIdentifiersUsed.literal.contains(identifier) || storyboardIdentifiersUsed.computed || referenced.contains(identifier)
    }

    /// The Storyboard IDs of `document` that storyboard references name (a reference without
    /// a storyboard name points into its own storyboard).
    private func identifiersReferenced(in document: IBDocument) -> Set<String> {
        let storyboardName = NibCatalog.loadName(ofPath: document.path)
        return Set(documents.flatMap { other in
            other.storyboardReferences.compactMap { reference in
                (reference.storyboardName ?? (other.path == document.path ? storyboardName : nil)) == storyboardName ? reference.referencedIdentifier : nil
            }
        })
    }

    /// Where the app makes its window in code, when that means the storyboard `document`'s
    /// initial controller is never made: an iOS app whose application or scene delegate makes
    /// a `UIWindow` (an app with a main storyboard gets its window from UIKit), in a target
    /// that bundles the storyboard, while no code names the storyboard where it instantiates
    /// an initial controller and no storyboard reference leads to it. `nil` when the initial
    /// controller may be made: the upload holds no Info.plist, so a main storyboard is assumed
    /// unless the delegate says otherwise.
    func initialControllerBlocker(of document: IBDocument) -> SourceLocation? {
        // The window is asked first: the scan for initial controllers made in code reads every source.
        guard document.platform == .iOS || document.platform == .tvOS, let name = NibCatalog.loadName(ofPath: document.path),
              !windowsMadeInCode.isEmpty, !storyboardsWhoseInitialControllerCodeMakes.unresolved, !storyboardsWhoseInitialControllerCodeMakes.names.contains(name),
              !documents.contains(where: { other in other.storyboardReferences.contains { $0.referencedIdentifier == nil && $0.storyboardName == name } })
        else { return nil }
        let bundling = build.targets(of: document.path).map(Set.init)
        return windowsMadeInCode.first { window in
            guard let bundling, let making = build.targets(of: window.path) else { return true }
            return !bundling.isDisjoint(with: making)
        }
    }

    /// The storyboards whose initial controller code instantiates: in each source that calls
    /// `instantiateInitialViewController`, the storyboards it names by literal or by a class
    /// (`NSStringFromClass([X class])`, `String(describing: X.self)`); SwiftGen's
    /// `StoryboardScene.X.initialScene`; R.swift's `R.storyboard.x`. `unresolved` when a source
    /// instantiates an initial controller of a storyboard it does not name (outside SwiftGen's
    /// generated helper, whose uses are read instead).
    private var storyboardsWhoseInitialControllerCodeMakes: (names: Set<String>, unresolved: Bool) {
        initialControllerUseCache.get {
            let instantiates = ByteSearch.Needle("nstantiateInitial")
            let literalNames = Dictionary(grouping: sources.literalCalls.filter { $0.kind == .storyboardName }, by: \.location.path)
            var names: Set<String> = []
            var unresolved = false
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let data = file.contents else { continue }
                names.formUnion(Self.swiftGenInitialScene.words(in: data))
                guard ByteSearch.contains(instantiates, in: data) else { continue }
                names.formUnion(Self.rSwiftInitialController.words(in: data).map { $0.prefix(1).uppercased() + $0.dropFirst() })
                guard !Self.isSwiftGenStoryboardScenes(data) else { continue }
                let named = Set((literalNames[file.path] ?? []).map { NibCatalog.stripped($0.value) }).union(Self.storyboardsNamedAfterClasses.flatMap { $0.words(in: data) })
                if named.isEmpty { unresolved = true }
                names.formUnion(named)
            }
            return (names, unresolved)
        }
    }

    /// Where an iOS application or scene delegate makes its window (`UIWindow(…)`,
    /// `[[UIWindow alloc] init…]`), in location order.
    private var windowsMadeInCode: [SourceLocation] {
        windowsMadeInCodeCache.get {
            let delegates = sources.types.values.filter { !$0.conformances.filter(Self.windowOwningDelegates.contains).isEmpty }
            let paths = Set(delegates.flatMap { $0.declarations.map(\.path) })
            return paths.sorted().compactMap { path in
                guard let data = sourceData(of: path) else { return nil }
                return data.withUnsafeBytes { raw -> SourceLocation? in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    guard let offset = Self.windowMade.compactMap({ ByteSearch.firstIndex(of: $0, in: bytes) }).min() else { return nil }
                    return SourceLocation(path: path, line: bytes[..<offset].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
                }
            }
        }
    }

    /// Whether a source is SwiftGen's generated `StoryboardScene`, whose helpers instantiate
    /// the scenes it declares.
    static func isSwiftGenStoryboardScenes(_ source: Data) -> Bool {
        ByteSearch.contains(ByteSearch.Needle("enum StoryboardScene"), in: source)
    }

    private static let windowMade = [ByteSearch.Needle("UIWindow("), ByteSearch.Needle("[UIWindow alloc]")]
    private static let windowOwningDelegates: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate"]
    /// SwiftGen's declaration of a scene by Storyboard ID: `SceneType<…>(storyboard: Main.self, identifier: "Settings")`.
    static let swiftGenSceneIdentifier = WordTemplate(#">(storyboard: ~.self, identifier: "@")"#)
    private static let swiftGenInitialScene = WordTemplate("StoryboardScene.@.initialScene")
    private static let rSwiftInitialController = WordTemplate("R.storyboard.@.instantiateInitial")
    private static let storyboardsNamedAfterClasses = [
        WordTemplate("storyboardWithName: NSStringFromClass([@ class])"), WordTemplate("UIStoryboard(name: String(describing: @.self)"),
    ]
}
