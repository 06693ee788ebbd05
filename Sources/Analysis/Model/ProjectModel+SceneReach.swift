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
            var reached: [Int] = document.scenes.compactMap { scene in
                guard let index = scene.viewController else { return nil }
                return isReachedFromOutside(document.objects[index], in: document) ? index : nil
            }
            var seen = Set(reached)
            var segues: [Int: [Int]] = [:]
            for connection in document.connections where connection.kind == .segue {
                guard var source = connection.source, let destination = connection.destination.flatMap({ positions[$0] }) else { continue }
                while let parent = document.objects[source].parent { source = parent }
                segues[source, default: []].append(destination)
            }
            while let next = reached.popLast() {
                for destination in segues[next] ?? [] where seen.insert(destination).inserted { reached.append(destination) }
            }
            return Set(seen.map { document.objects[$0].id })
        }
    }

    /// Whether something outside the storyboard's segues reaches `controller`: it is the
    /// initial controller of a storyboard the app loads that way, code instantiates its
    /// Storyboard ID (or computes one), or a storyboard reference names it.
    private func isReachedFromOutside(_ controller: IBObject, in document: IBDocument) -> Bool {
        if controller.id == document.initialViewController, initialControllerBlocker(of: document) == nil { return true }
        guard let identifier = controller.storyboardIdentifier else { return false }
        if storyboardIdentifiersUsed.literal.contains(identifier) || storyboardIdentifiersUsed.computed { return true }
        let storyboardName = NibCatalog.loadName(ofPath: document.path)
        return documents.contains { other in
            other.storyboardReferences.contains { reference in
                reference.referencedIdentifier == identifier
                    && (reference.storyboardName ?? (other.path == document.path ? storyboardName : nil)) == storyboardName
            }
        }
    }

    /// Where the app makes its window in code, when that means the storyboard `document`'s
    /// initial controller is never made: an iOS app whose application or scene delegate makes
    /// a `UIWindow` (an app with a main storyboard gets its window from UIKit), in a target
    /// that bundles the storyboard, while no code names the storyboard where it instantiates
    /// an initial controller and no storyboard reference leads to it. `nil` when the initial
    /// controller may be made: the upload holds no Info.plist, so a main storyboard is assumed
    /// unless the delegate says otherwise.
    func initialControllerBlocker(of document: IBDocument) -> SourceLocation? {
        guard document.platform == .iOS || document.platform == .tvOS, let name = NibCatalog.loadName(ofPath: document.path),
              !storyboardsWhoseInitialControllerCodeMakes.unresolved, !storyboardsWhoseInitialControllerCodeMakes.names.contains(name),
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
            var names: Set<String> = []
            var unresolved = false
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let text = file.contents.flatMap({ String(data: $0, encoding: .utf8) }) else { continue }
                names.formUnion(Self.captures(of: Self.swiftGenInitialScene, in: text))
                names.formUnion(Self.captures(of: Self.rSwiftInitialController, in: text).map { $0.prefix(1).uppercased() + $0.dropFirst() })
                guard text.contains("nstantiateInitial"), !Self.isSwiftGenStoryboardScenes(text) else { continue }
                let named = Set(sources.literalCalls.filter { $0.kind == .storyboardName && $0.location.path == file.path }.map { NibCatalog.stripped($0.value) })
                    .union(Self.captures(of: Self.storyboardNamedAfterClass, in: text))
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
                guard let text = sourceText(of: path),
                      let range = text.range(of: #"UIWindow\(|\[UIWindow alloc\]"#, options: .regularExpression) else { return nil }
                let line = text[..<range.lowerBound].utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                return SourceLocation(path: path, line: line)
            }
        }
    }

    /// Whether `text` is SwiftGen's generated `StoryboardScene`, whose helpers instantiate
    /// the scenes it declares.
    static func isSwiftGenStoryboardScenes(_ text: String) -> Bool {
        text.contains("enum StoryboardScene")
    }

    private static let windowOwningDelegates: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate"]
    /// A pattern whose first non-empty group is a storyboard's name or a Storyboard ID, and a
    /// word every match holds (most sources hold none, and are not searched).
    typealias NamePattern = (word: String, regex: String)
    private static let swiftGenInitialScene: NamePattern = ("StoryboardScene", #"StoryboardScene\.(\w+)\.initialScene"#)
    private static let rSwiftInitialController: NamePattern = ("R.storyboard", #"R\.storyboard\.(\w+)\.instantiateInitial"#)
    static let swiftGenSceneIdentifier: NamePattern = ("SceneType", #"SceneType<[^>]*>\(storyboard:\s*\w+\.self,\s*identifier:\s*"([^"\\]+)"\)"#)
    private static let storyboardNamedAfterClass: NamePattern = ("toryboard", #"(?:storyboardWithName:\s*NSStringFromClass\(\[(\w+) class\]\)|UIStoryboard\(name:\s*String\(describing:\s*(\w+)\.self\))"#)

    /// The first non-empty group of each match of `pattern` in `text`.
    static func captures(of pattern: NamePattern, in text: String) -> [String] {
        guard text.contains(pattern.word), let expression = try? NSRegularExpression(pattern: pattern.regex) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            (1..<match.numberOfRanges).lazy.compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }.first
        }
    }
}
