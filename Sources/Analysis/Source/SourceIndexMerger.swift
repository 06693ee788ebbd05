/// Merges per-file results into one ``SourceIndex`` deterministically (by path, then
/// location) and resolves what needs the whole project: typealiases behind extensions,
/// superclass-or-protocol, `Self` in protocol extensions, nib-name candidates and the
/// `awakeAfter` guards that depend on other classes.
enum SourceIndexMerger {
    /// Takes the per-file results by value and moves their lists out, so that the merged
    /// declarations own their member arrays and later edits do not copy them.
    /// `specializations` gives, for generic type names, the argument lists the project
    /// writes for them (``GenericSpecializationScanner``); asked once, only when a nib load
    /// names a generic parameter.
    static func merge(_ files: consuming [SourceFileIndex],
                      specializations: (Set<String>) -> [String: [[String]]] = { _ in [:] }) -> SourceIndex {
        var sorted = files
        sorted.sort { $0.path < $1.path }
        var index = SourceIndex()
        index.declarations.reserveCapacity(sorted.reduce(0) { $0 + $1.declarations.count })
        index.nibLoads.reserveCapacity(sorted.reduce(0) { $0 + $1.nibLoads.count })
        index.literalCalls.reserveCapacity(sorted.reduce(0) { $0 + $1.literalCalls.count })
        for position in sorted.indices {
            move(&sorted[position].declarations, to: &index.declarations)
            if !sorted[position].typealiases.isEmpty {
                index.typealiases.merge(sorted[position].typealiases) { first, _ in first }
            }
            move(&sorted[position].nibLoads, to: &index.nibLoads)
            move(&sorted[position].literalCalls, to: &index.literalCalls)
            move(&sorted[position].contentAttachments, to: &index.contentAttachments)
            move(&sorted[position].selfAssignments, to: &index.selfAssignments)
            move(&sorted[position].codeLayout, to: &index.codeLayout)
            move(&sorted[position].problems, to: &index.problems)
            if !sorted[position].imports.isEmpty { index.imports[sorted[position].path] = sorted[position].imports }
            if sorted[position].registersReuseIdentifiersDynamically { index.dynamicReuseRegistrations.append(sorted[position].path) }
            if sorted[position].namesReuseIdentifierLabel { index.reuseIdentifierLabelPaths.insert(sorted[position].path) }
        }
        sorted = []
        var protocols: Set<String> = []
        for position in index.declarations.indices where index.declarations[position].kind == .protocol {
            protocols.insert(index.declarations[position].name)
        }
        for position in index.declarations.indices {
            if !index.typealiases.isEmpty {
                let resolved = resolveAlias(index.declarations[position].name, in: index.typealiases)
                if resolved != index.declarations[position].name { index.declarations[position].name = resolved }
            }
            guard !protocols.isEmpty, index.declarations[position].language == .swift,
                  let superclass = index.declarations[position].superclass, protocols.contains(superclass) else { continue }
            index.declarations[position].superclass = nil
            index.declarations[position].conformances.insert(superclass, at: 0)
        }
        restrictCalledMethods(&index.declarations)
        index.types = SourceTypeBuilder.types(from: index.declarations)
        resolveNibNames(&index, specializations: specializations)
        SourceGuardResolver.resolve(&index)
        index.nibLoads.sort { $0.location < $1.location }
        index.literalCalls.sort { $0.location < $1.location }
        index.contentAttachments.sort { $0.location < $1.location }
        index.selfAssignments.sort { $0.location < $1.location }
        index.codeLayout.sort { $0.location < $1.location }
        return index
    }

    /// Moves the elements of `list` to the end of `target`, leaving `list` empty. Unlike
    /// `append(contentsOf:)`, which copies (retains every reference inside every element)
    /// and then frees the source (releases them all again), each element is moved once.
    private static func move<Element>(_ list: inout [Element], to target: inout [Element]) {
        guard !list.isEmpty else { return }
        guard !target.isEmpty || target.capacity >= list.count else {
            swap(&list, &target)  // nothing reserved to keep: take the list's storage as it is
            return
        }
        // The buffer's `swapAt` moves elements; `Array.reverse()` would copy them.
        list.withUnsafeMutableBufferPointer { $0.reverse() }
        while let element = list.popLast() { target.append(element) }
    }

