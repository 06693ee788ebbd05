@testable import Analysis
import Foundation
import XCTest

/// The analysis's own reading of a view's constraints, which `ambiguous-view` holds against
/// Xcode's canvas flag: each way an axis is fixed, and that open axes stay open.
final class ConstraintAxesTests: XCTestCase {
    /// The open axes of the object `id` in a xib whose root view `Root-00-001` holds `subviews`
    /// and `constraints`.
    private func openAxes(of id: String, subviews: String, constraints: String) throws -> [ConstraintAxes.Axis] {
        let xml = ExampleXML.xib("""
        <view contentMode="scaleToFill" id="Root-00-001">
            <subviews>
        \(subviews)
            </subviews>
            <constraints>
        \(constraints)
            </constraints>
        </view>
        """)
        let document = InterfaceBuilderParser().parse(data: Data(xml.utf8), path: "App/Card.xib")
        let object = try XCTUnwrap(document.objects.first { $0.id == id })
        return ConstraintAxes(document).openAxes(of: object)
    }

    private func pin(_ item: String, _ attribute: String, to other: String = "Root-00-001", _ otherAttribute: String? = nil, id: String) -> String {
        #"<constraint firstItem="\#(item)" firstAttribute="\#(attribute)" secondItem="\#(other)" secondAttribute="\#(otherAttribute ?? attribute)" id="\#(id)"/>"#
    }

    func testALabelNeedsAPositionOnEachAxisAndTakesItsSizeFromItsText() throws {
        let label = #"<label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>"#
        XCTAssertEqual(try openAxes(of: "Lbl-00-001", subviews: label, constraints: pin("Lbl-00-001", "leading", id: "C-1")), [.vertical])
        XCTAssertEqual(try openAxes(of: "Lbl-00-001", subviews: label, constraints: pin("Lbl-00-001", "leading", id: "C-1") + pin("Lbl-00-001", "top", id: "C-2")), [])
    }

    func testAPlainViewNeedsASizeOrTwoEdges() throws {
        let view = #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-00-001"/>"#
        let position = pin("Box-00-001", "leading", id: "C-1") + pin("Box-00-001", "top", id: "C-2")
        XCTAssertEqual(try openAxes(of: "Box-00-001", subviews: view, constraints: position), [.horizontal, .vertical])
        let edges = position + pin("Box-00-001", "trailing", id: "C-3") + pin("Box-00-001", "bottom", id: "C-4")
        XCTAssertEqual(try openAxes(of: "Box-00-001", subviews: view, constraints: edges), [])
        let atLeast = position + #"<constraint firstItem="Box-00-001" firstAttribute="height" relation="greaterThanOrEqual" constant="25" id="C-5"/>"#
            + #"<constraint firstItem="Box-00-001" firstAttribute="width" constant="40" id="C-6"/>"#
        XCTAssertEqual(try openAxes(of: "Box-00-001", subviews: view, constraints: atLeast), [.vertical], "an inequality fixes nothing")
    }

    func testAViewTakesItsSizeFromAChainOfSizedSubviews() throws {
        let view = """
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-00-001">
            <subviews>
                <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                <label text="B" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-002"/>
            </subviews>
            <constraints>
                \(pin("Lbl-00-001", "leading", to: "Box-00-001", id: "I-1"))
                \(pin("Lbl-00-002", "leading", to: "Lbl-00-001", "trailing", id: "I-2"))
                \(pin("Lbl-00-002", "trailing", to: "Box-00-001", id: "I-3"))
                \(pin("Lbl-00-001", "top", to: "Box-00-001", id: "I-4"))
                \(pin("Lbl-00-001", "bottom", to: "Box-00-001", id: "I-5"))
            </constraints>
        </view>
        """
        let centred = pin("Box-00-001", "centerX", id: "C-1") + pin("Box-00-001", "centerY", id: "C-2")
        XCTAssertEqual(try openAxes(of: "Box-00-001", subviews: view, constraints: centred), [])
    }

    func testAStackPlacesArrangedSubviewsOfKnownSizeAndCollapsesHiddenOnes() throws {
        func stack(_ second: String, distribution: String = "") -> String {
            """
            <stackView axis="vertical"\(distribution) translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
                <subviews>
                    <label text="A" translatesAutoresizingMaskIntoConstraints="NO" ambiguous="YES" id="Lbl-00-001"/>
                    \(second)
                </subviews>
            </stackView>
            """
        }
        let edges = ["leading", "trailing", "top", "bottom"].enumerated().map { pin("Stk-00-001", $1, id: "C-\($0)") }.joined()
        let plain = #"<view contentMode="scaleToFill" id="Box-00-001"/>"#
        XCTAssertEqual(try openAxes(of: "Lbl-00-001", subviews: stack(plain), constraints: edges), [.vertical], "the plain view's height is open")
        XCTAssertEqual(try openAxes(of: "Lbl-00-001", subviews: stack(#"<view hidden="YES" contentMode="scaleToFill" id="Box-00-001"/>"#), constraints: edges), [])
        XCTAssertEqual(try openAxes(of: "Lbl-00-001", subviews: stack(plain, distribution: #" distribution="fillEqually""#), constraints: edges), [])
    }
}
