/// `outlet-not-in-class`: an outlet connection to a property its class does not have:
/// "this class is not key value coding-compliant for the key X".
struct OutletNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "outlet-not-in-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "An outlet connection names a property the object's class does not declare; loading the nib raises \"this class is not key value coding-compliant for the key X\".",
        help: """
        Outlets are set with Key-Value Coding when the nib loads. A connection whose property \
        was renamed or deleted in code (or whose object's class changed) makes \
        `setValue:forKey:` raise `NSUnknownKeyException`. The property may be declared in the \
        class, a superclass, an extension or category, as an `@IBOutlet` or any KVC-visible \
        property; UIKit and AppKit outlets (`view`, `dataSource`, `delegate`, `window`…) are \
        known. Classes whose superclass comes from a dependency are not checked.

        **Fix:** reconnect the outlet to the renamed property (Connections inspector), or \
        delete the stale connection.
        """
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `titleLabel` was renamed to `nameLabel` in code only.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("Objective-C: the property is gone from the header.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the outlet is declared in a superclass, and as a `lazy var`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                class BaseCardView: UIView {
                    @IBOutlet weak var titleLabel: UILabel!
                }

                final class CardView: BaseCardView {
                    @IBOutlet lazy var extra: UIView = UIView()
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("Objective-C: the outlet is declared in a class extension.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/CardView.m", """
                #import "CardView.h"
                @interface CardView ()
                @property (weak, nonatomic) IBOutlet UILabel *titleLabel;
                @end
                @implementation CardView
                @end
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            let connections = document.connections
            // Connections and objects are read field by field; only a violation copies them.
            return connections.indices.compactMap { position -> RuleViolation? in
                guard connections[position].kind == .outlet || connections[position].kind == .outletCollection,
                      let property = connections[position].property, let sourceIndex = connections[position].source,
                      let className = document.objects[sourceIndex].customClass, let members = model.checkableMembers(of: className),
                      !members.answersKey(property) else { return nil }
                let connection = connections[position]
                let object = document.objects[sourceIndex]
                let declaration = model.declaredType(runtimeName: className)?.location
                return RuleViolation(
                    className: className,
                    message: "\(document.path) connects the outlet \"\(property)\" of \(object.displayName), but \(className) and its superclasses declare no \(property): loading the nib raises \"this class is not key value coding-compliant for the key \(property)\".",
                    locations: [SourceLocation(document, connection.location), SourceLocation(document, object)] + (declaration.map { [$0] } ?? []),
                    fix: "Reconnect the outlet to the property's new name in the Connections inspector, or delete the connection.",
                    identity: [document.path, object.id, property]
                )
            }
        }
    }

    /// A `CardView` root-view xib with one outlet to a label.
    static func cardXib(outlet: String, module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"App\" customModuleProvider=\"target\"" : ""
        return ExampleXML.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        <view contentMode="scaleToFill" customClass="CardView"\(moduleAttributes) id="Root-00-001">
            <subviews>
                <label text="Title" id="Lbl-00-001"/>
            </subviews>
            <connections>
                <outlet property="\(outlet)" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </view>
        """)
    }
}
