/// `init-coder-replaces-self`: Objective-C `initWithCoder:` assigns `self` a nib-loaded object.
struct InitCoderReplacesSelfRule: Rule {
    static let description = RuleDescription(
        id: "init-coder-replaces-self",
        severity: .error,
        category: .recursion,
        summary: "initWithCoder: replaces self with a nib-loaded view: NSGenericException \"This coder requires that replaced objects be returned from initWithCoder:\".",
        seed: "000",
        help: """
        The nib decoder does not accept a different object from `initWithCoder:`: assigning \
        `self = [[NSBundle mainBundle] loadNibNamed:…][0]` (or a class factory that loads the \
        nib) raises `NSGenericException`, "This coder requires that replaced objects be returned \
        from initWithCoder:" (seed 000 step 1) as soon as the view is decoded from a storyboard \
        or xib — and the nested load decodes the same class again.

        The `initWithFrame:` variant of seed 003 (`self = [[self class] view]`) is not reported: \
        `initWithFrame:` is never called by Interface Builder decoding, so a code-created view \
        may legitimately be replaced by its nib's instance (a placement of that class in a \
        storyboard stays empty, which `empty-placeholder` reports).

        **Fix:** swap the decoded object in `awakeAfterUsingCoder:` instead (seed 000 step 1), \
        with a guard against recursion, or load the nib's content into `self` with the \
        File's Owner pattern (seeds 002–004).
        """,
        reads: [
            "An Objective-C `initWithCoder:` in the sources that assigns `self` a nib-loaded object: a `loadNibNamed:` result or a project class factory that loads a nib (`self = [super initWithCoder:]` and other assignments are not reported).",
            "Whether that `initWithCoder:` ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static let header = RuleExample.File("App/CustomView1.h", """
    #import <UIKit/UIKit.h>

    @interface CustomView1 : UIView
    + (instancetype)view;
    @end
    """)

    private static func implementation(_ initializer: String) -> RuleExample.File {
        .init("App/CustomView1.m", """
        #import "CustomView1.h"

        @implementation CustomView1
        + (instancetype)view {
            return [[[NSBundle mainBundle] loadNibNamed:@"CustomView1" owner:nil options:nil] firstObject];
        }

        \(initializer)
        @end
        """)
    }

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Objective-C: initWithCoder: assigns self the nib's first object (seed 000 step 1's failed attempt).", files: [
                header, implementation("""
                - (id)initWithCoder:(NSCoder *)aDecoder {
                    self = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] objectAtIndex:0];
                    return self;
                }
                """),
            ]),
            RuleExample("Objective-C: initWithCoder: assigns self through the class factory.", files: [
                header, implementation("- (id)initWithCoder:(NSCoder *)aDecoder {\n    self = [[self class] view];\n    return self;\n}"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Objective-C: seed 003's initWithFrame: variant, for views created in code.", files: [
                header, implementation("- (id)initWithFrame:(CGRect)frame {\n    self = [[self class] view];\n    return self;\n}"),
            ]),
            RuleExample("Objective-C: initWithCoder: calls super and loads nothing.", files: [
                header, implementation("- (id)initWithCoder:(NSCoder *)aDecoder {\n    self = [super initWithCoder:aDecoder];\n    return self;\n}"),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.selfAssignments.compactMap { assignment in
            guard assignment.context.methodName == "initWithCoder:", let typeName = assignment.context.typeName else { return nil }
            let via: String
            switch assignment.source {
            case .nibLoad: via = "a nib-loaded object"
            case .factory(let factory): via = "the result of \(factory), which loads a nib"
            case .superInit, .other: return nil
            }
            let placements = model.projectClass(model.sourceType(named: typeName)?.runtimeName ?? typeName)?.interfaceBuilderReferences ?? []
            let placed = placements.isEmpty ? "" : " (\(typeName) is used in \(Set(placements.map { model.document($0).path }).sorted().joined(separator: ", ")))"
            return RuleViolation(
                className: typeName,
                message: "\(typeName).initWithCoder: assigns self = \(assignment.expression), \(via): decoding a \(typeName) from a storyboard or xib\(placed) raises NSGenericException \"This coder requires that replaced objects be returned from initWithCoder:\".",
                locations: [assignment.location] + placements.prefix(5).map(model.location),
                fix: "Call [super initWithCoder:] and swap the instance in awakeAfterUsingCoder: (with a recursion guard), or load the nib's content into self with File's Owner.",
                identity: [assignment.location.path, typeName, assignment.expression])
        }
    }
}
