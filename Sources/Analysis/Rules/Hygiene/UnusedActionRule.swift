/// `unused-action`: an `@IBAction` that no Interface Builder file connects.
struct UnusedActionRule: UnconnectedMemberRule {
    static let description = RuleDescription(
        id: "unused-action",
        severity: .info,
        category: .hygiene,
        summary: "An action declared in code is connected in no Interface Builder file; the control it was meant for does nothing.",
        help: """
        An `@IBAction` that no control sends — to the class, a subclass placed in Interface \
        Builder, or the First Responder — usually means a connection was lost when a control \
        was copied or the method renamed: the button silently does nothing. Only classes that \
        Interface Builder names are checked, and only when every Interface Builder file of the \
        project could be read.

        **Fix:** connect the action, or delete it (or drop `@IBAction` if code calls it).
        """
    )


    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `share(_:)` is connected nowhere.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tap(_ sender: Any) {}
                    @IBAction func share(_ sender: Any) {}
                }
                """),
                .init("App/CardView.xib", ActionNotInClassRule.cardXib(selector: "tap:")),
            ]),
            RuleExample("Objective-C: an unconnected action.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                - (IBAction)buttonTapped:(id)sender;
                - (IBAction)closeTapped:(id)sender;
                @end
                """),
                .init("App/CardView.xib", ActionNotInClassRule.cardXib(selector: "buttonTapped:", module: false)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: every action is connected.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tap(_ sender: Any) {}
                }
                """),
                .init("App/CardView.xib", ActionNotInClassRule.cardXib(selector: "tap:")),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let usage = model.connectionUsage
        return model.classesWithInterfaceBuilderUsage.flatMap { runtimeName, type in
            let isConnected = { (selector: String) in
                usage.isActionConnected(selector, onKindOf: runtimeName) || usage.isActionConnected(selector, onKindOf: type.name)
                    || usage.responderChainSelectors.contains(selector)
            }
            var seen: Set<String> = []
            return type.actions.filter { !isConnected($0.selector) && seen.insert($0.selector).inserted }.map { action in
                RuleViolation(
                    className: runtimeName,
                    message: "The action \(action.methodName) (\(action.selector)) of \(runtimeName) is connected in no Interface Builder file.",
                    locations: [action.location],
                    fix: "Connect \(action.selector) to its control, or delete the action.",
                    identity: [runtimeName, action.selector]
                )
            }
        }
    }
}
