@testable import Analysis
import XCTest

/// Focused checks of the §4.1 rules: message text, severity, locations, and the cases real
/// projects must not trip over.
final class ConstraintCopyRuleTests: XCTestCase {
    private func only(_ rule: any Rule.Type, _ example: RuleExample) throws -> Finding {
        let findings = RuleHarness.findings(of: rule, in: example)
        XCTAssertEqual(findings.count, 1, findings.map(\.message).joined(separator: "\n"))
        return try XCTUnwrap(findings.first)
    }

    func testDroppedConstraintsNameClassNibPlacementConstraintsAndSurvivors() throws {
        let finding = try only(PlaceholderConstraintsDroppedRule.self, PlaceholderConstraintsDroppedRule.examples.triggering[0])
        XCTAssertEqual(finding.severity, .warning, "lost size constraints break the layout; nothing crashes")
        XCTAssertEqual(finding.className, "CardViewProto")
        XCTAssertEqual(finding.seed, "001")
        for part in ["CardViewProto placed in App/Main.storyboard", "id Crd-00-001", "CardView.xib", "width = 240", "height = 128",
                     "CardViewProto.awakeAfter(using:)", "live on the common ancestor and survive"] {
            XCTAssertTrue(finding.message.contains(part), "missing \(part): \(finding.message)")
        }
        let storyboard = finding.locations.filter { $0.path == "App/Main.storyboard" }
        XCTAssertEqual(storyboard.first?.line, 11, "the placement comes first")
        XCTAssertEqual(storyboard.count, 3, "placement, width and height constraints")
        XCTAssertTrue(finding.locations.contains { $0.path == "App/CardView.swift" && $0.line == 8 }, "the override")
        XCTAssertTrue(finding.locations.contains { $0.path == "App/CardView.swift" && $0.line == 9 }, "the load")
    }

    func testPlaceholderConstraintsAreRemovedAtBuildTimeAndStayQuiet() {
        let example = SubstitutionExample.swift("placeholder constraints", body: "", storyboard: SubstitutionExample.storyboard(
            swift: true, content: """
            <constraints>
                <constraint firstAttribute="width" constant="240" placeholder="YES" id="Crd-Wid-001"/>
            </constraints>
            """))
        XCTAssertEqual(RuleHarness.findings(of: PlaceholderConstraintsDroppedRule.self, in: example).map(\.message), [])
    }

    func testAspectRatioIsASelfConstraintWithItsMultiplier() throws {
        let example = SubstitutionExample.objc("aspect", body: "", storyboard: SubstitutionExample.storyboard(swift: false, content: """
            <constraints>
                <constraint firstItem="Crd-00-001" firstAttribute="width" secondItem="Crd-00-001" secondAttribute="height" multiplier="16:9" id="Crd-Asp-001"/>
            </constraints>
            """))
        let finding = try only(PlaceholderConstraintsDroppedRule.self, example)
        XCTAssertTrue(finding.message.contains("width = 16:9 × height"), finding.message)
    }

    func testSeed000CopyLoopCarriesNoPriorityOrIdentifier() throws {
        let storyboard = SubstitutionExample.storyboard(swift: false, content: """
            <constraints>
                <constraint firstAttribute="height" constant="128" priority="750" identifier="cardHeight" id="Crd-Hei-001"/>
            </constraints>
            """)
        let example = SubstitutionExample.objc("seed 000 loop", body: SubstitutionExample.objcConstraintCopy, storyboard: storyboard)
        let finding = try only(ConstraintCopyDropsPriorityRule.self, example)
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertTrue(finding.message.contains("priority of height = 128 (priority 750) [cardHeight]"), finding.message)
        XCTAssertTrue(finding.message.contains("identifier of"), finding.message)
        XCTAssertTrue(finding.fix.contains("copy.priority = constraint.priority"), finding.fix)
        XCTAssertTrue(finding.locations.contains { $0.path == "App/CardView.m" && $0.line == 14 }, "the constraintWithItem: call")
    }

    func testWrongItemNamesTheSubviewConstraints() throws {
        let finding = try only(ConstraintCopyWrongItemRule.self, ConstraintCopyWrongItemRule.examples.triggering[0])
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(finding.message.contains("label.leading = CardViewProto.leading + 8"), finding.message)
        XCTAssertEqual(finding.locations.filter { $0.path == "App/Main.storyboard" }.map(\.line), [11, 18, 19])
    }

