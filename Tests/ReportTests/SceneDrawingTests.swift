import Analysis
import Foundation
import TestSupport
import XCTest

/// The wireframes of the HTML report (`Report.drawings`): frames in the file become drawing
/// coordinates, Cocoa's bottom-up frames are turned over, the elements findings name are
/// anchored, and hostile frames, nesting and counts give a bounded drawing with a note.
final class SceneDrawingTests: XCTestCase {
    /// A Swift class the xibs name, so that only `GhostView` is unknown (a finding at its element).
    private static let source = "import UIKit\nclass CardView: UIView {}\n"

    private func drawnReport(xib: String, name: String = "Card.xib", source: String = source) -> Report {
        let files = [ProjectFile(path: name, kind: .xib, contents: Data(xib.utf8)),
                     ProjectFile(path: "CardView.swift", kind: .swift, contents: Data(source.utf8))]
        let input = ProjectInput(defaultName: "Drawn", files: files, totalEntries: files.count, totalBytes: 0)
        return Analyzer(configuration: .init(concurrency: 1, drawsScenes: true)).analyze(input: input)
    }

    /// The finding about `GhostView`'s element and the drawing that anchors it.
    private func ghostAnchor(in report: Report, file: StaticString = #filePath, line: UInt = #line) throws -> (SceneDrawing, DrawingAnchor) {
        let finding = try XCTUnwrap(report.findings.first { $0.rule == "unknown-custom-class" && $0.className == "GhostView" },
                                    "findings: \(report.findings.map(\.rule))", file: file, line: line)
        let location = try XCTUnwrap(finding.locations.first, file: file, line: line)
        for drawing in report.drawings ?? [] where drawing.path == location.path {
            if let anchor = drawing.anchors.first(where: { $0.line == location.line && $0.column == location.column }) {
                return (drawing, anchor)
            }
        }
        XCTFail("no drawing anchors \(location)", file: file, line: line)
        throw XCTSkip("unreachable")
    }

    private static func view(_ id: String, _ frame: String, customClass: String? = nil, _ subviews: String = "") -> String {
        let classAttribute = customClass.map { " customClass=\"\($0)\"" } ?? ""
        let body = subviews.isEmpty ? "" : "<subviews>\(subviews)</subviews>"
        return "<view contentMode=\"scaleToFill\" id=\"\(id)\"\(classAttribute)>\(frame)\(body)</view>"
    }

    private static func frame(_ x: String, _ y: String, _ width: String, _ height: String) -> String {
        "<rect key=\"frame\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\"/>"
    }

    func testFramesNestedInTheFileBecomeDrawingCoordinates() throws {
        let ghost = Self.view("ghost-1", Self.frame("10", "5", "50", "20"), customClass: "GhostView")
        let label = "<label text=\"Hello &lt;world&gt;\" id=\"label-1\">\(Self.frame("70", "5", "100", "21"))</label>"
        let container = Self.view("box-1", Self.frame("20", "30", "200", "100"), ghost + label)
        let root = Self.view("root-1", Self.frame("0", "0", "320", "200"), customClass: "CardView", container)
        let report = drawnReport(xib: ExampleXML.xib(root))
        XCTAssertNil(try Report.decode(jsonData: try report.jsonData()).drawings, "the JSON format leaves drawings out")

        let (drawing, anchor) = try ghostAnchor(in: report)
        XCTAssertEqual(drawing.path, "Card.xib")
        XCTAssertEqual([drawing.width, drawing.height], [320, 200])
        XCTAssertEqual(drawing.views.count, 4)
        XCTAssertEqual(drawing.title, "CardView (line \(drawing.views[0].line))")
        let drawn = drawing.views[try XCTUnwrap(anchor.views.first)]
        XCTAssertEqual([drawn.x, drawn.y, drawn.width, drawn.height], [30, 35, 50, 20], "the container's origin plus the view's own")
        XCTAssertEqual(drawn.name, "GhostView")
        XCTAssertEqual(drawing.views[try XCTUnwrap(drawn.parent)].objectId, "box-1")
        let labelView = try XCTUnwrap(drawing.views.first { $0.objectId == "label-1" })
        XCTAssertEqual(labelView.kind, .label)
        XCTAssertEqual(labelView.text, "Hello <world>")
        XCTAssertNil(drawing.note)
    }

    func testCocoaFramesCountingUpFromTheBottomAreTurnedOver() throws {
        let ghost = "<customView id=\"ghost-1\" customClass=\"GhostView\">\(Self.frame("20", "20", "100", "30"))</customView>"
        let root = "<customView id=\"root-1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"480\" height=\"270\"/><subviews>\(ghost)</subviews></customView>"
        let report = drawnReport(xib: ExampleXML.cocoaXib(root), source: "import AppKit\nclass CardView: NSView {}\n")
        let (drawing, anchor) = try ghostAnchor(in: report)
        let drawn = drawing.views[try XCTUnwrap(anchor.views.first)]
        XCTAssertEqual([drawn.x, drawn.y, drawn.width, drawn.height], [20, 220, 100, 30], "270 − 20 − 30 from the top")
    }

