/// `cell-nib-top-level`: a nib registered for cell reuse does not hold exactly one top-level
/// object that is a cell.
struct CellNibTopLevelRule: Rule {
    static let description = RuleDescription(
        id: "cell-nib-top-level",
        severity: .error,
        category: .beyondCustomViews,
        summary: "A nib registered for cell reuse holds more than one top-level object or one that is not a cell: \"nib must contain exactly one top level object\".",
        help: """
        `register(_:forCellReuseIdentifier:)` (and the collection-view and header/footer \
        variants) instantiate the nib and require exactly one top-level object of the right \
        kind. A second top-level object — often a gesture recognizer dropped on the cell, \
        which Interface Builder puts at the top level, or a leftover view — or a root that is a \
        plain view makes the first dequeue raise: "invalid nib registered for identifier (x) - \
        nib must contain exactly one top level object which must be a UITableViewCell instance".

        **Fix:** keep only the cell at the top level of the xib (gesture recognizers can stay: \
        attach them to a view of the cell, not the document), and make the root a \
        `UITableViewCell`/`UICollectionViewCell` (or header/footer view) subclass.
        """,
        reads: [
            "A nib registration for reuse in the sources (`register(_:forCellReuseIdentifier:)`, `registerNib:forCellReuseIdentifier:`, the collection-view, header/footer and supplementary variants) and the single nib name it resolves to.",
            "That nib's top-level objects, placeholders (File's Owner, First Responder) left out: not exactly one, or one that is not the registered kind.",
            "For a lone top-level object: its element (`tableViewCell`, `collectionViewCell`…) or its `customClass` lineage in the sources down to a platform class; a class whose lineage neither the project nor the platform table knows (a dependency's) is not reported.",
            "Whether the registration ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs. And a nib registered under an identifier no dequeue of that view can ask for is never loaded, so the finding is info: the identifier is a literal, a constant or an enum case with one literal value, and no shipping code names it (its literal, its constant, or the type its value spells) outside registrations and declarations, except files that register their own view for it.",
        ]
    )

    private static let swiftController = RuleExample.File("App/FeedViewController.swift", """
    import UIKit

    final class FeedCell: UITableViewCell {}

    final class FeedViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UINib(nibName: "FeedCell", bundle: nil), forCellReuseIdentifier: "feed")
        }
    }
    """)

    private static let objcController = RuleExample.File("App/InboxViewController.m", """
    #import <UIKit/UIKit.h>

    @interface InboxCell : UITableViewCell
    @end

    @implementation InboxCell
    @end

    @interface InboxViewController : UITableViewController
    @end

    @implementation InboxViewController
    - (void)viewDidLoad {
        [super viewDidLoad];
        [self.tableView registerNib:[UINib nibWithNibName:@"InboxCell" bundle:nil] forCellReuseIdentifier:@"inbox"];
    }
    @end
    """)

