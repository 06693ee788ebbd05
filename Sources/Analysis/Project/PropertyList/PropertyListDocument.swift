/// A parsed OpenStep property list as flat nodes over the file's own bytes: a string is a
/// byte range, a container a range of child nodes. Reading a `project.pbxproj` this way
/// makes no `String` and no `Dictionary` per value; the project reader asks for the few
/// values it uses (``string(_:)``, ``value(forKey:in:)``) and compares the rest as bytes.
/// ``value(at:)`` turns any node into a ``PropertyListValue`` where a whole tree is wanted.
///
/// The tables are immutable buffers the document owns (freed with it), so the reader's
/// hundreds of thousands of lookups read memory directly: no array is retained, released
/// or bounds-checked per lookup (each was, when the tables were arrays in a struct).
public final class PropertyListDocument: @unchecked Sendable {
    /// What a node is.
    enum Kind: UInt8, Sendable {
        /// A string whose bytes are the file's own (no escapes).
        case string
        /// A string with escapes, decoded into ``decoded``.
        case decodedString
        /// `<hex data>`, decoded into ``decoded``.
        case data
        case array
        /// Children alternate key, value (`count` pairs).
        case dictionary
    }

    /// A node, in 12 bytes; offsets fit 32 bits (the parser refuses larger files).
    struct Node: Sendable, BitwiseCopyable {
        var kind: Kind
        /// Byte offset (strings, data) or position in ``children`` (containers).
        var start: UInt32
        /// Bytes, elements or key-value pairs.
        var count: UInt32
    }

    /// The file's bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Strings with escapes and data, decoded.
    let decoded: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<Node>
    let children: UnsafeBufferPointer<UInt32>
    /// The node the file holds.
    let root: Int

    /// Takes ownership of the four buffers (allocated by the parser).
    init(bytes: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>,
         children: UnsafeBufferPointer<UInt32>, root: Int) {
        self.bytes = bytes
        self.decoded = decoded
        self.nodes = nodes
        self.children = children
        self.root = root
    }

    deinit {
        bytes.deallocate()
        decoded.deallocate()
        nodes.deallocate()
        children.deallocate()
    }

    func kind(_ node: Int) -> Kind { nodes[node].kind }