    /// Follows `typealias` chains (bounded, cycles stop).
    static func resolveAlias(_ name: String, in aliases: [String: String]) -> String {
        guard !aliases.isEmpty, aliases[name] != nil else { return name }
        var current = name
        var seen: Set<String> = [name]
        while let target = aliases[current], seen.insert(target).inserted { current = target }
        return current
    }

    /// Keeps in `calledSelfMethods` only the methods the project declares (helpers, not
    /// UIKit), named as declared (`loadNibFileOwner()` → `loadNibFileOwner(_:)`).
    private static func restrictCalledMethods(_ declarations: inout [SourceTypeDeclaration]) {
        var calling: [(declaration: Int, method: Int)] = []
        var methodCount = 0
        for position in declarations.indices {
            methodCount += declarations[position].methods.count
            for methodPosition in declarations[position].methods.indices
            where !declarations[position].methods[methodPosition].calledSelfMethods.isEmpty {
                calling.append((position, methodPosition))
            }
        }
        guard !calling.isEmpty else { return }
        var declared: [String: String] = [:]
        declared.reserveCapacity(2 * methodCount)
        for position in declarations.indices {
            let isSwift = declarations[position].language == .swift
            for methodPosition in declarations[position].methods.indices {
                let name = declarations[position].methods[methodPosition].name
                guard insertUnlessPresent(name, for: declarations[position].methods[methodPosition].selector, in: &declared)
                else { continue }
                if isSwift { insertUnlessPresent(name, for: baseName(name), in: &declared) }
            }
        }
        for (position, methodPosition) in calling {
            let called = declarations[position].methods[methodPosition].calledSelfMethods
            var kept: [String] = []
            for name in called {
                guard let match = declared[name] ?? declared[baseName(name)], !kept.contains(match) else { continue }
                kept.append(match)
            }
            // Only changes (compared as bytes) are written: no method list is touched in vain.
            if !kept.elementsEqual(called, by: { $0.hasSameUTF8(as: $1) }) {
                declarations[position].methods[methodPosition].calledSelfMethods = kept
            }
        }
    }

    /// Stores `value` under `key` unless the key is present; `false` when it was. One hash
    /// lookup when the key is new (most keys), two when the earlier value must be put back.
    @discardableResult
    private static func insertUnlessPresent(_ value: String, for key: String, in dictionary: inout [String: String]) -> Bool {
        guard let earlier = dictionary.updateValue(value, forKey: key) else { return true }
        dictionary[key] = earlier
        return false
    }

