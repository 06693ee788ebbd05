@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// `nibscan fix`: repairs are exact edits, checked by analysing the repaired project again,
/// declined when the evidence leaves more than one candidate, and they repair bugs planted
/// into real projects.
final class ProjectFixerTests: XCTestCase {
    /// The files, and `App/Loader.swift` loading each xib by name: a repair is offered only
    /// for a finding that is an error or warning, and a nib nothing loads makes it info.
    private func input(_ files: [String: String]) -> ProjectInput {
        let nibs = files.keys.filter { $0.hasSuffix(".xib") }.sorted().map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        let loader = "import UIKit\nfinal class Loader {\n    func load() {\n"
            + nibs.map { "        _ = UINib(nibName: \"\($0)\", bundle: nil)\n" }.joined() + "    }\n}\n"
        return TestProject.input(files.merging(["App/Loader.swift": loader]) { mine, _ in mine })
    }

    /// A root-view xib of `CardView` with a label, connecting `outlet` and sending `action`,
    /// setting the number attribute `keyPath`.
    private func cardXib(outlet: String, action: String, keyPath: String, module: Bool = true) -> String {
        ExampleXML.xib("""
        <view contentMode="scaleToFill" customClass="CardView"\(module ? " " + ExampleXML.appModule : "") id="Root-00-001">
            <subviews>
                <label text="Title" id="Lbl-00-001"/>
                <button id="Btn-00-001">
                    <connections>
                        <action selector="\(action)" destination="Root-00-001" eventType="touchUpInside" id="Act-00-001"/>
                    </connections>
                </button>
            </subviews>
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="number" keyPath="\(keyPath)"><real key="value" value="4"/></userDefinedRuntimeAttribute>
            </userDefinedRuntimeAttributes>
            <connections>
                <outlet property="\(outlet)" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </view>
        """)
    }

    private func cardSwift(outlets: [String], actions: [String], inspectables: [String]) -> String {
        "import UIKit\nfinal class CardView: UIView {\n"
            + outlets.map { "    @IBOutlet weak var \($0): UILabel!\n" }.joined()
            + actions.map { "    @IBAction func \($0)(_ sender: UIButton) {}\n" }.joined()
            + inspectables.map { "    @IBInspectable var \($0): CGFloat = 0\n" }.joined()
            + "}\n"
    }

    func testTheOneCandidateOfEachKindIsRenamedExactly() throws {
        let xib = cardXib(outlet: "titleLbl", action: "closeTapped:", keyPath: "radius")
        let plan = try ProjectFixer().plan(input: input([
            "App/CardView.xib": xib,
            "App/CardView.swift": cardSwift(outlets: ["titleLabel"], actions: ["didTapClose"], inspectables: ["cornerRadius"]),
        ]))
        XCTAssertEqual(Set(plan.fixes.map(\.finding.rule)), ["outlet-not-in-class", "action-not-in-class", "runtime-attribute-not-in-class"])
        XCTAssertEqual(plan.fixes.map(\.summary).sorted(), [
            "keyPath \"radius\" → \"cornerRadius\"", "property \"titleLbl\" → \"titleLabel\"", "selector \"closeTapped:\" → \"didTapClose:\"",
        ])
        let patched = String(decoding: try XCTUnwrap(plan.patched["App/CardView.xib"]), as: UTF8.self)
        XCTAssertEqual(patched, xib.replacingOccurrences(of: "\"titleLbl\"", with: "\"titleLabel\"")
            .replacingOccurrences(of: "\"closeTapped:\"", with: "\"didTapClose:\"").replacingOccurrences(of: "\"radius\"", with: "\"cornerRadius\""),
                       "only the three values change")
        XCTAssertEqual(plan.diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count, 3)
    }

    /// Swift 3 and later name `func tap(sender:)` `tapWithSender:` for Objective-C: a nib
    /// written for Swift 2's `tap:` gets the selector the method really has.
    func testAnActionWhoseSelectorGainedWithSenderGetsItsRealSelector() throws {
        let plan = try ProjectFixer(rules: ["action-not-in-class"]).plan(input: input([
            "App/CardView.xib": cardXib(outlet: "titleLabel", action: "tap:", keyPath: "cornerRadius"),
            "App/CardView.swift": "import UIKit\nfinal class CardView: UIView {\n    @IBOutlet weak var titleLabel: UILabel!\n    @IBInspectable var cornerRadius: CGFloat = 0\n    @IBAction func tap(sender: UIButton) {}\n}\n",
        ]))
        XCTAssertEqual(plan.fixes.map(\.summary), ["selector \"tap:\" → \"tapWithSender:\""], plan.declined.map(\.reason).joined(separator: "; "))
    }