    /// The bytes of a string or data node (empty for a container).
    func withBytes<Result>(of node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = nodes[node]
        let range = Int(entry.start)..<(Int(entry.start) + Int(entry.count))
        switch entry.kind {
        case .string: return body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .decodedString, .data: return body(UnsafeBufferPointer(rebasing: decoded[range]))
        case .array, .dictionary: return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// The text of a string node; `nil` for anything else.
    func string(_ node: Int) -> String? {
        guard isString(node) else { return nil }
        return withBytes(of: node) { String(decoding: $0, as: UTF8.self) }
    }

    /// Is `node` a string (with or without escapes)?
    func isString(_ node: Int) -> Bool {
        let kind = nodes[node].kind
        return kind == .string || kind == .decodedString
    }

    /// Is `node` the string `literal`, byte for byte?
    func isString(_ node: Int, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { isString(node, bytes: $0) }
    }

    /// Is `node` a string of exactly the bytes `expected`?
    private func isString(_ node: Int, bytes expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isString(node), Int(nodes[node].count) == expected.count else { return false }
        return withBytes(of: node) { text in
            for offset in 0..<text.count where text[offset] != expected[offset] { return false }
            return true
        }
    }

    /// The elements of an array node (none for anything else).
    func elements(of node: Int) -> [Int] {
        let entry = nodes[node]
        guard entry.kind == .array else { return [] }
        return children[Int(entry.start)..<Int(entry.start + entry.count)].map { Int($0) }
    }

    /// `body` with the key and value nodes of each entry of a dictionary node, in file
    /// order (none for anything else), without an array of them.
    @inline(__always)
    func forEachEntry(of node: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
        let entry = nodes[node]
        guard entry.kind == .dictionary else { return }
        var position = Int(entry.start)
        for _ in 0..<Int(entry.count) {
            body(Int(children[position]), Int(children[position + 1]))
            position += 2
        }
    }

    /// How many entries a dictionary node has (0 for anything else).
    func entryCount(of node: Int) -> Int {
        nodes[node].kind == .dictionary ? Int(nodes[node].count) : 0
    }

    /// The key and value nodes of a dictionary node, in file order.
    func entries(of node: Int) -> [(key: Int, value: Int)] {
        var result: [(key: Int, value: Int)] = []
        result.reserveCapacity(entryCount(of: node))
        forEachEntry(of: node) { result.append(($0, $1)) }
        return result
    }

    /// The value of `key` in a dictionary node; the last one when the key repeats (as a
    /// dictionary built entry by entry keeps it). Keys compare as bytes.
    func value(forKey key: StaticString, in node: Int) -> Int? {
        key.withUTF8Buffer { value(forKeyBytes: $0, in: node) }
    }

    /// ``value(forKey:in:)`` for a key known only at run time (a build setting, an object id).
    func value(forKey key: String, in node: Int) -> Int? {
        var key = key
        return key.withUTF8 { value(forKeyBytes: $0, in: node) }
    }

    private func value(forKeyBytes key: UnsafeBufferPointer<UInt8>, in node: Int) -> Int? {
        let entry = nodes[node]
        guard entry.kind == .dictionary else { return nil }
        let first = Int(entry.start)
        var pair = Int(entry.count) - 1
        while pair >= 0 {
            if isString(Int(children[first + 2 * pair]), bytes: key) { return Int(children[first + 2 * pair + 1]) }
            pair -= 1
        }
        return nil
    }

    /// The string at `key` in a dictionary node.
    func string(forKey key: StaticString, in node: Int) -> String? {
        value(forKey: key, in: node).flatMap(string)
    }

    /// Is the value at `key` the string `literal`?
    func isString(forKey key: StaticString, in node: Int, _ literal: StaticString) -> Bool {
        value(forKey: key, in: node).map { isString($0, literal) } ?? false
    }

    /// The strings of an array node (non-strings left out), or a string node as a
    /// one-element list, as ``PropertyListValue/strings`` gives them.
    func strings(_ node: Int) -> [Int] {
        strings(node) { $0 }
    }

    /// ``strings(_:)`` passed through `transform` (`nil` results left out) into one array:
    /// an object's id lists are read this way, without an array per step. Inlined, so the
    /// closure (which captures its caller's tables) is not copied into a context per call.
    @inline(__always)
    func strings<Result>(_ node: Int, _ transform: (Int) -> Result?) -> [Result] {
        let entry = nodes[node]
        switch entry.kind {
        case .string, .decodedString: return transform(node).map { [$0] } ?? []
        case .array:
            var result: [Result] = []
            result.reserveCapacity(Int(entry.count))
            for position in Int(entry.start)..<Int(entry.start + entry.count) {
                let element = Int(children[position])
                if isString(element), let transformed = transform(element) { result.append(transformed) }
            }
            return result
        case .data, .dictionary: return []
        }
    }

    /// `body` with each node ``strings(_:)`` gives, without an array of them.
    @inline(__always)
    func forEachString(_ node: Int, _ body: (Int) -> Void) {
        let entry = nodes[node]
        switch entry.kind {
        case .string, .decodedString: body(node)
        case .array:
            for position in Int(entry.start)..<Int(entry.start + entry.count) where isString(Int(children[position])) {
                body(Int(children[position]))
            }
        case .data, .dictionary: break
        }
    }

    /// The strings of ``strings(_:)`` joined by spaces, as a list-valued build setting reads.
    func joinedStrings(_ node: Int) -> String {
        strings(node, string).joined(separator: " ")
    }

    /// `node` and everything below it as a ``PropertyListValue`` (keys repeated in a
    /// dictionary keep their last value).
    func value(at node: Int) -> PropertyListValue {
        switch nodes[node].kind {
        case .string, .decodedString: return .string(string(node) ?? "")
        case .data: return .data(withBytes(of: node) { Array($0) })
        case .array: return .array(elements(of: node).map(value(at:)))
        case .dictionary:
            let pairs = entries(of: node)
            var result: [String: PropertyListValue] = [:]
            result.reserveCapacity(pairs.count)
            for (key, value) in pairs { result[string(key) ?? ""] = self.value(at: value) }
            return .dictionary(result)
        }
    }
}
