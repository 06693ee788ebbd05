/// `ambiguous-view`: a view Interface Builder marked `ambiguous="YES"`: its constraints do
/// not fix its position or size, so the layout at runtime is whatever the engine picks.
struct AmbiguousViewRule: Rule {
    static let description = RuleDescription(
        id: "ambiguous-view",
        severity: .warning,
        category: .hygiene,
        summary: "Interface Builder marked the view's layout ambiguous: its constraints do not determine its frame, so it may appear anywhere at runtime.",
        help: """
        Xcode writes `ambiguous="YES"` on a view whose constraints leave its position or size \
        undetermined. At runtime Auto Layout picks one of the possible layouts, which changes \
        with content, device and OS version. Views that opted out with *Verify Ambiguity* \
        (`verifyAmbiguity`) are not reported, nor the content view a container sizes itself \
        (a window's, a scroll view's clip view, a box's or a visual-effect view's \
        `contentView`): Xcode may mark it, but its frame never comes from its constraints. \
        Sizes that only exist at run time settle it too: a stack view left empty in Interface \
        Builder (code adds its arranged subviews), a project class that overrides \
        `intrinsicContentSize`.

        **Fix:** open the file, select the view and add the missing constraints (the issue \
        navigator lists what is missing), or give the view an intrinsic size.
        """
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("A label whose constraints do not fix its vertical position.", files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <label ambiguous="YES" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                """, constraints: """
                <constraint firstItem="Lbl-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                """)),
            ]),
        ],
        nonTriggering: [
            RuleExample("The same label, fully constrained.", files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                """, constraints: """
                <constraint firstItem="Lbl-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                <constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Vw1-00-001" secondAttribute="top" constant="16" id="Top-00-001"/>
                """)),
            ]),
            RuleExample("macOS: the clip view of a scroll view and a window's content view, which their containers size.", files: [
                .init("App/Preferences.xib", ExampleXML.cocoaXib("""
                <customObject id="-2" userLabel="File's Owner" customClass="NSApplication"/>
                <window title="Preferences" allowsToolTipsWhenApplicationIsInactive="NO" id="Win-00-001">
                    <view key="contentView" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Cnt-00-001">
                        <subviews>
                            <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="Scr-00-001">
                                <clipView key="contentView" ambiguous="YES" id="Clp-00-001"/>
                            </scrollView>
                        </subviews>
                    </view>
                </window>
                """)),
            ]),
            RuleExample("An empty stack view that code fills, and a view whose class reports its own intrinsic size.", files: [
                .init("App/TypingDotsView.swift", """
                import UIKit

                final class TypingDotsView: UIView {
                    override var intrinsicContentSize: CGSize { CGSize(width: 24, height: 8) }
                }
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <stackView opaque="NO" contentMode="scaleToFill" ambiguous="YES" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001"/>
                <view contentMode="scaleToFill" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Dot-00-001" customClass="TypingDotsView" customModule="App" customModuleProvider="target"/>
                """, constraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                <constraint firstItem="Dot-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-002"/>
                """)),
            ]),
            RuleExample("An ambiguous view whose author turned ambiguity checks off (`verifyAmbiguity`).", files: [
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <scrollView verifyAmbiguity="ignoreSizes" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-00-001"/>
                    </subviews>
                </view>
                """)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            document.objects.filter {
                $0.ambiguous && $0.verifyAmbiguity == nil && !isSizedByContainer($0) && !isSizedAtRunTime($0, in: model)
            }.map { object in
                RuleViolation(
                    className: object.customClass,
                    message: "The layout of \(object.displayName) in \(document.path) is ambiguous: its constraints do not determine its frame.",
                    locations: [SourceLocation(document, object)],
                    fix: "Add the constraints Xcode lists as missing for this view, or give it an intrinsic content size.",
                    identity: [document.path, object.id]
                )
            }
        }
    }

    /// A container's own content view (`key="contentView"`: a window's, a box's, a
    /// visual-effect view's; a scroll view's `clipView`): the container sets its frame.
    private static func isSizedByContainer(_ object: IBObject) -> Bool {
        object.key == "contentView" || object.element == "clipView"
    }

    /// A stack view with no arranged subviews in the file (code adds them), or a view whose
    /// project class overrides `intrinsicContentSize`.
    private static func isSizedAtRunTime(_ object: IBObject, in model: ProjectModel) -> Bool {
        if object.element == "stackView", object.subviews.isEmpty { return true }
        guard let name = object.customClass, model.projectClass(name) != nil else { return false }
        let members = model.members(of: name)
        return members.declaredKeys.contains("intrinsicContentSize") || members.declaredSelectors.contains("intrinsicContentSize")
    }
}