    /// `setUp(with:)` → `setUp`: the characters before the first `(`. Cut on the bytes when
    /// that `(` is plainly its own character (ASCII before it and right after it, so no
    /// prepended or combining mark joins it); else character by character.
    static func baseName(_ swiftName: String) -> String {
        enum Cut { case nothing, asciiPrefix(String), byCharacters }
        var name = swiftName
        // The ASCII prefix is made from the bytes directly: a `Substring` and its copy cost
        // several times more, and the merge cuts every called and declared method name.
        let cut: Cut = name.withUTF8 { bytes in
            guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return .nothing }  // no `(` at all
            guard bytes[..<min(open + 2, bytes.count)].allSatisfy({ $0 < 0x80 }) else { return .byCharacters }
            return .asciiPrefix(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<open]), as: UTF8.self))
        }
        switch cut {
        case .nothing: return swiftName
        case .asciiPrefix(let prefix): return prefix
        case .byCharacters: return String(swiftName.prefix { $0 != "(" })
        }
    }

    /// Turns `enclosingClass` inside a protocol extension into `conformingTypes`, and fills
    /// every site's concrete candidate nib names; a name made from a generic parameter of the
    /// enclosing type (`T.fromNib()` in `ContainerCell<T>`) stands for the classes the project
    /// specialises the type with (`ContainerCell<LoaderView>`).
    private static func resolveNibNames(_ index: inout SourceIndex, specializations: (Set<String>) -> [String: [[String]]]) {
        var classes = ClassLookup(types: index.types)
        let typeNames = index.nibLoads.map { $0.context.typeName.map { resolveAlias($0, in: index.typealiases) } }
        func genericSlot(_ position: Int) -> Int? {
            guard case .namedClass(let parameter) = index.nibLoads[position].nibName.resolution, let typeName = typeNames[position] else { return nil }
            return classes.types[typeName]?.genericParameters.firstIndex(of: parameter)
        }
        let genericTypes = Set(index.nibLoads.indices.compactMap { genericSlot($0) == nil ? nil : typeNames[$0] })
        let specializations = genericTypes.isEmpty ? [:] : specializations(genericTypes)
        for position in index.nibLoads.indices {
            var name = index.nibLoads[position].nibName
            let typeName = typeNames[position]
            if name.resolution == .enclosingClass, let typeName, classes.types[typeName]?.isProtocol == true {
                name.resolution = .conformingTypes(protocolName: typeName)
            }
            if let slot = genericSlot(position), let typeName {
                let bound = (specializations[typeName] ?? []).compactMap { slot < $0.count ? resolveAlias($0[slot], in: index.typealiases) : nil }
                name.candidates = Set(bound.map { classes.candidates(for: .namedClass($0), typeName: typeName) }.joined()).sorted()
                index.nibLoads[position].nibName = name
                continue
            }
            name.candidates = classes.candidates(for: name.resolution, typeName: typeName)
            name.carriesModulePrefix = name.spelling != .bare
                && classes.named(name.resolution, typeName: typeName).contains { type in
                    type.language == .swift && type.isClass && type.hasPrimaryDeclaration
                        && (name.spelling == .reflecting || type.runtimeName == nil)
                }
            index.nibLoads[position].nibName = name
        }
    }

    /// The project classes and nib names a load's name resolution stands for. The classes
    /// conforming to a protocol are found once per protocol: every load in a protocol
    /// extension would otherwise walk every type of the project again.
    private struct ClassLookup {
        let types: [String: SourceType]
        private var conforming: [String: [SourceType]] = [:]

        init(types: [String: SourceType]) {
            self.types = types
        }

        /// The classes (or a project superclass) conforming to `protocolName`, in no order.
        mutating func classes(conformingTo protocolName: String) -> [SourceType] {
            if let known = conforming[protocolName] { return known }
            let found = types.values.filter { $0.isClass && SourceIndexMerger.conforms($0, to: protocolName, types: types) }
            conforming[protocolName] = found
            return found
        }

        /// The project classes a class-derived resolution names (none for literals and `dynamic`).
        mutating func named(_ resolution: NibNameExpression.Resolution, typeName: String?) -> [SourceType] {
            switch resolution {
            case .enclosingClass: return typeName.flatMap { types[$0] }.map { [$0] } ?? []
            case .namedClass(let name): return types[name].map { [$0] } ?? []
            case .superclass: return typeName.flatMap { types[$0]?.superclass }.flatMap { types[$0] }.map { [$0] } ?? []
            case .conformingTypes(let protocolName): return classes(conformingTo: protocolName)
            case .literal, .dynamic: return []
            }
        }

        mutating func candidates(for resolution: NibNameExpression.Resolution, typeName: String?) -> [String] {
            switch resolution {
            case .literal(let value):
                return [value]
            case .namedClass(let name):
                return [nibName(of: name)]
            case .enclosingClass:
                guard let typeName, let type = types[typeName], type.isClass, type.hasPrimaryDeclaration else { return [] }
                return [nibName(of: typeName)]
            case .superclass:
                guard let typeName, let superclass = types[typeName]?.superclass else { return [] }
                return [nibName(of: superclass)]
            case .conformingTypes(let protocolName):
                return classes(conformingTo: protocolName).map { nibName(of: $0.name) }.sorted()
            case .dynamic:
                return []
            }
        }

        /// The name a class goes by at runtime: its `@objc(Name)`, else its last name component.
        private func nibName(of typeName: String) -> String {
            if let runtimeName = types[typeName]?.runtimeName { return runtimeName }
            guard typeName.utf8.contains(UInt8(ascii: ".")) else { return typeName }  // no `.`: nothing to split
            return String(typeName.split(separator: ".").last ?? Substring(typeName))
        }
    }

    /// Does the class (or a project superclass) conform to the protocol, directly or through
    /// a project protocol that inherits it?
    static func conforms(_ type: SourceType, to protocolName: String, types: [String: SourceType]) -> Bool {
        var visited: Set<String> = []
        var pending = [type.name]
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let current = types[name] else { continue }
            if current.conformances.contains(protocolName) { return true }
            pending += current.conformances
            if let superclass = current.superclass { pending.append(superclass) }
        }
        return false
    }
}