    func testMissingNegativeNaNAndHugeFramesAreLeftOutWithANote() throws {
        let subviews = [
            "<view id=\"none-1\"/>",
            Self.view("negative-1", Self.frame("0", "0", "-40", "20")),
            Self.view("nan-1", Self.frame("NaN", "0", "40", "20")),
            Self.view("huge-1", Self.frame("0", "0", "1e300", "20")),
            Self.view("ghost-1", Self.frame("0", "0", "inf", "20"), customClass: "GhostView"),
            Self.view("fine-1", Self.frame("5", "5", "40", "20")),
        ].joined()
        let report = drawnReport(xib: ExampleXML.xib(Self.view("root-1", Self.frame("0", "0", "320", "200"), customClass: "CardView", subviews)))
        let (drawing, anchor) = try ghostAnchor(in: report)
        XCTAssertEqual(drawing.views.map(\.objectId), ["root-1", "fine-1"])
        XCTAssertEqual(anchor.views, [])
        XCTAssertEqual(anchor.reason, "not drawn: its frame is negative, not a number or over 100000 points")
        XCTAssertEqual(drawing.note, "5 views are not drawn: 1 without a frame, 4 with a frame that is negative, not a number or over 100000 points")
        let page = String(decoding: try report.rendered(as: .html), as: UTF8.self)
        XCTAssertTrue(page.contains("The named element is not drawn: its frame is negative"), "the page says why the element is missing")
    }

    func testDeepNestingAndThousandsOfViewsGiveABoundedDrawing() throws {
        var nested = Self.view("ghost-1", Self.frame("1", "1", "10", "10"), customClass: "GhostView")
        for level in 0..<100 { nested = Self.view("deep-\(level)", Self.frame("1", "1", "300", "300"), nested) }
        let siblings = (0..<5_000).map { Self.view("many-\($0)", Self.frame("\($0 % 300)", "\($0 / 300)", "4", "4")) }.joined()
        let root = Self.view("root-1", Self.frame("0", "0", "320", "400"), customClass: "CardView", nested + siblings)
        let report = drawnReport(xib: ExampleXML.xib(root))
        let drawing = try XCTUnwrap(report.drawings?.first)
        XCTAssertLessThanOrEqual(drawing.views.count, 1_500)
        let note = try XCTUnwrap(drawing.note)
        XCTAssertTrue(note.contains("nested deeper than 40"), note)
        XCTAssertTrue(note.contains("past the 1500 a picture holds"), note)
        let page = try report.rendered(as: .html)
        XCTAssertLessThan(page.count, 1_000_000, "one picture of at most 1,500 views")
    }

    func testConstraintAndConnectionLocationsAnchorTheirViews() throws {
        let ghost = """
            <view id="ghost-1" customClass="GhostView">\(Self.frame("10", "10", "50", "20"))
            <constraints><constraint firstAttribute="width" constant="50" id="width-1"/></constraints></view>
            """
        let root = """
            <view id="root-1" customClass="CardView">\(Self.frame("0", "0", "320", "200"))<subviews>\(ghost)</subviews>
            <constraints><constraint firstItem="ghost-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" constant="10" id="leading-1"/></constraints></view>
            """
        let report = drawnReport(xib: ExampleXML.xib(root))
        let (drawing, anchor) = try ghostAnchor(in: report)
        let ghostIndex = try XCTUnwrap(anchor.views.first)
        let labels = drawing.constraints.map(\.label).sorted()
        XCTAssertEqual(labels, ["GhostView.leading = CardView.leading + 10", "width = 50"], "the named view's constraints, both ends drawn")
        let leading = try XCTUnwrap(drawing.constraints.first { $0.firstAttribute == "leading" })
        XCTAssertEqual(leading.first, ghostIndex)
        XCTAssertEqual(leading.second, 0)
    }

    func testDrawingsRoundTripThroughTheStoredJSON() throws {
        let root = Self.view("root-1", Self.frame("0", "0", "320", "200"), customClass: "CardView",
                             Self.view("ghost-1", Self.frame("10", "5", "50", "20"), customClass: "GhostView"))
        let report = drawnReport(xib: ExampleXML.xib(root))
        for pretty in [true, false] {
            let written = try report.jsonData(pretty: pretty, includingDrawings: true)
            XCTAssertEqual(written, try Report.makeJSONEncoder(pretty: pretty).encode(report), "the writer matches Codable, drawings included")
            XCTAssertEqual(try Report.decode(jsonData: written).drawings, report.drawings)
        }
    }
}
