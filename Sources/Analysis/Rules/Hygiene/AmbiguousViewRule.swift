/// `ambiguous-view`: a view Interface Builder marked `ambiguous="YES"` whose frame is not
/// settled at run time either. Xcode judges the file alone; ``AmbiguityAtRunTime`` adds what
/// the file cannot show (containers that set frames, sizes made in code, self-sizing cells).
struct AmbiguousViewRule: Rule {
    static let description = RuleDescription(
        id: "ambiguous-view",
        severity: .warning,
        category: .hygiene,
        summary: "Interface Builder marked the view's layout ambiguous and nothing at run time settles it: Auto Layout picks one of the possible frames.",
        help: """
        Xcode writes `ambiguous="YES"` on a view whose constraints leave its position or size \
        undetermined. At run time Auto Layout silently picks one of the possible layouts, which \
        changes with content, device and OS version. Views that opted out with *Verify Ambiguity* \
        (`verifyAmbiguity`) are not reported.

        Xcode judges the file alone, so some of its flags do not hold when the app runs:

        - **The container sets the frame**: an `NSScrollView`'s clip view, a window's content \
        view, a table or collection cell's content view, a table's header or footer view, an \
        `NSTabView` item's view, a standard-style table cell's built-in `textLabel`, \
        `detailTextLabel` and `imageView` (the cell's attributes name them). Not reported.
        - **A self-sizing cell**: an arranged subview of a vertical stack in a table cell whose \
        content view is tied to its content at the top and the bottom, in a table that sizes rows \
        automatically (Row Height *Automatic*, or `rowHeight = UITableView.automaticDimension` in \
        code). Xcode measures against the cell's fixed canvas height; at run time the cell takes \
        the content's height and no arranged subview has to stretch. Not reported. A cell whose \
        content is held only by `centerY` makes UIKit log *constraints ambiguously suggest a \
        height of zero* and fall back to the standard height, in which the content is then \
        settled: `info`.
        - **The size comes from code**: the class overrides `intrinsicContentSize`, adds and \
        constrains its own subviews, or sets its `contentSize`; an outlet to a stack view is filled \
        with `addArrangedSubview`; a view whose constraints are all build-time placeholders is \
        constrained in code through its outlet. Reported as `info`, also for the stacks and \
        spacers around such a view, which inherit Xcode's flag.

        - **Nothing shows it**: it lies in a top-level view of a storyboard scene, or of a xib \
        that a view or window controller owns, that no outlet or other connection refers to: \
        the owner keeps only what its outlets hold, so the view never reaches a window and its \
        layout is never computed. Reported as `info`.

        - **A stack view arranges it**: an arranged subview of a UIKit stack view that fills its \
        axis (distribution *Fill*, the default, or *Fill Equally*) and its cross axis (alignment \
        *Fill*), or that has an intrinsic size across: UIStackView stretches arranged subviews by \
        hugging priority and, where that ties, by their order, so the flag (two labels of equal \
        hugging, say) is a tie the stack breaks on a device. Reported as `info`. Other \
        distributions and alignments keep fitting sizes and are judged as any view.

        - **The flag is stale**: the analysis reads the constraints itself, from the top \
        down: where they fix the view's position and size on both axes (edges \
        tied to views that are fixed in turn, a constant or intrinsic size, a stack view that \
        places arranged subviews of known size and collapses hidden ones), Xcode's flag was \
        written against an earlier canvas. Reported as `info`. The warning names the axis the \
        reading finds open.

        Before it warns, the rule has read: the flag on the view, no container or code that \
        sizes it, and an axis its constraints leave open.

        **Fix:** open the file, select the view and add the missing constraints (the issue \
        navigator lists what is missing). For a size that code provides, give the view a \
        placeholder intrinsic size (Size inspector, *Intrinsic Size: Placeholder*) so Xcode \
        stops flagging it.
        """,
        reads: [
            "The view's `ambiguous=\"YES\"` and no `verifyAmbiguity`.",
            "Its containers in the file: whether a scroll view's clip view, a window's or cell's content view, a table's header or footer or a tab item sets its frame, and whether it is an arranged subview of a vertical stack in a self-sizing table cell (content tied top to bottom, automatic row height in the file or `automaticDimension` in code); those are not reported.",
            "The sources that may size it: its class's `intrinsicContentSize`, subviews it adds and constrains, a `contentSize`, and outlets to it that fill a stack, set a content size or constrain it; where code sizes it (or a view inside or beside it in a stack), the finding is info.",
            "Whether it lies in a top-level view that no connection of the file refers to, in a storyboard or in a xib whose File's Owner is a view or window controller and whose loads use no returned object: nothing shows such a view and the finding is info.",
            "Whether it is an arranged subview of a UIKit stack view that fills its axis and its cross axis (or of one where the view has an intrinsic size across): the stack decides its frame and the finding is info.",
            "The file's required constraints, read from the top down: an axis they leave open; where they fix both axes, Xcode's flag is stale and the finding is info.",
            "Whether the view ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("A label whose constraints do not fix its vertical position.", severity: .warning, files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <label ambiguous="YES" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                """, constraints: """
                <constraint firstItem="Lbl-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                """)),
            ]),
            RuleExample("A plain view arranged in a centre-aligned stack: the stack gives it no width and it has none of its own.", severity: .warning, files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <stackView axis="vertical" alignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
                    <subviews>
                        <view ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Dot-00-001"/>
                        <label text="Status" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                    </subviews>
                </stackView>
                """, constraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="top" secondItem="Vw1-00-001" secondAttribute="top" constant="16" id="Top-00-001"/>
                """)),
            ]),
            RuleExample("Reported as info: two labels of equal vertical hugging in a stack 60 points high; UIStackView stretches one of them, breaking the tie by their order.", severity: .info, files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
                    <subviews>
                        <label verticalHuggingPriority="251" ambiguous="YES" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-00-001"/>
                        <label verticalHuggingPriority="251" ambiguous="YES" text="Detail" translatesAutoresizingMaskIntoConstraints="NO" id="Dtl-00-001"/>
                    </subviews>
                    <constraints>
                        <constraint firstAttribute="height" constant="60" id="Hgt-00-001"/>
                    </constraints>
                </stackView>
                """, constraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="centerY" secondItem="Vw1-00-001" secondAttribute="centerY" id="CnY-00-001"/>
                """)),
            ]),
            RuleExample("Reported as info: the flag is stale, since the label's constraints now fix its leading edge and top, and its text gives its size.", severity: .info, files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <label ambiguous="YES" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                """, constraints: """
                <constraint firstItem="Lbl-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                <constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Vw1-00-001" secondAttribute="top" constant="16" id="Top-00-001"/>
                """)),
            ]),
            RuleExample("Reported as info: a hidden arranged subview of a stack pinned on every edge; the stack collapses it until code shows it.", severity: .info, files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
                    <subviews>
                        <view hidden="YES" ambiguous="YES" contentMode="scaleToFill" id="Ban-00-001"/>
                        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                    </subviews>
                </stackView>
                """, constraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Vw1-00-001" secondAttribute="leading" id="Ldg-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="trailing" secondItem="Vw1-00-001" secondAttribute="trailing" id="Trl-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="top" secondItem="Vw1-00-001" secondAttribute="top" id="Top-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="bottom" secondItem="Vw1-00-001" secondAttribute="bottom" id="Btm-00-001"/>
                """)),
            ]),
            RuleExample("macOS: a text field in a window's content view with only a horizontal position.", files: [
                .init("App/Base.lproj/Preferences.xib", AmbiguousViewExamples.window(subviews: """
                <textField ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Fld-00-001"/>
                """, constraints: """
                <constraint firstItem="Fld-00-001" firstAttribute="leading" secondItem="Cnt-00-001" secondAttribute="leading" constant="20" id="Ldg-00-001"/>
                """)),
            ]),
            RuleExample("Reported as info: labels in a vertical stack of a static cell held only by `centerY`, in a table with Automatic row height: UIKit finds no height in the cell's content and gives the row the standard height, where the stack, sized by its labels, is centred: the layout is settled on a device.", severity: .info, files: [
                .init("App/Base.lproj/Main.storyboard", AmbiguousViewExamples.tableScene(rowHeight: "-1", cellConstraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="centerY" secondItem="Cnt-00-001" secondAttribute="centerY" id="CnY-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Cnt-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                """)),
            ]),
            RuleExample("Reported as info: the same stack pinned top and bottom in rows of a fixed height (44): the stack stretches one label, breaking the tie between equal hugging priorities by their order.", severity: .info, files: [
                .init("App/Base.lproj/Main.storyboard", AmbiguousViewExamples.tableScene(rowHeight: "44", cellConstraints: AmbiguousViewExamples.pinnedTopAndBottom)),
            ]),
            RuleExample("The same ambiguous field in a spare top-level view that an outlet of the controller refers to: code may show it.", files: [
                .init("Mac/LibraryViewController.xib", Self.spareViewXib(outletToSpare: true)),
                Self.libraryController,
            ]),
            RuleExample("Reported as info: the field lies in a spare top-level view of a controller's xib that no outlet or connection refers to: nothing puts it on screen, so its layout is never computed.", severity: .info, files: [
                .init("Mac/LibraryViewController.xib", Self.spareViewXib(outletToSpare: false)),
                Self.libraryController,
            ]),
            RuleExample("Reported as info: the Swift class overrides `intrinsicContentSize`, which Interface Builder cannot evaluate.", files: [
                .init("App/Typing.xib", AmbiguousViewExamples.customViewXib(className: "DotsView")),
                .init("App/DotsView.swift", """
                import UIKit

                final class DotsView: UIView {
                    override var intrinsicContentSize: CGSize { CGSize(width: 36, height: 8) }
                }
                """),
            ]),
            RuleExample("Reported as info: the Objective-C class builds its label and pins it with anchors in `initWithCoder:`.", files: [
                .init("App/Typing.xib", AmbiguousViewExamples.customViewXib(className: "BadgeView", swift: false)),
                .init("App/BadgeView.m", """
                #import "BadgeView.h"

                @implementation BadgeView {
                    UILabel *_label;
                }

                - (instancetype)initWithCoder:(NSCoder *)coder {
                    if ((self = [super initWithCoder:coder])) {
                        _label = [[UILabel alloc] init];
                        _label.translatesAutoresizingMaskIntoConstraints = NO;
                        [self addSubview:_label];
                        [NSLayoutConstraint activateConstraints:@[
                            [_label.topAnchor constraintEqualToAnchor:self.topAnchor],
                            [_label.bottomAnchor constraintEqualToAnchor:self.bottomAnchor],
                            [_label.leadingAnchor constraintEqualToAnchor:self.leadingAnchor],
                            [_label.trailingAnchor constraintEqualToAnchor:self.trailingAnchor],
                        ]];
                    }
                    return self;
                }

                @end
                """),
            ]),
            RuleExample("Reported as info: an empty stack view filled with `addArrangedSubview` through its outlet.", files: [
                .init("App/DayCell.xib", AmbiguousViewExamples.stackOutletXib),
                .init("App/DayCell.swift", """
                import UIKit

                final class DayCell: UITableViewCell {
                    @IBOutlet var entriesStackView: UIStackView!

                    func show(_ entries: [String]) {
                        for entry in entries {
                            let label = UILabel()
                            label.text = entry
                            entriesStackView.addArrangedSubview(label)
                        }
                    }
                }
                """),
            ]),
            RuleExample("Reported as info: the stack around a view whose Objective-C class returns its own `intrinsicContentSize`; Xcode's flag spreads from that view to its stack.", files: [
                .init("App/Card.xib", AmbiguousViewExamples.customViewXib(className: "RatingView", swift: false, inStack: true)),
                .init("App/RatingView.m", """
                #import "RatingView.h"

                @implementation RatingView

                - (CGSize)intrinsicContentSize {
                    return CGSizeMake(5 * 24, 24);
                }

                @end
                """),
            ]),
            RuleExample("Reported as info: a banner whose only constraints are build-time placeholders, constrained with SnapKit through its outlet.", files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Bnr-00-001"/>
                """, constraints: """
                <constraint firstItem="Bnr-00-001" firstAttribute="top" secondItem="Vw1-00-001" secondAttribute="top" placeholder="YES" id="Top-00-001"/>
                """, controller: #"customClass="BannerViewController" customModule="App" customModuleProvider="target""#)
                    .replacingOccurrences(of: "</viewController>", with: """
                    <connections>
                                                <outlet property="bannerView" destination="Bnr-00-001" id="Out-00-001"/>
                                            </connections>
                                        </viewController>
                    """)),
                .init("App/BannerViewController.swift", """
                import SnapKit
                import UIKit

                final class BannerViewController: UIViewController {
                    @IBOutlet var bannerView: UIView!

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        bannerView.snp.makeConstraints { make in
                            make.top.leading.trailing.equalToSuperview()
                            make.height.equalTo(48)
                        }
                    }
                }
                """),
            ]),
            RuleExample("Reported as info: the Swift class adds its label and pins it on every edge with Anchorage (`edgeAnchors`).", severity: .info, files: [
                .init("App/Typing.xib", AmbiguousViewExamples.customViewXib(className: "StatusView")),
                .init("App/StatusView.swift", AmbiguousViewExamples.codeLayoutClass("StatusView", pin: "label.edgeAnchors == edgeAnchors")),
            ]),
            RuleExample("Reported as info: the same with FLKAutoLayout (`align(to:)`, Objective-C's `alignToView:`).", severity: .info, files: [
                .init("App/Typing.xib", AmbiguousViewExamples.customViewXib(className: "StatusView")),
                .init("App/StatusView.swift", AmbiguousViewExamples.codeLayoutClass("StatusView", pin: "label.align(to: self)")),
            ]),
            RuleExample("The label is pinned at its top only (FLKAutoLayout's `alignTopEdge(with:)`): nothing gives the view a height, so the flag stands.", severity: .warning, files: [
                .init("App/Typing.xib", AmbiguousViewExamples.customViewXib(className: "StatusView")),
                .init("App/StatusView.swift", AmbiguousViewExamples.codeLayoutClass("StatusView", pin: "label.alignTopEdge(with: self, predicate: \"8\")")),
            ]),
        ],
        nonTriggering: [
            RuleExample("The title and subtitle of a Subtitle-style cell: the cell lays out its built-in labels itself.", files: [
                .init("App/Base.lproj/Main.storyboard", ExampleXML.tableStoryboard("""
                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" rowHeight="-1" id="Tbl-00-001">
                    <prototypes>
                        <tableViewCell contentMode="scaleToFill" textLabel="Lbl-00-001" detailTextLabel="Lbl-00-002" style="IBUITableViewCellStyleSubtitle" id="Cel-00-001">
                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="Cel-00-001" id="Cnt-00-001">
                                <subviews>
                                    <label opaque="NO" contentMode="left" ambiguous="YES" text="Title" id="Lbl-00-001">
                                        <autoresizingMask key="autoresizingMask"/>
                                    </label>
                                    <label opaque="NO" contentMode="left" ambiguous="YES" text="Subtitle" id="Lbl-00-002">
                                        <autoresizingMask key="autoresizingMask"/>
                                    </label>
                                </subviews>
                            </tableViewCellContentView>
                        </tableViewCell>
                    </prototypes>
                </tableView>
                """)),
            ]),
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
            RuleExample("An ambiguous view whose author turned ambiguity checks off (`verifyAmbiguity`).", files: [
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <scrollView verifyAmbiguity="ignoreSizes" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-00-001"/>
                    </subviews>
                </view>
                """)),
            ]),
            RuleExample("macOS: the clip view of a scroll view and a window's content view; the scroll view tiles one, the window sizes the other.", files: [
                .init("App/Base.lproj/Preferences.xib", AmbiguousViewExamples.window(contentAmbiguous: true, subviews: """
                <scrollView fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-00-001">
                    <rect key="frame" x="20" y="20" width="260" height="120"/>
                    <clipView key="contentView" ambiguous="YES" id="Clp-00-001">
                        <rect key="frame" x="1" y="1" width="258" height="118"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    </clipView>
                </scrollView>
                """)),
            ]),
            RuleExample("Labels in a vertical stack pinned top and bottom in a cell, in a table with Automatic row height: the cell takes the stack's height.", files: [
                .init("App/Base.lproj/Main.storyboard", AmbiguousViewExamples.tableScene(rowHeight: "-1", cellConstraints: AmbiguousViewExamples.pinnedTopAndBottom)),
            ]),
            RuleExample("The same cell in a xib, at least 8 points from the top and bottom, shown by a table whose Objective-C controller sets `rowHeight = UITableViewAutomaticDimension`.", files: [
                .init("App/EntryCell.xib", AmbiguousViewExamples.cellXib(constraints: """
                <constraint firstItem="Stk-00-001" firstAttribute="top" relation="greaterThanOrEqual" secondItem="Cnt-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>
                <constraint firstAttribute="bottom" relation="greaterThanOrEqual" secondItem="Stk-00-001" secondAttribute="bottom" constant="8" id="Btm-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="centerY" secondItem="Cnt-00-001" secondAttribute="centerY" id="CnY-00-001"/>
                <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Cnt-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                """)),
                .init("App/EntriesViewController.m", """
                #import "EntriesViewController.h"

                @implementation EntriesViewController

                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.tableView registerNib:[UINib nibWithNibName:@"EntryCell" bundle:nil] forCellReuseIdentifier:@"Entry"];
                    self.tableView.rowHeight = UITableViewAutomaticDimension;
                }

                @end
                """),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let table = CodeLayoutTable(model.sources)
        return model.analysedDocuments.flatMap { document -> [RuleViolation] in
            guard document.objects.contains(where: { $0.ambiguous && $0.verifyAmbiguity == nil }) else { return [] }
            var judge = AmbiguityAtRunTime(model: model, document: document, table: table)
            let axes = ConstraintAxes(document)
            return document.objects.filter { $0.ambiguous && $0.verifyAmbiguity == nil }.compactMap { object in
                violation(object, judge.verdict(for: object, axes: axes), axes: axes, in: document)
            }
        }
    }

    /// A macOS controller's xib: its view, and a spare top-level view holding a text field
    /// with only a horizontal position, which the controller's `detail` outlet may refer to.
    private static func spareViewXib(outletToSpare: Bool) -> String {
        let detailOutlet = outletToSpare ? "\n        <outlet property=\"detail\" destination=\"Spr-00-001\" id=\"Out-00-002\"/>" : ""
        return ExampleXML.cocoaXib("""
        <customObject id="-2" userLabel="File's Owner" customClass="LibraryViewController" \(ExampleXML.appModule)>
            <connections>
                <outlet property="view" destination="Vw1-00-001" id="Out-00-001"/>\(detailOutlet)
            </connections>
        </customObject>
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customView id="Vw1-00-001"/>
        <customView translatesAutoresizingMaskIntoConstraints="NO" id="Spr-00-001">
            <subviews>
                <textField ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Fld-00-001"/>
            </subviews>
            <constraints>
                <constraint firstItem="Fld-00-001" firstAttribute="leading" secondItem="Spr-00-001" secondAttribute="leading" constant="20" id="Ldg-00-001"/>
            </constraints>
        </customView>
        """)
    }

    private static let libraryController = RuleExample.File("Mac/LibraryViewController.swift", """
        import Cocoa

        final class LibraryViewController: NSViewController {
            @IBOutlet var detail: NSView?
        }

        final class LibraryWindowController: NSWindowController {
            let library = LibraryViewController(nibName: "LibraryViewController", bundle: nil)
        }
        """)

    private static func violation(_ object: IBObject, _ verdict: AmbiguityAtRunTime.Verdict, axes: ConstraintAxes,
                                  in document: IBDocument) -> RuleViolation? {
        let subject = "\(object.displayName) in \(document.path)"
        let placeholderFix = "Give the view a placeholder intrinsic size in Interface Builder (Size inspector, Intrinsic Size: Placeholder) so Xcode stops flagging it; add constraints only if the size from code is not the whole story."
        let message: String
        var severity: Severity?
        var fix = "Add the constraints Xcode lists as missing for this view, or give it an intrinsic content size."
        var sourceLocation: SourceLocation?
        var evidence: [Evidence] = []
        switch verdict {
        case .containerSetsFrame, .selfSizingCell:
            return nil
        case .sizedInCode(let size):
            message = "Interface Builder marks the layout of \(subject) ambiguous, but \(size.reason): at run time its size comes from that code, which Xcode cannot see, so the flag may be only the canvas's."
            severity = .info
            fix = placeholderFix
            sourceLocation = size.location
        case .nearViewSizedInCode(let near, let size):
            message = "Interface Builder marks the layout of \(subject) ambiguous, but \(near.displayName) inside or beside it is sized in code (\(size.reason)): the flag may come from that view alone, which Xcode cannot size."
            severity = .info
            fix = "Give \(near.displayName) a placeholder intrinsic size in Interface Builder (Size inspector, Intrinsic Size: Placeholder); if this view is still flagged, add the constraints Xcode lists."
            sourceLocation = size.location
        case .stackArranges(let stack):
            message = "Interface Builder marks the layout of \(subject) ambiguous, but it is an arranged subview of \(stack.displayName), which fills its axis: UIStackView sizes and places its arranged subviews, stretching them by hugging priority and breaking a tie by their order, so the flag, a tie on the canvas, does not reach the device."
            evidence = [.limiting("\(stack.displayName) fills its axis, and every arranged subview it shows has a size of its own along it", to: .info,
                                  because: "UIStackView decides the frames of its arranged subviews, breaking a tie of hugging priorities by their order")]
            fix = "Give the arranged subviews different content hugging priorities along the stack's axis so Xcode stops flagging them; nothing changes on a device."
        case .neverShown(let orphan):
            message = "Interface Builder marks the layout of \(subject) ambiguous, but it lies in \(orphan.displayName), a top-level view of the file that no outlet or other connection refers to: nothing puts it on screen, so its layout is never computed."
            evidence = [.limiting("\(orphan.displayName) is a top-level view no connection refers to, in a file loaded only through its owner's outlets", to: .info,
                                  because: "a view nothing refers to is never added to a window, so its ambiguity is never seen")]
            fix = "Delete \(orphan.displayName) if it is left over, or connect it and add the constraints Xcode lists."
        case .ambiguous:
            let open = axes.openAxes(of: object)
            let axes = open.isEmpty ? "" : " (the \(open.map(\.rawValue).joined(separator: " and ")) position or size is left open)"
            message = "The layout of \(subject) is ambiguous: its constraints do not determine its frame\(axes), and Auto Layout silently picks one of the possible frames at run time."
            evidence = readingOfTheFlag(object, openAxes: open)
        }
        return RuleViolation(
            className: object.customClass,
            message: message,
            locations: [SourceLocation(document, object)] + (sourceLocation.map { [$0] } ?? []),
            fix: fix,
            severity: severity,
            evidence: evidence,
            identity: [document.path, object.id]
        )
    }

    /// Xcode's flag is its reading of the canvas; the analysis reads the constraints itself
    /// (``ConstraintAxes``, which counts a stack view's placement of its arranged subviews).
    /// Where that reading fixes both axes, the flag is stale and the finding is info.
    private static func readingOfTheFlag(_ object: IBObject, openAxes: [ConstraintAxes.Axis]) -> [Evidence] {
        guard openAxes.isEmpty else { return [] }
        return [.limiting("the file's required constraints fix \(object.displayName)'s position and size on both axes", to: .info,
                          because: "Xcode's flag was written against an earlier canvas and is stale until its frames are updated")]
    }
}
