import Foundation

/// `unregistered-reuse-id`: a literal reuse identifier is dequeued that no registration and
/// no prototype cell provides.
struct UnregisteredReuseIDRule: Rule {
    static let description = RuleDescription(
        id: "unregistered-reuse-id",
        severity: .error,
        category: .beyondCustomViews,
        summary: "A cell is dequeued with a literal reuse identifier that no registration or prototype cell provides: \"unable to dequeue a cell with identifier\".",
        help: """
        `dequeueReusableCell(withIdentifier:for:)` and every collection-view dequeue raise \
        `NSInternalInconsistencyException` ("unable to dequeue a cell with identifier x - must \
        register a nib or a class for the identifier or connect a prototype cell in a \
        storyboard") when nothing registered the identifier. Typical causes: a typo, an \
        identifier renamed in the storyboard only, a prototype cell whose identifier field was \
        left empty. The table-view variant without an index path returns `nil` instead (a \
        warning: the force cast that usually follows crashes).

        Only literal-against-literal misses are reported: when the project registers cells with \
        identifiers computed at runtime (constants, `String(describing:)`, Reusable's \
        `register(cellType:)`), nibscan cannot tell which identifiers exist and stays quiet.

        **Fix:** register the cell (`register(_:forCellReuseIdentifier:)`) or set the prototype \
        cell's identifier in the storyboard to the dequeued string — better, share one constant.
        """,
        reads: [
            "A dequeue in the sources with a string-literal identifier (`dequeueReusableCell(withIdentifier:)` and the collection-view, header/footer and supplementary variants), and whether it passes an index path: the table-view dequeue without one returns nil, a warning (not judged in files that make cells with `reuseIdentifier:` themselves).",
            "Every identifier the project provides: literal `register…(_:forCellReuseIdentifier:)`-style calls and the `reuseIdentifier` of every cell in the xibs and storyboards; when any registration computes its identifier, nothing is reported.",
            "Whether the dequeue ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static func swiftController(dequeue: String) -> RuleExample.File {
        .init("App/SearchViewController.swift", """
        import UIKit

        final class SearchViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                return tableView.dequeueReusableCell(withIdentifier: "\(dequeue)", for: indexPath)
            }
        }
        """)
    }

    private static let searchStoryboard = BeyondExample.storyboard("App/Search.storyboard", scenes: BeyondExample.scene(
        id: "Src", controllerClass: "SearchViewController", swift: true,
        content: BeyondExample.tableCell(id: "Res-00-001", identifier: "ResultCell", swift: true)))

    private static func objcController(register: String) -> RuleExample.File {
        .init("App/HistoryViewController.m", """
        #import <UIKit/UIKit.h>

        @interface HistoryViewController : UICollectionViewController
        @end

        @implementation HistoryViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            [self.collectionView registerClass:[UICollectionViewCell class] forCellWithReuseIdentifier:\(register)];
        }

        - (UICollectionViewCell *)collectionView:(UICollectionView *)collectionView cellForItemAtIndexPath:(NSIndexPath *)indexPath {
            return [collectionView dequeueReusableCellWithReuseIdentifier:@"HistoryCell" forIndexPath:indexPath];
        }
        @end
        """)
    }

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: \"ResultsCell\" is dequeued; the prototype cell is \"ResultCell\".", files: [
                swiftController(dequeue: "ResultsCell"), searchStoryboard,
            ]),
            RuleExample("Objective-C: \"HistoryCell\" is dequeued; \"HistoryItem\" is registered.", files: [
                objcController(register: "@\"HistoryItem\""),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the prototype cell provides \"ResultCell\".", files: [
                swiftController(dequeue: "ResultCell"), searchStoryboard,
            ]),
            RuleExample("Objective-C: the identifier is registered through a constant (dynamic: not judged).", files: [
                objcController(register: "HistoryCellIdentifier"),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let dequeues = model.sources.literalCalls.filter { $0.kind == .dequeue }
        guard !dequeues.isEmpty, model.sources.dynamicReuseRegistrations.isEmpty else { return [] }
        var provided = Set(model.sources.literalCalls.filter { $0.kind == .registerClass || $0.kind == .registerNib }.map(\.value))
        provided.formUnion(model.sources.nibLoads.compactMap(\.reuseIdentifier))
        for document in model.analysedDocuments {
            provided.formUnion(document.objects.compactMap(\.reuseIdentifier))
        }
        return dequeues.compactMap { dequeue in
            guard !provided.contains(dequeue.value) else { return nil }
            let call = model.callText(at: dequeue.location) ?? ""
            let needsIndexPath = dequeue.reusable != .tableCell
                || ["for:", "forIndexPath:", "for indexPath"].contains { ASCIIText.contains(call, $0) }
            if !needsIndexPath, model.sources.reuseIdentifierLabelPaths.contains(dequeue.location.path) { return nil }
            let outcome = needsIndexPath
                ? "the first dequeue raises \"unable to dequeue a cell with identifier \(dequeue.value) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard\""
                : "the dequeue always returns nil"
            let near = nearMisses(of: dequeue.value, in: provided)
            return RuleViolation(
                className: dequeue.context.typeName,
                message: "\(dequeue.context.typeName ?? "Code") dequeues the reuse identifier \"\(dequeue.value)\", which no registration or prototype cell provides: \(outcome).\(near)",
                locations: [dequeue.location],
                fix: "Register a cell for \"\(dequeue.value)\" or set a prototype cell's identifier to it, sharing one constant between both places.",
                severity: needsIndexPath ? nil : .warning,
                identity: [dequeue.location.path, dequeue.context.methodName ?? "", dequeue.value])
        }
    }

    /// A note naming provided identifiers that differ only in case or by one character.
    private static func nearMisses(of value: String, in provided: Set<String>) -> String {
        let close = provided.filter { candidate in
            candidate.lowercased() == value.lowercased() || abs(candidate.count - value.count) <= 1 && editDistanceIsOne(candidate, value)
        }.sorted()
        return close.isEmpty ? "" : " Did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    }

    private static func editDistanceIsOne(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs), right = Array(rhs)
        var (i, j, edits) = (0, 0, 0)
        while i < left.count || j < right.count {
            if i < left.count, j < right.count, left[i] == right[j] {
                i += 1; j += 1; continue
            }
            edits += 1
            if edits > 1 { return false }
            if left.count > right.count { i += 1 } else if left.count < right.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits == 1
    }
}
