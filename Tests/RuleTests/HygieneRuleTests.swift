import Analysis
import XCTest

final class HygieneRuleTests: XCTestCase {
    func testDuplicateConstraintComparesMeaningNotSpelling() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <view id="Box-00-001">
                            <constraints>
                                <constraint firstAttribute="width" secondItem="Box-00-001" secondAttribute="height" multiplier="16:9" id="Asp-00-001"/>
                                <constraint firstItem="Box-00-001" firstAttribute="height" secondItem="Box-00-001" secondAttribute="width" multiplier="9:16" id="Asp-00-002"/>
                                <constraint firstAttribute="height" constant="40" placeholder="YES" id="Plh-00-001"/>
                                <constraint firstAttribute="height" constant="40" placeholder="YES" id="Plh-00-002"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="Box-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" relation="greaterThanOrEqual" constant="8" id="Top-00-001"/>
                        <constraint firstItem="Root-00-001" firstAttribute="top" secondItem="Box-00-001" secondAttribute="top" relation="lessThanOrEqual" constant="-8" id="Top-00-002"/>
                        <constraint firstItem="Box-00-001" firstAttribute="leading" secondItem="Root-00-001" secondAttribute="leading" constant="8" id="Ldg-00-001"/>
                        <constraint firstItem="Box-00-001" firstAttribute="leading" secondItem="Root-00-001" secondAttribute="leading" constant="16" id="Ldg-00-002"/>
                    </constraints>
                </view>
        """)
        let findings = TestProject.findings("duplicate-constraint", in: ["A/Box.xib": xib])
        XCTAssertEqual(findings.count, 2, findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(findings.contains { $0.message.contains("\"Asp-00-002\"") && $0.message.contains("repeats \"Asp-00-001\"") })
        XCTAssertTrue(findings.contains { $0.message.contains("\"Top-00-002\"") })
        XCTAssertTrue(findings.allSatisfy { $0.locations.count == 2 })
    }

    func testSizeClassVariationsAreNotDuplicatesOfEachOther() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <view id="Box-00-001"/>
                    </subviews>
                    <constraints>
                        <constraint firstItem="Box-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>
                        <constraint firstItem="Box-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" constant="8" id="Top-00-002"/>
                    </constraints>
                    <variation key="default">
                        <mask key="constraints">
                            <exclude reference="Top-00-002"/>
                        </mask>
                    </variation>
                    <variation key="widthClass=compact">
                        <mask key="constraints">
                            <include reference="Top-00-002"/>
                        </mask>
                    </variation>
                </view>
        """)
        XCTAssertEqual(TestProject.findings("duplicate-constraint", in: ["A/Box.xib": xib]).count, 0)
    }

    func testAmbiguousViewsAreFoundWhereverTheySit() {
        let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <tableViewController id="Tvc-00-001" sceneMemberID="viewController">
                            <tableView key="view" id="Tbl-00-001">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="cell" id="Cel-00-001">
                                        <tableViewCellContentView key="contentView" id="Ccv-00-001">
                                            <subviews>
                                                <label ambiguous="YES" text="In a cell" id="Lbl-00-001"/>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <navigationItem key="navigationItem" id="Nav-00-001">
                                <view key="titleView" ambiguous="YES" id="Ttl-00-001"/>
                            </navigationItem>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let findings = TestProject.findings("ambiguous-view", in: ["A/Main.storyboard": storyboard])
        XCTAssertEqual(findings.count, 2)
        XCTAssertEqual(findings.map { $0.locations[0].line }, [12, 19])
    }

    /// Views whose size code supplies are `info`; every other flagged view stays a warning.
    func testAmbiguityResolvedInCodeIsInfoAndTheRestWarnings() throws {
        let rule = try XCTUnwrap(RuleRegistry.all.first { $0.description.id == "ambiguous-view" })
        for example in rule.examples.triggering {
            let report = Analyzer(configuration: .init(rules: [rule])).analyze(input: example.projectInput)
            let expected: Severity = example.title.hasPrefix("Reported as info") ? .info : .warning
            XCTAssertFalse(report.findings.isEmpty, example.title)
            XCTAssertEqual(Set(report.findings.map(\.severity)), [expected], example.title)
            if expected == .info {
                // Either code sizes the view (its line is listed), or the analysis's own reading
                // of the constraints shows the flag does not hold (a read fact caps it at info).
                XCTAssertTrue(report.findings.allSatisfy { finding in
                    (finding.locations.count == 2 && (finding.locations[1].path.hasSuffix(".swift") || finding.locations[1].path.hasSuffix(".m")))
                        || (finding.evidence ?? []).contains { $0.basis == .read && $0.ceiling == .info }
                }, "the line of code that sizes the view, or the reading that settles it, is listed: \(example.title)")
            }
        }
    }

    func testDuplicateIDIsOneFindingPerIDWithEveryPlace() {
        let xib = TestProject.xib("""
                <view id="Dup-00-001">
                    <subviews>
                        <label id="Dup-00-001"/>
                        <label id="Dup-00-001"/>
                    </subviews>
                </view>
        """)
        let findings = TestProject.findings("duplicate-id", in: ["A/Box.xib": xib])
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.locations.count, 3)
        XCTAssertTrue(findings.first?.message.contains("3 times") == true)
    }

    func testDuplicateIDCountsACocoaBindingThatRepeatsAnID() {
        let xib = TestProject.xib("""
                <view id="Root-00-001">
                    <subviews>
                        <textField id="Txt-00-001">
                            <connections>
                                <binding destination="-2" name="value" keyPath="title" id="Txt-00-001"/>
                            </connections>
                        </textField>
                    </subviews>
                </view>
        """)
        let findings = TestProject.findings("duplicate-id", in: ["A/Box.xib": xib])
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.locations.map(\.line), [6, 8])
    }

    func testUnusedOutletsAreNotClaimedWhenAnInterfaceBuilderFileIsUnreadable() {
        let swift = "import UIKit\n\nfinal class CardView: UIView {\n    @IBOutlet weak var badge: UILabel!\n}\n"
        let xib = TestProject.xib("<view customClass=\"CardView\" customModule=\"A\" customModuleProvider=\"target\" id=\"Root-00-001\"/>")
        XCTAssertEqual(TestProject.findings("unused-outlet", in: ["A/Card.swift": swift, "A/Card.xib": xib]).count, 1)
        let withCompiled = TestProject.analyze(["A/Card.swift": swift, "A/Card.xib": xib, "A/Other.nib": "bplist00\u{0}"])
        XCTAssertEqual(withCompiled.findings.filter { $0.rule == "unused-outlet" }.count, 0)
        XCTAssertEqual(withCompiled.notes?.count, 2)
        XCTAssertEqual(withCompiled.notes?.last, RuleRunner.membershipUnknownNote)
        XCTAssertTrue(withCompiled.notes?.first?.contains("could not be read") == true)
        XCTAssertTrue(withCompiled.notes?.first?.contains("unused-outlet, unused-action") == true)
    }

    func testActionsSentToTheFirstResponderAreUsed() {
        let swift = "import UIKit\n\nfinal class CardView: UIView {\n    @IBAction func refresh(_ sender: Any) {}\n}\n"
        let xib = TestProject.xib("""
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view customClass="CardView" customModule="A" customModuleProvider="target" id="Root-00-001">
                    <subviews>
                        <button id="Btn-00-001">
                            <connections>
                                <action selector="refresh:" destination="-2" eventType="touchUpInside" id="Act-00-001"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
        """)
        XCTAssertEqual(TestProject.findings("unused-action", in: ["A/Card.swift": swift, "A/Card.xib": xib]).count, 0)
    }
}
