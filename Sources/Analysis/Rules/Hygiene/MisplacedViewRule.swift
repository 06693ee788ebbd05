/// `misplaced-view`: a view Interface Builder marked `misplaced="YES"`: the frame drawn in
/// the canvas is not the one its constraints produce.
struct MisplacedViewRule: Rule {
    static let description = RuleDescription(
        id: "misplaced-view",
        severity: .info,
        category: .hygiene,
        summary: "The frame Interface Builder shows for the view differs from the one its constraints give at runtime.",
        help: """
        Xcode writes `misplaced="YES"` when a view's frame in the canvas does not match what \
        its constraints resolve to. Nothing breaks at runtime (the constraints win), but the \
        canvas lies about the layout and reviews of the file are misleading. Views whose frame \
        their container sets (a scroll view's clip view, a window's or cell's content view, a \
        table's header or footer view, a tab item's view) are not reported: their frame in the \
        file is never used.

        **Fix:** select the view and choose *Update Frames* (⌥⌘=), or fix the constraints if \
        the canvas shows the intended layout.
        """
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("A button drawn away from where its constraints put it.", files: [
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <button misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Btn-00-001">
                            <rect key="frame" x="40" y="90" width="46" height="30"/>
                        </button>
                    </subviews>
                </view>
                """)),
            ]),
        ],
        nonTriggering: [
            RuleExample("The same button after *Update Frames*.", files: [
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <button translatesAutoresizingMaskIntoConstraints="NO" id="Btn-00-001">
                            <rect key="frame" x="16" y="16" width="46" height="30"/>
                        </button>
                    </subviews>
                </view>
                """)),
            ]),
            RuleExample("A table's footer view drawn below the canvas: the table view places its footer at run time.", files: [
                .init("App/Base.lproj/Settings.storyboard", ExampleXML.tableStoryboard("""
                <tableView key="view" dataMode="prototypes" style="grouped" rowHeight="44" id="Tbl-00-001">
                    <view key="tableFooterView" contentMode="scaleToFill" misplaced="YES" id="Ftr-00-001">
                        <rect key="frame" x="0.0" y="781.5" width="375" height="44"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    </view>
                </tableView>
                """)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            document.objects.filter { $0.misplaced && !document.frameIsSetByContainer($0) }.map { object in
                RuleViolation(
                    className: object.customClass,
                    message: "\(object.displayName) in \(document.path) is misplaced: its frame in Interface Builder is not the one its constraints produce.",
                    locations: [SourceLocation(document, object)],
                    fix: "Select the view and choose Update Frames (⌥⌘=), or correct its constraints.",
                    identity: [document.path, object.id]
                )
            }
        }
    }
}