    private static let tapRecognizer = #"<tapGestureRecognizer id="Tap-00-001"/>"#

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: a tap gesture recognizer sits beside the cell at the top level.", files: [
                swiftController,
                BeyondExample.xib("App/FeedCell.xib", swift: true,
                                  objects: BeyondExample.tableCell(id: "Fdc-00-001", cellClass: "FeedCell", identifier: "feed", swift: true) + "\n" + tapRecognizer),
            ]),
            RuleExample("Objective-C: the nib's root is a plain view.", files: [
                objcController,
                BeyondExample.xib("App/InboxCell.xib", swift: false, objects: #"<view contentMode="scaleToFill" id="Inb-00-001"/>"#),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: a header-footer view registered for headers with an identifier that is not a literal.", files: [
                .init("App/ResultViewController.swift", """
                import UIKit

                class BaseHeaderView: UITableViewHeaderFooterView {}
                final class ResultHeaderView: BaseHeaderView {}

                final class ResultViewController: UITableViewController {
                    enum Header: String { case result }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        tableView.register(UINib(nibName: String(describing: ResultHeaderView.self), bundle: nil),
                                           forHeaderFooterViewReuseIdentifier: Header.result.rawValue)
                    }
                }
                """),
                BeyondExample.xib("App/ResultHeaderView.xib", swift: true,
                                  objects: #"<view contentMode="scaleToFill" id="Hdr-00-001" customClass="ResultHeaderView" customModule="App" customModuleProvider="target"/>"#),
            ]),
            RuleExample("Objective-C: a collection reusable view registered as a supplementary view.", files: [
                .init("App/GalleryViewController.m", """
                #import <UIKit/UIKit.h>
                @interface GalleryViewController : UICollectionViewController
                @end
                static NSString *const kSectionHeader = @"section";
                @implementation GalleryViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.collectionView registerNib:[UINib nibWithNibName:@"SectionHeader" bundle:nil]
                          forSupplementaryViewOfKind:UICollectionElementKindSectionHeader withReuseIdentifier:kSectionHeader];
                }
                @end
                """),
                BeyondExample.xib("App/SectionHeader.xib", swift: false, objects: #"<collectionReusableView opaque="NO" contentMode="center" id="Sec-00-001"/>"#),
            ]),
            RuleExample("Swift: the cell alone.", files: [
                swiftController,
                BeyondExample.xib("App/FeedCell.xib", swift: true,
                                  objects: BeyondExample.tableCell(id: "Fdc-00-001", cellClass: "FeedCell", identifier: "feed", swift: true)),
            ]),
            RuleExample("Objective-C: an InboxCell root.", files: [
                objcController,
                BeyondExample.xib("App/InboxCell.xib", swift: false, objects: BeyondExample.tableCell(id: "Inb-00-001", cellClass: "InboxCell", swift: false)),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.nibLoads.filter { $0.api == .registerNib }.flatMap { site in
            let reusable = site.reusable
            return model.definiteNibDocuments(of: site).compactMap { _, document -> RuleViolation? in
                let top = document.instantiatedTopLevelObjects
                let problem: String
                if top.count != 1 {
                    problem = "its top level holds \(top.count) objects (\(top.map(\.displayName).joined(separator: ", ")))"
                } else if isReusable(top[0], as: reusable, in: model) == false {
                    problem = "its only top-level object, \(top[0].displayName), is not a \(requiredClass(reusable))"
                } else {
                    return nil
                }
                let identifier = site.reuseIdentifier.map { "\"\($0)\"" } ?? "its identifier"
                return RuleViolation(
                    className: top.first?.customClass,
                    message: "\(document.path) is registered for reuse identifier \(identifier) at \(site.location.path):\(site.location.line), but \(problem): the first dequeue raises \"invalid nib registered for identifier - nib must contain exactly one top level object which must be a \(requiredClass(reusable)) instance\".",
                    locations: [site.location] + top.map { SourceLocation(document, $0) },
                    fix: "Leave only the \(requiredClass(reusable)) at the top level of \(document.path); attach gesture recognizers to a view inside the cell.",
                    identity: [document.path, site.location.path, site.reuseIdentifier ?? ""])
            }
        }
    }

    private static func requiredClass(_ reusable: LiteralCallSite.Reusable?) -> String {
        switch reusable {
        case .tableCell, nil: "UITableViewCell"
        case .collectionCell: "UICollectionViewCell"
        case .headerFooter: "UITableViewHeaderFooterView"
        case .supplementary: "UICollectionReusableView"
        }
    }

    /// Whether the object is the kind of reusable view the registration needs; `nil` when its
    /// class is unknown to the project and the platform (a dependency's class).
    private static func isReusable(_ object: IBObject, as reusable: LiteralCallSite.Reusable?, in model: ProjectModel) -> Bool? {
        let required = requiredClass(reusable)
        let elements: [String: Set<String>] = [
            "UITableViewCell": ["tableViewCell"], "UICollectionViewCell": ["collectionViewCell"],
            "UITableViewHeaderFooterView": ["tableViewHeaderFooterView"],
            "UICollectionReusableView": ["collectionReusableView", "collectionViewCell"],
        ]
        if elements[required]?.contains(object.element) == true { return true }
        guard let customClass = object.customClass, !customClass.isEmpty else { return false }
        let lineage = model.lineage(of: model.projectClass(customClass)?.name ?? customClass)
        if lineage.contains(required) { return true }
        let resolved = lineage.contains { PlatformClasses.isKnown($0) }
        return resolved ? false : nil
    }
}
