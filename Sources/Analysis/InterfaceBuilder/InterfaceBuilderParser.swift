import CLibXML2
import Foundation

/// Reads one Interface Builder file into an `IBDocument`. Never throws: a file it cannot
/// read becomes a document with status `error` and a reason naming the problem and line.
/// Safe to use from many threads at once; each call has its own libxml2 reader.
///
/// ```swift
/// let document = InterfaceBuilderParser().parse(data: bytes, path: "App/Card.xib")
/// ```
public struct InterfaceBuilderParser: Sendable {
    public var limits: InterfaceBuilderLimits

    public init(limits: InterfaceBuilderLimits = .default) {
        self.limits = limits
    }

    /// The model of the file's bytes; `path` is only recorded, never opened.
    public func parse(data: Data, path: String) -> IBDocument {
        if data.count > limits.maxDocumentBytes {
            return .failed(path, "file is \(data.count) bytes, over the limit of \(limits.maxDocumentBytes)")
        }
        switch IBInputSniffer.classify(data) {
        case .empty:
            return .failed(path, "empty file")
        case .binary(let format, let description):
            return IBDocument(path: path, status: .binary, reason: "compiled nib (\(description)): only Xcode can read it", format: format)
        case .undecodable(let reason):
            return .failed(path, reason, line: 1)
        case .xml(let bytes, let transcoded):
            return bytes.withUnsafeBytes { buffer in
                parseXML(buffer, transcoded: transcoded, path: path)
            }
        }
    }

    private func parseXML(_ bytes: UnsafeRawBufferPointer, transcoded: Bool, path: String) -> IBDocument {
        if let line = IBAttributeCensus.firstTag(over: limits.maxAttributesPerElement, in: bytes) {
            return .failed(path, "an element with more than \(limits.maxAttributesPerElement) attributes", line: line)
        }
        let extraOptions = transcoded ? Int32(XML_PARSE_IGNORE_ENC.rawValue) : 0
        guard let reader = XMLStreamReader(bytes: bytes, encoding: transcoded ? "UTF-8" : nil, extraOptions: extraOptions,
                                           maxAttributeBytes: limits.maxAttributeBytes) else {
            return .failed(path, "libxml2 could not create a parser for \(bytes.count) bytes")
        }
        let driver = IBStreamDriver(reader: reader, bytes: bytes, limits: limits)
        do throws(IBParseFailure) {
            return try driver.run(path: path)
        } catch {
            return .failed(path, error.reason, line: error.line, format: driver.format)
        }
    }
}

extension IBDocument {
    /// A document that could not be read, with the reason (and line) why.
    static func failed(_ path: String, _ reason: String, line: Int? = nil, format: Format = .unknown) -> IBDocument {
        IBDocument(path: path, status: .error, reason: reason, errorLine: line, format: format)
    }
}