    func testAutoresizingConflictIsAnErrorAndAFrameMaskMismatchAWarning() throws {
        let conflict = try only(PlaceholderAutoresizingDroppedRule.self, PlaceholderAutoresizingDroppedRule.examples.triggering[0])
        XCTAssertEqual(conflict.severity, .error)
        XCTAssertTrue(conflict.locations.contains { $0.path == "App/CardView.xib" }, "the nib root that translates its mask")
        let mask = try only(PlaceholderAutoresizingDroppedRule.self, PlaceholderAutoresizingDroppedRule.examples.triggering[1])
        XCTAssertEqual(mask.severity, .warning)
        XCTAssertTrue(mask.message.contains("flexibleRightMargin, flexibleBottomMargin"), mask.message)
        XCTAssertNotEqual(conflict.fingerprint, mask.fingerprint)
    }

    func testFrameIsReportedOnlyForFrameLaidOutPlacements() throws {
        let finding = try only(PlaceholderFrameDroppedRule.self, PlaceholderFrameDroppedRule.examples.triggering[0])
        XCTAssertTrue(finding.message.contains("(16, 80, 240 × 128)") && finding.message.contains("(0, 0, 320 × 160)"), finding.message)
        let autoLayout = SubstitutionExample.swift("auto layout", body: "")
        XCTAssertEqual(RuleHarness.findings(of: PlaceholderFrameDroppedRule.self, in: autoLayout).count, 0)
    }

