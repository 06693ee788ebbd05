@testable import Server
import XCTest

final class MultipartParserTests: XCTestCase {
    static let boundary = "----nibscan-boundary-42"

    static func form(_ parts: [(headers: String, body: String)], boundary: String = boundary) -> [UInt8] {
        var text = "preamble to ignore\r\n"
        for part in parts { text += "--\(boundary)\r\n\(part.headers)\r\n\r\n\(part.body)\r\n" }
        text += "--\(boundary)--\r\nepilogue"
        return Array(text.utf8)
    }

    /// Events with consecutive data merged, fed `chunkSize` bytes at a time.
    static func events(_ bytes: [UInt8], chunkSize: Int) throws -> [MultipartParser.Event] {
        var parser = MultipartParser(boundary: boundary)
        var events: [MultipartParser.Event] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunkSize)
            parser.append(bytes[offset ..< end])
            offset = end
            while let event = try parser.nextEvent() {
                if case .partData(let more) = event, case .partData(let earlier)? = events.last {
                    events[events.count - 1] = .partData(earlier + more)
                } else {
                    events.append(event)
                }
            }
        }
        return events
    }

    func testFieldsAndFileAtEveryChunkSize() throws {
        let bytes = Self.form([
            ("Content-Disposition: form-data; name=\"repository\"", "acme/app"),
            ("Content-Disposition: form-data; name=\"project\"; filename=\"App.zip\"\r\nContent-Type: application/zip", "PK\u{3}\u{4}\r\n--not-the-boundary\r\ndata"),
        ])
        let expected: [MultipartParser.Event] = [
            .partStart(name: "repository", filename: nil, contentType: nil), .partData(Array("acme/app".utf8)), .partEnd,
            .partStart(name: "project", filename: "App.zip", contentType: "application/zip"),
            .partData(Array("PK\u{3}\u{4}\r\n--not-the-boundary\r\ndata".utf8)), .partEnd, .end,
        ]
        for chunkSize in [1, 2, 3, 7, 16, 64, 4096] {
            XCTAssertEqual(try Self.events(bytes, chunkSize: chunkSize), expected, "chunk size \(chunkSize)")
        }
    }

    func testBodyStartingWithTheDelimiterAndEmptyPart() throws {
        let text = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"branch\"\r\n\r\n\r\n--\(Self.boundary)--"
        XCTAssertEqual(try Self.events(Array(text.utf8), chunkSize: 5), [.partStart(name: "branch", filename: nil, contentType: nil), .partEnd, .end])
    }

    func testLargeFilePartIsStreamedNotBuffered() throws {
        var parser = MultipartParser(boundary: Self.boundary)
        parser.append(Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"project\"; filename=\"a.zip\"\r\n\r\n".utf8))
        XCTAssertEqual(try parser.nextEvent(), .partStart(name: "project", filename: "a.zip", contentType: nil))
        var streamed = 0
        for _ in 0 ..< 100 {
            parser.append([UInt8](repeating: 0x41, count: 10_000))
            while case .partData(let data)? = try parser.nextEvent() { streamed += data.count }
        }
        // All but a possible partial delimiter has been handed on.
        XCTAssertGreaterThan(streamed, 1_000_000 - Self.boundary.count - 4)
    }

    func testMalformedBodies() {
        func failure(_ text: String) -> String? {
            var parser = MultipartParser(boundary: Self.boundary, maxHeaderBytes: 200, maxParts: 2)
            parser.append(Array(text.utf8))
            do {
                while try parser.nextEvent() != nil {}
                return nil
            } catch {
                return error.detail
            }
        }
        let start = "--\(Self.boundary)\r\n"
        XCTAssertNotNil(failure(start + "Content-Type: text/plain\r\n\r\nx"), "no name")
        XCTAssertNotNil(failure(start + "Content-Disposition: attachment; name=\"a\"\r\n\r\nx"), "not form-data")
        XCTAssertNotNil(failure(start + "NoColon\r\n\r\nx"))
        XCTAssertNotNil(failure(start + "X: " + String(repeating: "y", count: 300)), "headers too large")
        XCTAssertNotNil(failure("--\(Self.boundary)garbage\r\n"), "junk after delimiter")
        let three = (0 ..< 3).map { start.dropFirst(0) + "Content-Disposition: form-data; name=\"f\($0)\"\r\n\r\nv\r\n" }.joined()
        XCTAssertNotNil(failure("\r\n" + three), "too many parts")
    }

    func testParameterParsing() {
        let parsed = MultipartParser.parameters(of: "multipart/form-data; boundary=\"a b;c\"; charset=utf-8")
        XCTAssertEqual(parsed.type, "multipart/form-data")
        XCTAssertEqual(parsed.values["boundary"], "a b;c")
        XCTAssertEqual(parsed.values["charset"], "utf-8")
        XCTAssertEqual(MultipartParser.parameters(of: "form-data; name=\"q\\\"x\"").values["name"], "q\"x")
    }
}