    func testTwoCandidatesThatFitAlikeAreDeclinedForEachKind() throws {
        let plan = try ProjectFixer().plan(input: input([
            "App/CardView.xib": cardXib(outlet: "caption", action: "go:", keyPath: "size"),
            "App/CardView.swift": cardSwift(outlets: ["leftText", "rightText"], actions: ["openMenu", "closeMenu"], inspectables: ["insetTop", "insetLeft"]),
            "App/Panel.xib": ExampleXML.xib(#"<view contentMode="scaleToFill" customClass="CardPanel" \#(ExampleXML.appModule) id="Pnl-00-001"/>"#),
            "App/Panels.swift": "import UIKit\nfinal class LeftCardPanel: UIView {}\nfinal class RightCardPanel: UIView {}\n",
        ]))
        XCTAssertTrue(plan.fixes.isEmpty, plan.fixes.map(\.summary).joined(separator: ", "))
        XCTAssertEqual(Set(plan.declined.map(\.finding.rule)), ["outlet-not-in-class", "action-not-in-class", "runtime-attribute-not-in-class", "unknown-custom-class"])
        for declined in plan.declined {
            XCTAssertTrue(declined.reason.contains("none is clearly the renamed one by name"), declined.reason)
        }
        let none = try ProjectFixer().plan(input: input([
            "App/CardView.xib": cardXib(outlet: "caption", action: "go:", keyPath: "size"),
            "App/CardView.swift": cardSwift(outlets: [], actions: [], inspectables: []),
        ]))
        XCTAssertTrue(none.fixes.isEmpty)
        XCTAssertTrue(none.declined.allSatisfy { $0.reason.contains("is left unused") }, none.declined.map(\.reason).joined(separator: "; "))
    }

    func testAMissingModuleIsAddedAfterTheClassAndARecursingRootIsDeclined() throws {
        let project = """
        {
        	objects = {
        		A1 /* CardView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* CardView.swift */; };
        		A2 /* Loader.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* Loader.swift */; };
        		A3 /* CardView.xib in Resources */ = {isa = PBXBuildFile; fileRef = F3 /* CardView.xib */; };
        		F1 /* CardView.swift */ = {isa = PBXFileReference; path = CardView.swift; sourceTree = "<group>"; };
        		F2 /* Loader.swift */ = {isa = PBXFileReference; path = Loader.swift; sourceTree = "<group>"; };
        		F3 /* CardView.xib */ = {isa = PBXFileReference; path = CardView.xib; sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (F1, F2, F3); path = App; sourceTree = "<group>"; };
        		M1 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
        		S1 = {isa = PBXSourcesBuildPhase; files = (A1, A2); };
        		R1 = {isa = PBXResourcesBuildPhase; files = (A3); };
        		T1 /* App */ = {isa = PBXNativeTarget; buildPhases = (S1, R1); name = App; productName = App; productType = "com.apple.product-type.application"; };
        		P1 = {isa = PBXProject; mainGroup = M1; targets = (T1); };
        	};
        	rootObject = P1;
        }
        """
        let xib = ExampleXML.xib(#"<view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>"#)
        let plan = try ProjectFixer(rules: ["missing-custom-module"]).plan(input: input([
            "App/CardView.xib": xib,
            "App/CardView.swift": "import UIKit\nfinal class CardView: UIView {}\n",
            "App.xcodeproj/project.pbxproj": project,
        ]))
        XCTAssertEqual(plan.fixes.map(\.finding.rule), ["missing-custom-module"], plan.declined.map(\.reason).joined(separator: "; "))
        let patched = String(decoding: try XCTUnwrap(plan.patched["App/CardView.xib"]), as: UTF8.self)
        XCTAssertTrue(patched.contains(#"customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001""#), patched)

        // File's Owner has the class too: the root must stay a plain view, or decoding it loads the nib again.
        let ownerXib = ExampleXML.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CardView" \(ExampleXML.appModule)/>
        <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
        """)
        let owner = try ProjectFixer(rules: ["missing-custom-module"]).plan(input: input([
            "App/CardView.xib": ownerXib,
            "App/CardView.swift": "import UIKit\nfinal class CardView: UIView {}\n",
            "App.xcodeproj/project.pbxproj": project,
        ]))
        XCTAssertTrue(owner.fixes.isEmpty)
        XCTAssertTrue(owner.declined.contains { $0.reason.contains("would load the nib again") }, owner.declined.map(\.reason).joined(separator: "; "))
    }

    func testARepeatedConstraintIsRemovedAndItsOutletsMoveToTheOneKept() throws {
        let xib = ExampleXML.xib("""
        <view contentMode="scaleToFill" customClass="CardView" \(ExampleXML.appModule) id="Root-00-001">
            <constraints>
                <constraint firstAttribute="height" constant="44" id="Hgt-00-001"/>
                <constraint firstAttribute="height" constant="44" id="Hgt-00-002"/>
            </constraints>
            <connections>
                <outlet property="heightConstraint" destination="Hgt-00-002" id="Out-00-001"/>
            </connections>
        </view>
        """)
        let plan = try ProjectFixer(rules: ["duplicate-constraint"]).plan(input: input([
            "App/CardView.xib": xib,
            "App/CardView.swift": "import UIKit\nfinal class CardView: UIView {\n    @IBOutlet weak var heightConstraint: NSLayoutConstraint!\n}\n",
        ]))
        XCTAssertEqual(plan.fixes.map(\.summary), ["constraint \"Hgt-00-002\" removed, its outlets moved to \"Hgt-00-001\""],
                       plan.declined.map(\.reason).joined(separator: "; "))
        let patched = String(decoding: try XCTUnwrap(plan.patched["App/CardView.xib"]), as: UTF8.self)
        let expected = xib.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("id=\"Hgt-00-002\"/>") }
            .joined(separator: "\n").replacingOccurrences(of: "destination=\"Hgt-00-002\"", with: "destination=\"Hgt-00-001\"")
        XCTAssertEqual(patched, expected, "the line goes, the outlet moves, nothing else changes")
        let diff = plan.diff
        XCTAssertEqual(diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count, 2)
        XCTAssertEqual(diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count, 1)
        try checkPatch(plan)
        let replacement = try XCTUnwrap(plan.fixes.first?.patch?.replacements.first { $0.text.isEmpty })
        XCTAssertEqual(replacement.endLine, replacement.line + 1, "a removed line ends at the start of the next")
        XCTAssertEqual(replacement.endColumn, 1)
    }

    /// A copy line removed from a substitution (in its method, or in the helper it calls)
    /// comes back as a line before the `return` of the new view, in the file's language,
    /// and the finding goes.
    func testAMissingCopyLineIsAddedBeforeTheReturnInTheFilesLanguage() throws {
        let cases = [
            ("SampleApp", "SampleApp/Views/PromoBannerView.swift", "SampleApp/Views/PromoBannerView.swift",
             "        view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints\n",
             "        view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints\n        return view\n"),
            ("Seeds/seed-000-placeholder-subclass", "App/UIView+loadFromNib.m", "App/MyCustomView.m",
             "    self.translatesAutoresizingMaskIntoConstraints = proto.translatesAutoresizingMaskIntoConstraints;\n",
             "    view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints;\n    return view;\n"),
        ]
        for (project, planted, repaired, removed, expected) in cases {
            let original = try ProjectInput.read(path: Fixtures.examplesDirectory.appendingPathComponent(project).path, limits: ArchiveLimits())
            let position = try XCTUnwrap(original.files.firstIndex { $0.path == planted })
            let text = String(decoding: try XCTUnwrap(original.files[position].contents), as: UTF8.self)
            XCTAssertTrue(text.contains(removed), planted)
            var copy = original
            copy.files[position].contents = Data(text.replacingOccurrences(of: removed, with: "").utf8)
            let plan = try ProjectFixer(rules: ["placeholder-autoresizing-dropped"]).plan(input: copy)
            let fix = try XCTUnwrap(plan.fixes.first { $0.edits.contains { $0.path == repaired } }, plan.declined.map(\.reason).joined(separator: "; "))
            let patched = String(decoding: try XCTUnwrap(plan.patched[repaired]), as: UTF8.self)
            XCTAssertTrue(patched.contains(expected), patched)
            XCTAssertEqual(fix.patch?.diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count, 1)
            try checkPatch(plan)
        }
    }

    func testABindingKeyRenamedInCodeIsRenamedInTheBindingAndTwoCandidatesDecline() throws {
        let xib = BindingKeyNotInClassRule.profileXib(keyPath: "self.userName.length")
        let plan = try ProjectFixer(rules: ["binding-key-not-in-class"]).plan(input: input([
            "App/ProfileViewController.xib": xib,
            "App/ProfileViewController.swift": "import Cocoa\nfinal class ProfileViewController: NSViewController {\n    @objc dynamic var userNameText = \"\"\n    @objc dynamic var age = 0\n}\n",
        ]))
        XCTAssertEqual(plan.fixes.map(\.summary), ["keyPath \"self.userName.length\" → \"self.userNameText.length\""], plan.declined.map(\.reason).joined(separator: "; "))
        XCTAssertEqual(String(decoding: try XCTUnwrap(plan.patched["App/ProfileViewController.xib"]), as: UTF8.self),
                       xib.replacingOccurrences(of: "keyPath=\"self.userName.length\"", with: "keyPath=\"self.userNameText.length\""))
        let twoFit = try ProjectFixer(rules: ["binding-key-not-in-class"]).plan(input: input([
            "App/ProfileViewController.xib": BindingKeyNotInClassRule.profileXib(keyPath: "caption"),
            "App/ProfileViewController.swift": "import Cocoa\nfinal class ProfileViewController: NSViewController {\n    @objc dynamic var headline = \"\"\n    @objc dynamic var subline = \"\"\n}\n",
        ]))
        XCTAssertTrue(twoFit.fixes.isEmpty)
        XCTAssertEqual(twoFit.declined.map(\.finding.rule), ["binding-key-not-in-class"])
    }

    /// Values a placement sets that the nib's root does not are copied by lines before the
    /// `return`, by their Swift names (`isHidden`), in the order the rule lists them.
    func testLostAttributesAreCopiedBeforeTheReturn() throws {
        let folder = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        var input = try ProjectInput.read(path: folder.path, limits: ArchiveLimits())
        let storyboard = try XCTUnwrap(input.files.firstIndex { $0.path == "SampleApp/Base.lproj/Main.storyboard" })
        let text = String(decoding: try XCTUnwrap(input.files[storyboard].contents), as: UTF8.self)
        input.files[storyboard].contents = Data(text.replacingOccurrences(of: "id=\"prm-00-plc\"", with: "alpha=\"0.5\" hidden=\"YES\" id=\"prm-00-plc\"").utf8)
        let plan = try ProjectFixer(rules: ["placeholder-attributes-dropped"]).plan(input: input)
        let patched = String(decoding: try XCTUnwrap(plan.patched["SampleApp/Views/PromoBannerView.swift"], plan.declined.map(\.reason).joined(separator: "; ")), as: UTF8.self)
        XCTAssertTrue(patched.contains("        view.isHidden = self.isHidden\n        view.alpha = self.alpha\n        return view\n"), patched)
        XCTAssertEqual(plan.diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count, 2)
        try checkPatch(plan)
    }

    /// Constraints lost in the swap are copied by seed 000's loop before the `return`: the
    /// placeholder mapped to the new view, priority and identifier kept.
    func testLostConstraintsAreCopiedBeforeTheReturn() throws {
        let input = try ProjectInput.read(path: Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path, limits: ArchiveLimits())
        let plan = try ProjectFixer(rules: ["placeholder-constraints-dropped"]).plan(input: input)
        XCTAssertEqual(Set(plan.fixes.flatMap { $0.edits.map(\.path) }), ["SampleApp/Views/BadgeView.swift", "SampleApp/Views/PromoBannerView.swift"],
                       plan.declined.map(\.reason).joined(separator: "; "))
        let patched = String(decoding: try XCTUnwrap(plan.patched["SampleApp/Views/PromoBannerView.swift"]), as: UTF8.self)
        XCTAssertTrue(patched.contains("""
                for constraint in constraints {
                    let first = constraint.firstItem === self ? view : constraint.firstItem
        """), patched)
        XCTAssertTrue(patched.contains("            view.addConstraint(copy)\n        }\n        return view\n"), patched)
        try checkPatch(plan)
    }

    /// The rule's own triggering examples, Swift and Objective-C, repaired: the subviews move.
    func testLostSubviewsAreMovedBeforeTheReturn() throws {
        for example in PlaceholderSubviewsDroppedRule.examples.triggering {
            let files = Dictionary(example.files.map { ($0.path, $0.text) }) { first, _ in first }
            let plan = try ProjectFixer(rules: ["placeholder-subviews-dropped"]).plan(input: input(files))
            let fix = try XCTUnwrap(plan.fixes.first, example.title + ": " + plan.declined.map(\.reason).joined(separator: "; "))
            let path = try XCTUnwrap(fix.edits.first?.path)
            let patched = String(decoding: try XCTUnwrap(plan.patched[path]), as: UTF8.self)
            XCTAssertTrue(patched.contains(path.hasSuffix(".swift") ? "for subview in subviews {" : "for (UIView *subview in self.subviews) {"), patched)
            try checkPatch(plan)
        }
    }

    func testEditsRefuseABytesMismatchAndKeepLineEnds() throws {
        let crlf = Data("<a>\r\n  <outlet property=\"old\" id=\"x\"/>\r\n</a>\r\n".utf8)
        let edit = AttributeEdit(path: "A.xib", line: 2, column: 3, name: "property", from: "old", to: "new & <improved>")
        let edited = try StartTagEditor.apply([edit], to: crlf)
        XCTAssertEqual(String(decoding: edited, as: UTF8.self), "<a>\r\n  <outlet property=\"new &amp; &lt;improved>\" id=\"x\"/>\r\n</a>\r\n")
        XCTAssertThrowsError(try StartTagEditor.apply([AttributeEdit(path: "A.xib", line: 2, column: 3, name: "property", from: "older", to: "n")], to: crlf))
        XCTAssertThrowsError(try StartTagEditor.apply([AttributeEdit(path: "A.xib", line: 9, column: 1, name: "property", from: "old", to: "n")], to: crlf))
        XCTAssertThrowsError(try StartTagEditor.apply([AttributeEdit(path: "A.xib", line: 2, column: 3, name: "id", from: nil, to: "y")], to: crlf),
                             "an attribute is never added twice")
        let diff = UnifiedDiff.make(path: "A.xib", old: String(decoding: crlf, as: UTF8.self), new: String(decoding: edited, as: UTF8.self))
        XCTAssertTrue(diff.hasPrefix("diff --git a/A.xib b/A.xib\n--- a/A.xib\n+++ b/A.xib\n@@ -1,3 +1,3 @@\n"), diff)
        XCTAssertTrue(diff.contains("-  <outlet property=\"old\" id=\"x\"/>\r\n+  <outlet"), diff)
    }

    func testNamesSplitIntoTheSameWordsWhetherASCIIOrNot() {
        let cases: [(String, [String])] = [
            ("tapWithSender:", ["tap", "with", "sender"]), ("URLSession", ["urlsession"]), ("view2Label", ["view2", "label"]),
            ("_privateHTMLView", ["private", "htmlview"]), ("titleLbl", ["title", "lbl"]), ("a:b:", ["a", "b"]), ("", []),
            ("ÜberView", ["über", "view"]), ("naïveTitle", ["naïve", "title"]),
        ]
        for (name, words) in cases { XCTAssertEqual(ProjectModel.words(of: name), words, name) }
    }

    func testTheRenamedNameIsChosenOnlyWhenClearlyCloser() {
        XCTAssertEqual(ProjectModel.likelyRename(of: "titleLbl", among: ["titleLabel", "subtitle"]), "titleLabel")
        XCTAssertEqual(ProjectModel.likelyRename(of: "imgView", among: ["imageView", "textView"]), "imageView")
        XCTAssertNil(ProjectModel.likelyRename(of: "caption", among: ["leftText", "rightText"]))
        XCTAssertNil(ProjectModel.likelyRename(of: "label", among: ["label1", "label2"]), "two keep all of it")
        XCTAssertEqual(ProjectModel.likelyRename(of: "profileTitle", among: ["profileTitleText"]), "profileTitleText", "one candidate sharing a word is the one")
        XCTAssertEqual(ProjectModel.likelyRename(of: "closeTapped:", among: ["didTapClose:"]), "didTapClose:", "a word shared, in another place")
        XCTAssertEqual(ProjectModel.likelyRename(of: "refreshed:", among: ["refresh:"]), "refresh:", "a word matches one it begins")
        XCTAssertNil(ProjectModel.likelyRename(of: "textFieldEditingDidBegin:", among: ["toggleTableRowEditing:"]), "only a kind word shared: no rename")
        XCTAssertNil(ProjectModel.likelyRename(of: "SeparatorView", among: ["PaginationTableView"]), "only a kind word shared: no rename")
        XCTAssertNil(ProjectModel.likelyRename(of: "subtitleLabel", among: ["detailLabel"]), "only 'label' in common: a person would ask too")
        XCTAssertEqual(ProjectModel.words(of: "tapWithSender:"), ["tap", "with", "sender"])
        XCTAssertEqual(ProjectModel.words(of: "URLField"), ["urlfield"], "runs of capitals stay one word")
    }

    /// Renames planted into real projects' Swift sources (an `@IBOutlet`, `@IBAction`,
    /// `@IBInspectable` or class that an IB file uses gets a new name), one at a time in memory; each
    /// the analysis reports as an error or warning must come out repaired: the IB file's
    /// value becomes the new name, the diff changes one line, the file still parses
    /// (`xmllint`), and the diff applies (`git apply --check`).
    func testPlantedRenamesInRealProjectsAreRepaired() throws {
        let projects = ["jdisho__Papr", "rxhanson__Rectangle", "dekatotoro__SlideMenuControllerSwift", "hrscy__DanTang", "CatchChat__Yep", "IBAnimatable__IBAnimatable"]
        let kinds: [(name: String, pattern: Regex<(Substring, Substring, Substring)>, attribute: String)] = [
            ("outlet", /(@IBOutlet\b[^\n]*?\b(?:var|let)\s+)([A-Za-z_]\w*)/, "property"),
            ("action", /(@IBAction\b[^\n]*?\bfunc\s+)([A-Za-z_]\w*)/, "selector"),
            ("inspectable", /(@IBInspectable\b[^\n]*?\bvar\s+)([A-Za-z_]\w*)/, "keyPath"),
            ("class", /(\bclass\s+)([A-Z][A-Za-z0-9_]*)/, "customClass"),
        ]
        var planted: [String: Int] = [:], repaired: [String: Int] = [:]
        var misses: [String] = []
        for project in projects {
            let folder = Fixtures.realworldDirectory.appendingPathComponent(project)
            let original = try ProjectInput.read(path: folder.path, limits: ArchiveLimits())
            let ibText = original.files.filter { $0.kind == .xib || $0.kind == .storyboard }.compactMap(\.contents)
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            for kind in kinds {
                var count = 0
                for (position, file) in original.files.enumerated() where file.kind == .swift && count < 3 {
                    guard let data = file.contents else { continue }
                    let text = String(decoding: data, as: UTF8.self)
                    for match in text.matches(of: kind.pattern) where count < 3 {
                        let name = String(match.output.2)
                        guard ibText.contains("\(kind.attribute)=\"\(name)") else { continue }
                        let renamed = name + "Renamed"
                        var copy = original
                        copy.files[position].contents = Data((text[..<match.output.2.startIndex] + renamed + text[match.output.2.endIndex...]).utf8)
                        let plan = try ProjectFixer().plan(input: copy)
                        let reported = (plan.fixes.map(\.finding) + plan.declined.map(\.finding)).filter { finding in
                            finding.severity >= .warning && (finding.message.contains("\"\(name)") || finding.message.contains(" \(name)"))
                        }
                        guard !reported.isEmpty else { continue }
                        count += 1
                        planted[kind.name, default: 0] += 1
                        let fixes = plan.fixes.filter { $0.edits.contains { $0.to.hasPrefix(renamed) } }
                        guard !fixes.isEmpty else {
                            misses.append("\(project) \(kind.name) \(name): " + plan.declined.map(\.reason).joined(separator: "; "))
                            continue
                        }
                        try checkPatch(plan)
                        repaired[kind.name, default: 0] += 1
                    }
                }
            }
        }
        // A constraint line copied with a new id: the copy is removed.
        for project in projects {
            let original = try ProjectInput.read(path: Fixtures.realworldDirectory.appendingPathComponent(project).path, limits: ArchiveLimits())
            var count = 0
            for (position, file) in original.files.enumerated() where (file.kind == .xib || file.kind == .storyboard) && count < 3 {
                guard let data = file.contents else { continue }
                var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
                guard let line = lines.firstIndex(where: { $0.contains("<constraint ") && $0.hasSuffix("/>") && !$0.contains("placeholder") }),
                      let id = lines[line].firstMatch(of: /id="([^"]+)"/)?.output.1 else { continue }
                lines.insert(lines[line].replacingOccurrences(of: "id=\"\(id)\"", with: "id=\"\(id)-copy\""), at: line + 1)
                var copy = original
                copy.files[position].contents = Data(lines.joined(separator: "\n").utf8)
                let plan = try ProjectFixer(rules: ["duplicate-constraint"]).plan(input: copy)
                guard (plan.fixes.map(\.finding) + plan.declined.map(\.finding)).contains(where: { $0.message.contains("\"\(id)-copy\"") && $0.severity >= .warning }) else { continue }
                count += 1
                planted["duplicate-constraint", default: 0] += 1
                guard plan.fixes.contains(where: { $0.finding.message.contains("\"\(id)-copy\"") }) else {
                    misses.append("\(project) \(file.path): " + plan.declined.map(\.reason).joined(separator: "; "))
                    continue
                }
                try checkPatch(plan)
                repaired["duplicate-constraint", default: 0] += 1
            }
        }
        for kind in kinds.map(\.name) + ["duplicate-constraint"] {
            XCTAssertGreaterThan(planted[kind, default: 0], 0, "no \(kind) was planted: the test measures nothing for it")
        }
        let total = planted.values.reduce(0, +), fixed = repaired.values.reduce(0, +)
        print("fix: repaired \(fixed) of \(total) planted renames \(repaired) of \(planted)" + (misses.isEmpty ? "" : "; not: " + misses.joined(separator: " | ")))
        XCTAssertGreaterThanOrEqual(Double(fixed), 0.9 * Double(total), misses.joined(separator: "\n"))
    }

    /// Every changed file parses, and the plan's diff applies to the files read.
    private func checkPatch(_ plan: ProjectFixer.Plan) throws {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-fix")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, data) in plan.originals {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            guard path.hasSuffix(".xib") || path.hasSuffix(".storyboard") else { continue }
            let patched = folder.appendingPathComponent("patched.xml")
            try XCTUnwrap(plan.patched[path]).write(to: patched)
            let lint = try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", patched.path])
            XCTAssertEqual(lint.status, 0, "\(path): \(lint.stderr)")
            try FileManager.default.removeItem(at: patched)
        }
        let changed = plan.diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count
        XCTAssertEqual(changed, Set(plan.fixes.flatMap { $0.edits.filter { $0.insertedLine == nil }.map { "\($0.path):\($0.line)" } }).count,
                       "one line per edited element")
        try Data(plan.diff.utf8).write(to: folder.appendingPathComponent("fix.diff"))
        let apply = try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/git"), ["apply", "--check", "fix.diff"], currentDirectory: folder)
        XCTAssertEqual(apply.status, 0, apply.stderr + plan.diff)
    }

    /// A repair costs a search of the project's classes or members: a rule's violation
    /// works it out only when something asks (the fixer, an analysis that checks repairs).
    func testAViolationWorksOutItsRepairOnlyWhenAsked() {
        final class Count: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func add() { lock.withLock { value += 1 } }
            var total: Int { lock.withLock { value } }
        }
        let asked = Count()
        @Sendable func repair() -> Repair? {
            asked.add()
            return .declined("no class fits")
        }
        let violation = RuleViolation(message: "unknown class", locations: [], fix: "rename it", identity: ["a"], repair: repair())
        XCTAssertEqual(asked.total, 0)
        XCTAssertEqual(violation.repair.repair, .declined("no class fits"))
        XCTAssertEqual(asked.total, 1)
        XCTAssertNil(RuleViolation(message: "m", locations: [], fix: "f", identity: ["b"]).repair.repair)
    }
}

/// `nibscan fix` on a folder: in place, as a diff, and its refusals.
final class FixCommandTests: XCTestCase {
    private func sampleCopy() throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-fix-cli")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("SampleApp")
        try FileManager.default.copyItem(at: Fixtures.examplesDirectory.appendingPathComponent("SampleApp"), to: copy)
        return copy
    }

    func testDryRunPrintsTheDiffAndAFixRepairsInPlace() throws {
        let copy = try sampleCopy()
        let badge = copy.appendingPathComponent("SampleApp/Views/BadgeView.swift")
        let before = try String(contentsOf: badge, encoding: .utf8)
        let copyLine = "        view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints\n"
        let dry = try NibscanProcess.run(["fix", copy.path, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("+" + copyLine + "         return view\n"), dry.stdout)
        XCTAssertTrue(dry.stderr.contains("nibscan: not fixed: SampleApp/Feed/FeedCell.xib:38: outlet-not-in-class: "),
                      "subtitleLabel and detailLabel share only 'label': declined, saying why\n" + dry.stderr)
        XCTAssertEqual(try String(contentsOf: badge, encoding: .utf8), before, "a dry run changes nothing")
        try Data(dry.stdout.utf8).write(to: copy.appendingPathComponent("fix.diff"))
        let check = try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/git"), ["apply", "--check", "fix.diff"], currentDirectory: copy)
        XCTAssertEqual(check.status, 0, check.stderr)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("fix.diff"))

        let run = try NibscanProcess.run(["fix", copy.path, "--rule", "placeholder-autoresizing-dropped"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "fixed SampleApp/Views/BadgeView.swift:15 placeholder-autoresizing-dropped: view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints added to BadgeView.awakeAfter(using:)\n")
        XCTAssertEqual(try String(contentsOf: badge, encoding: .utf8), before.replacingOccurrences(of: "        return view\n", with: copyLine + "        return view\n"))
        let again = try NibscanProcess.run(["fix", copy.path, "--rule", "placeholder-autoresizing-dropped"])
        XCTAssertEqual(again.stdout, "nothing to fix\n")
        let report = try NibscanProcess.analyze([copy.path, "--format", "xcode", "--fail-on", "never"])
        XCTAssertFalse(report.stdout.contains("BadgeView placed in SampleApp/Base.lproj/Main.storyboard (view id bdg-00-plc, line 31) is replaced by BadgeView.awakeAfter(using:) with a view loaded from BadgeView.xib without copying translatesAutoresizingMaskIntoConstraints"),
                       "the finding is gone")
    }

    func testAFileChangedSinceItWasReadIsLeftAlone() throws {
        let copy = try sampleCopy()
        let plan = try ProjectFixer().plan(input: ProjectInput.read(path: copy.path, limits: ArchiveLimits()))
        let path = try XCTUnwrap(plan.patched.keys.sorted().first)
        try Data("edited meanwhile".utf8).write(to: copy.appendingPathComponent(path))
        let result = plan.write(to: copy)
        XCTAssertEqual(result.written, plan.patched.keys.sorted().filter { $0 != path }, "the other files are repaired")
        XCTAssertEqual(result.leftAlone.map(\.path), [path])
        XCTAssertEqual(try String(contentsOf: copy.appendingPathComponent(path), encoding: .utf8), "edited meanwhile")
    }

    func testBadUsageExitsTwoWithOneLine() throws {
        let copy = try sampleCopy()
        let zip = copy.deletingLastPathComponent().appendingPathComponent("App.zip")
        try Data("PK".utf8).write(to: zip)
        let cases: [([String], String)] = [
            (["fix"], "nibscan: fix needs a PATH, the project folder (see 'nibscan fix --help')\n"),
            (["fix", copy.path, "--rule", "no-such-rule"], "nibscan: --rule: no rule 'no-such-rule' (see 'nibscan rules')\n"),
            (["fix", copy.path, "--rule"], "nibscan: --rule needs a rule id (see 'nibscan fix --help')\n"),
            (["fix", copy.path, "--force"], "nibscan: unknown option '--force' (see 'nibscan fix --help')\n"),
            (["fix", zip.path], "nibscan: \(zip.path) is not a folder: fix changes files in place, so it takes the project folder, not an archive\n"),
            (["fix", "/no/such/folder"], "nibscan: no such folder: /no/such/folder\n"),
        ]
        for (arguments, stderr) in cases {
            let run = try NibscanProcess.run(arguments)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, stderr)
        }
    }
}
