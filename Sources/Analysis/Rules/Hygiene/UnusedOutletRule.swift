/// `unused-outlet`: an `@IBOutlet` that no Interface Builder file connects: it stays nil,
/// and an implicitly unwrapped one crashes on first use.
struct UnusedOutletRule: UnconnectedMemberRule {
    static let description = RuleDescription(
        id: "unused-outlet",
        severity: .info,
        category: .hygiene,
        summary: "An outlet declared in code is connected in no Interface Builder file; it stays nil (and an implicitly unwrapped one crashes when used).",
        help: """
        Outlets are filled only by nib loading. One that no xib or storyboard connects — for \
        the class or any subclass placed in Interface Builder — is dead code at best, and an \
        `IBOutlet var label: UILabel!` that code reads is a crash waiting for the first use. \
        Only classes that Interface Builder names are checked, and only when every Interface \
        Builder file of the project could be read.

        **Fix:** connect the outlet, or delete it.
        """
    )


    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `subtitleLabel` is declared but never connected.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var titleLabel: UILabel!
                    @IBOutlet weak var subtitleLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", OutletNotInClassRule.cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("Objective-C: an unconnected outlet in the header.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @property (weak, nonatomic) IBOutlet UILabel *titleLabel;
                @property (weak, nonatomic) IBOutlet UIImageView *iconView;
                @end
                """),
                .init("App/CardView.xib", OutletNotInClassRule.cardXib(outlet: "titleLabel", module: false)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: a superclass outlet connected on the subclass's element.", files: [
                .init("App/CardView.swift", """
                import UIKit

                class BaseCardView: UIView {
                    @IBOutlet weak var titleLabel: UILabel!
                }

                final class CardView: BaseCardView {}
                """),
                .init("App/CardView.xib", OutletNotInClassRule.cardXib(outlet: "titleLabel")),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let usage = model.connectionUsage
        return model.classesWithInterfaceBuilderUsage.flatMap { runtimeName, type in
            var seen: Set<String> = []
            return type.outlets.filter {
                !usage.isOutletConnected($0.name, onKindOf: runtimeName) && !usage.isOutletConnected($0.name, onKindOf: type.name)
                    && seen.insert($0.name).inserted
            }.map { outlet in
                RuleViolation(
                    className: runtimeName,
                    message: "The outlet \(outlet.name) of \(runtimeName) is connected in no Interface Builder file; it stays nil.",
                    locations: [outlet.location],
                    fix: "Connect \(outlet.name) in the xib or storyboard that uses \(runtimeName), or delete it.",
                    identity: [runtimeName, outlet.name]
                )
            }
        }
    }
}
