import CYAML
import Foundation

/// Builds one YAML document from libyaml's events (its parser API, not its loader), so
/// that anchors and aliases are expanded under our own bounds: a document whose aliases
/// multiply into more than ``Limits/maxExpandedNodes`` nodes is refused before anything
/// walks it, and nesting is bounded so nothing recurses deeply.
struct YAMLReader {
    /// How much one document may hold.
    struct Limits: Sendable, Equatable {
        var maxBytes = 16 << 20
        var maxExpandedNodes = 2_000_000
        var maxDepth = 64
        var maxAliases = 10_000
    }

    /// Why a document cannot be read, with the 1-based place libyaml or the builder stopped.
    struct Failure: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    var limits = Limits()

    /// The document's root, or `nil` for an empty document (no content, or only comments).
    func read(_ data: Data) throws(Failure) -> YAMLNode? {
        guard data.count <= limits.maxBytes else {
            throw Failure(message: "the file is \(data.count) bytes, over the \(limits.maxBytes) bytes a configuration may have",
                          line: 1, column: 1)
        }
        try Self.requireUTF8(data)
        guard !data.isEmpty else { return nil }
        var builder = Builder(limits: limits)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw Failure(message: "the YAML parser could not start (out of memory)", line: 1, column: 1)
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<YAMLNode?, Failure> = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return .success(nil) }
            yaml_parser_set_input_string(&parser, base, raw.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // Every event consumes input, so the loop ends with the bytes; the count bound
            // is a second guard.
            for _ in 0 ... (raw.count * 4 + 16) {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return .failure(Self.parserFailure(parser)) }
                defer { yaml_event_delete(&event) }
                do throws(Failure) {
                    if try builder.take(event) { return .success(builder.root) }
                } catch {
                    return .failure(error)
                }
            }
            return .failure(Failure(message: "the YAML parser did not finish", line: 1, column: 1))
        }
        return try result.get()
    }

    /// Refuses bytes that are not UTF-8, naming the line of the first bad byte.
    private static func requireUTF8(_ data: Data) throws(Failure) {
        guard String(data: data, encoding: .utf8) == nil else { return }
        var validPrefix = data.count
        // Find the first offending byte by decoding growing prefixes' scalars one at a time.
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalarStart = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += String(scalar).utf8.count
                scalarStart = offset
            case .emptyInput:
                break decoding
            case .error:
                validPrefix = scalarStart
                break decoding
            }
        }
        let line = data.prefix(validPrefix).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        throw Failure(message: "the file is not UTF-8 text (byte \(validPrefix + 1) cannot be decoded); save it as UTF-8",
                      line: line, column: 1)
    }

    private static func parserFailure(_ parser: yaml_parser_t) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML is malformed"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        return Failure(message: "not valid YAML: \(problem)\(context)",
                       line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    }
}

extension YAMLReader {
    /// The document being built: open collections on a stack, anchored nodes by name.
    private struct Builder {
        /// An open sequence or mapping; mutated in place on the stack so appending stays cheap.
        struct Frame {
            var start: YAMLNode
            var isMapping: Bool
            var anchor: String?
            var items: [YAMLNode] = []
            var pairs: [YAMLNode.Pair] = []
            var keys: Set<String> = []
            var pendingKey: YAMLNode?
        }

        let limits: Limits
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var documents = 0
        var expandedNodes = 0
        var aliases = 0

        init(limits: Limits) {
            self.limits = limits
        }

        /// Takes one event; `true` once the stream has ended.
        mutating func take(_ event: yaml_event_t) throws(Failure) -> Bool {
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            func placeholder(_ content: YAMLNode.Content) -> YAMLNode {
                YAMLNode(content: content, line: line, column: column, expandedSize: 1)
            }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw Failure(message: "a configuration holds one YAML document; a second one starts here", line: line, column: column)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                let node = placeholder(.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE))
                try count(1, line: line, column: column)
                remember(node, anchor: Self.string(scalar.anchor))
                try add(node)
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let node = anchors[name] else {
                    throw Failure(message: "the alias *\(name) names no anchor before it", line: line, column: column)
                }
                aliases += 1
                guard aliases <= limits.maxAliases else {
                    throw Failure(message: "more than \(limits.maxAliases) aliases", line: line, column: column)
                }
                try count(node.expandedSize, line: line, column: column)
                try add(node)
            case YAML_SEQUENCE_START_EVENT:
                try count(1, line: line, column: column)
                try open(Frame(start: placeholder(.sequence([])), isMapping: false,
                               anchor: Self.string(event.data.sequence_start.anchor)), line: line, column: column)
            case YAML_MAPPING_START_EVENT:
                try count(1, line: line, column: column)
                try open(Frame(start: placeholder(.mapping([])), isMapping: true,
                               anchor: Self.string(event.data.mapping_start.anchor)), line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                let (node, anchor) = Self.close(frame)
                remember(node, anchor: anchor)
                try add(node)
            default:
                break
            }
            return false
        }

        private mutating func open(_ frame: Frame, line: Int, column: Int) throws(Failure) {
            guard stack.count < limits.maxDepth else {
                throw Failure(message: "nested more than \(limits.maxDepth) levels deep", line: line, column: column)
            }
            stack.append(frame)
        }

        private mutating func count(_ nodes: Int, line: Int, column: Int) throws(Failure) {
            expandedNodes += nodes
            guard expandedNodes <= limits.maxExpandedNodes else {
                throw Failure(message: "more than \(limits.maxExpandedNodes) values once aliases are expanded "
                    + "(aliases that multiply, as in a \"billion laughs\" document, are refused)", line: line, column: column)
            }
        }

        private mutating func remember(_ node: YAMLNode, anchor: String?) {
            if let anchor { anchors[anchor] = node }
        }

        /// Puts a finished node into the open collection, or makes it the root.
        private mutating func add(_ node: YAMLNode) throws(Failure) {
            let top = stack.count - 1
            guard top >= 0 else {
                root = node
                return
            }
            guard stack[top].isMapping else {
                stack[top].items.append(node)
                return
            }
            if let key = stack[top].pendingKey {
                stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
                stack[top].pendingKey = nil
                return
            }
            guard let name = node.scalarText else {
                throw Failure(message: "a key must be a name, not \(node.kindName)", line: node.line, column: node.column)
            }
            guard stack[top].keys.insert(name).inserted else {
                throw Failure(message: "the key '\(name)' is given twice in this mapping", line: node.line, column: node.column)
            }
            stack[top].pendingKey = node
        }

        private static func close(_ frame: Frame) -> (YAMLNode, String?) {
            var node = frame.start
            if frame.isMapping {
                node.content = .mapping(frame.pairs)
                node.expandedSize = 1 + frame.pairs.reduce(0) { $0 + $1.key.expandedSize + $1.value.expandedSize }
            } else {
                node.content = .sequence(frame.items)
                node.expandedSize = 1 + frame.items.reduce(0) { $0 + $1.expandedSize }
            }
            return (node, frame.anchor)
        }

        private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
