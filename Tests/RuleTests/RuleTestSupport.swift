import Analysis
import Foundation

/// Small in-memory projects for rule tests: files given as path → text.
enum TestProject {
    /// The families these tests cover (§4.3 reference integrity, §4.5 hygiene): other
    /// families' rules have their own tests and may rightly fire on these fixtures.
    static let coveredRules = RuleRegistry.all.filter { [.referenceIntegrity, .hygiene].contains($0.description.category) }

    static func analyze(_ files: [String: String], rules: [any Rule.Type] = coveredRules) -> Report {
        Analyzer(configuration: .init(concurrency: 2, rules: rules)).analyze(input: input(files))
    }

    /// The files as an upload held in memory.
    static func input(_ files: [String: String]) -> ProjectInput {
        let projectFiles = files.keys.sorted().map { path in
            ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: Data((files[path] ?? "").utf8))
        }
        return ProjectInput(defaultName: "test", files: projectFiles, totalEntries: files.count, totalBytes: 0)
    }

    static func findings(_ rule: String, in files: [String: String]) -> [Finding] {
        analyze(files).findings.filter { $0.rule == rule }
    }

    /// A CocoaTouch xib whose `<objects>` holds `body`.
    static func xib(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects>
        \(body)
            </objects>
        </document>
        """
    }

    /// A storyboard with one view controller scene whose root view holds `subviews`.
    static func storyboard(controllerAttributes: String = "", subviews: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <viewController id="Vc1-00-001" \(controllerAttributes) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Vw1-00-001">
                                <subviews>
        \(subviews)
                                </subviews>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }
}