    func testAttributesNameEachLostPropertyAndIgnoreRuntimeAttributes() throws {
        let storyboard = SubstitutionExample.storyboard(swift: true, attributes: #"alpha="0.5" contentMode="scaleAspectFit" translatesAutoresizingMaskIntoConstraints="NO""#, content: """
            <color key="backgroundColor" systemColor="systemRedColor"/>
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                    <integer key="value" value="8"/>
                </userDefinedRuntimeAttribute>
            </userDefinedRuntimeAttributes>
            """)
        let finding = try only(PlaceholderAttributesDroppedRule.self, SubstitutionExample.swift("styled", body: "view.alpha = alpha", storyboard: storyboard))
        XCTAssertTrue(finding.message.contains("contentMode (scaleAspectFit)"), finding.message)
        XCTAssertTrue(finding.message.contains("backgroundColor"), finding.message)
        XCTAssertFalse(finding.message.contains("alpha"), "copied: \(finding.message)")
        XCTAssertFalse(finding.message.contains("cornerRadius"), "applied to the new view after decoding: \(finding.message)")
    }

    func testOrphanedOutletPointsAtTheOutletFirst() throws {
        let finding = try only(ConstraintOutletOrphanedRule.self, ConstraintOutletOrphanedRule.examples.triggering[0])
        XCTAssertEqual(finding.locations.first?.line, 25, "the outlet connection")
        XCTAssertEqual(finding.locations.dropFirst().first?.line, 15, "the height constraint")
        XCTAssertTrue(finding.message.contains("viewController.cardHeight"), finding.message)
    }

    func testSubviewsCountGuardSkipsPlacementsWithSubviewsForTheConstraintRules() {
        let content = SubstitutionExample.labelSubview + "\n<constraints>\n\(SubstitutionExample.sizeConstraints)\n</constraints>"
        func project(_ condition: String) -> RuleExample {
            RuleExample(condition, files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcGuarded(condition)),
                RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib"),
                SubstitutionExample.storyboard(swift: false, content: content).replacingClass("CardViewProto", with: "MyCustomView"),
            ])
        }
        XCTAssertEqual(RuleHarness.findings(of: PlaceholderConstraintsDroppedRule.self, in: project("self.subviews.count > 0")).count, 0,
                       "a placement with subviews is not substituted at all (subviews-count-guard reports it)")
        XCTAssertEqual(RuleHarness.findings(of: SubviewsCountGuardRule.self, in: project("self.subviews.count > 0")).map(\.severity), [.error])
        XCTAssertEqual(RuleHarness.findings(of: PlaceholderConstraintsDroppedRule.self, in: project("_loadingXib")).count, 1)
    }

    func testXXNibBridgeStyleSwizzlingHasNoOverrideAndStaysQuiet() {
        let example = RuleExample("bridge", files: [
            .init("App/CardView.swift", "import UIKit\nimport XXNibBridge\n\nfinal class CardViewProto: UIView, XXNibBridge {}\n"),
            SubstitutionExample.nib(swift: true), SubstitutionExample.storyboard(swift: true, content: SubstitutionExample.labelSubview),
        ])
        let ids = Set(FingerprintStabilityTests.rules.map { $0.description.id })
        XCTAssertEqual(RuleHarness.findings(example.files).filter { ids.contains($0.rule) }.map(\.message), [])
    }

    func testContentViewWithLayoutSubviewsIsNotReported() {
        let example = ContentViewNotPinnedRule.examples.triggering[0]
        let files = example.files.map { file -> RuleExample.File in
            file.path.hasSuffix(".swift") ? .init(file.path, file.text.replacingOccurrences(
                of: "    private func loadContent", with: "    override func layoutSubviews() {\n        super.layoutSubviews()\n        contentView.frame = bounds\n    }\n\n    private func loadContent")) : file
        }
        XCTAssertEqual(RuleHarness.findings(of: ContentViewNotPinnedRule.self, in: RuleExample("layout", files: files)).count, 0)
    }
}

extension ConstraintCopyRuleTests {
    func testStackViewArrangedPlacementHasNoFrameOrMaskToLose() {
        let placement = SubstitutionExample.storyboard(swift: true, attributes: #"contentMode="scaleToFill""#,
                                                       content: #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>"#, pinned: false)
        let stacked = RuleExample.File(placement.path, placement.text
            .replacingOccurrences(of: "<subviews>\n                            <view contentMode=\"scaleToFill\" id=\"Crd-00-001\"",
                                  with: "<subviews>\n<stackView axis=\"vertical\" id=\"Stk-00-001\"><subviews>\n                            <view contentMode=\"scaleToFill\" id=\"Crd-00-001\"")
            .replacingOccurrences(of: "                            </view>\n                        </subviews>",
                                  with: "                            </view>\n</subviews></stackView>\n                        </subviews>"))
        XCTAssertNotEqual(stacked.text, placement.text)
        for rule: any Rule.Type in [PlaceholderFrameDroppedRule.self, PlaceholderAutoresizingDroppedRule.self] {
            XCTAssertEqual(RuleHarness.findings(of: rule, in: SubstitutionExample.swift("free", body: "", storyboard: placement)).count, 1, rule.description.id)
            XCTAssertEqual(RuleHarness.findings(of: rule, in: SubstitutionExample.swift("stacked", body: "", storyboard: stacked)).count, 0, rule.description.id)
        }
    }

    func testPlacementValuesThatAreUIKitDefaultsAreNotReportedLost() {
        let hiddenNib = SubstitutionExample.nib(swift: true, rootAttributes: #"hidden="YES""#)
        let visible = SubstitutionExample.storyboard(swift: true, attributes: #"hidden="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO""#)
        let example = SubstitutionExample.swift("defaults", body: SubstitutionExample.swiftConstraintCopy, storyboard: visible, nib: hiddenNib)
        XCTAssertEqual(RuleHarness.findings(of: PlaceholderAttributesDroppedRule.self, in: example).count, 0)
    }
}

extension ConstraintCopyRuleTests {
    /// A project that vendors an XXNibBridge-style `UIView` category swapping opted-in views.
    func testVendoredUIViewCategorySwizzleStaysQuiet() {
        let category = RuleExample.File("Vendor/UIView+NibBridge.m", """
        #import <UIKit/UIKit.h>

        @implementation UIView (NibBridge)
        + (BOOL)nb_bridges {
            return NO;
        }

        - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
            self = [super awakeAfterUsingCoder:aDecoder];
            if (![[self class] nb_bridges]) {
                return self;
            }
            UIView *view = [[[UINib nibWithNibName:NSStringFromClass([self class]) bundle:nil] instantiateWithOwner:nil options:nil] firstObject];
            view.frame = self.frame;
            return view;
        }
        @end
        """)
        let view = RuleExample.File("App/CardViewProto.m", """
        #import <UIKit/UIKit.h>

        @interface CardViewProto : UIView
        @end

        @implementation CardViewProto
        + (BOOL)nb_bridges {
            return YES;
        }
        @end
        """)
        let files = [category, view, SubstitutionExample.nib(swift: false).replacingClass("CardView", with: "CardViewProto"),
                     SubstitutionExample.storyboard(swift: false, content: SubstitutionExample.labelSubview + "\n<constraints>\n\(SubstitutionExample.sizeConstraints)\n</constraints>")]
        let ids = Set(FingerprintStabilityTests.rules.map { $0.description.id })
        XCTAssertEqual(RuleHarness.findings(files).filter { ids.contains($0.rule) }.map(\.message), [])
    }
}

extension ConstraintCopyRuleTests {
    /// UIView-NibLoading style: a `UIView` category moves the nib's subviews into `self`.
    func testReparentingUIViewCategoryIsNotJudged() {
        let category = RuleExample.File("App/UIView+Reparent.m", """
        #import <UIKit/UIKit.h>

        @implementation UIView (Reparent)
        - (void)rp_loadContents {
            UIView *container = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:self options:nil] firstObject];
            container.bounds = self.bounds;
            for (UIView *view in container.subviews) {
                [self addSubview:view];
            }
        }
        @end
        """)
        XCTAssertEqual(RuleHarness.findings([category], rules: [ContentViewNotPinnedRule.self]).map(\.message), [])
    }
}
