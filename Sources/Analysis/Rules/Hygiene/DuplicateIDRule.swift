/// `duplicate-id`: an Interface Builder id declared twice in one file (usually a bad merge).
struct DuplicateIDRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-id",
        severity: .warning,
        category: .hygiene,
        summary: "Two objects, constraints or connections of one Interface Builder file share an id; ibtool rejects the file or wires the wrong object.",
        help: """
        Every object, constraint and connection of a xib or storyboard has an id that must be \
        unique in the file. Duplicates almost always come from a merge that kept both sides; \
        `ibtool` then fails to compile the file, or a connection or constraint resolves to the \
        wrong object.

        **Fix:** open the file in Xcode (it offers to repair it) or give one of the elements a \
        fresh id by hand, keeping references (`destination`, `firstItem`, `secondItem`) pointing \
        at the element they meant.
        """,
        reads: [
            "The `id` of every object, constraint, connection and binding of one xib or storyboard, with the line of each declaration.",
            "Whether the first place that declares the id ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("A label and a constraint share the id `Lbl-00-001`.", files: [
                .init("App/Card.xib", ExampleXML.labelXib(constraints: [
                    #"<constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" id="Lbl-00-001"/>"#,
                ])),
            ]),
        ],
        nonTriggering: [
            RuleExample("Every id is unique.", files: [
                .init("App/Card.xib", ExampleXML.labelXib(constraints: [
                    #"<constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" id="Top-00-001"/>"#,
                ])),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            document.duplicateIDLocations.sorted { $0.key < $1.key }.map { id, places in
                let lines = places.map { String($0.line) }.joined(separator: ", ")
                return RuleViolation(
                    message: "The id \"\(id)\" is declared \(places.count) times in \(document.path) (lines \(lines)).",
                    locations: places.map { SourceLocation(document, $0) },
                    fix: "Give all but one of the elements a fresh id and keep the references pointing at the element they meant.",
                    identity: [document.path, id]
                )
            }
        }
    }
}
