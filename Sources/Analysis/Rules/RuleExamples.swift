import Foundation

/// A rule's examples: tiny projects that must trigger it and near-identical ones that must
/// not. The generic example test runs them all; the docs generator prints them.
public struct RuleExamples: Sendable {
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]

    public init(triggering: [RuleExample], nonTriggering: [RuleExample]) {
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// One example project: a few files, each a path and its text.
public struct RuleExample: Sendable {
    /// One file of the example project.
    public struct File: Sendable {
        public var path: String
        public var text: String
        public init(_ path: String, _ text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A Swift screen that loads the nib `nib` by name, and the app delegate that shows it:
    /// an example's nib is then one the app loads (a nib nothing loads, or only code nothing
    /// runs loads, makes its findings info).
    public static func loader(ofNib nib: String, path: String = "App/HomeViewController.swift") -> File {
        File(path, """
        import UIKit

        final class HomeViewController: UIViewController {
            let loaded = Bundle.main.loadNibNamed("\(nib)", owner: nil, options: nil)
        }

        @main
        final class ExampleAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = HomeViewController()
                return true
            }
        }
        """)
    }

    /// One line saying what the example shows.
    public var title: String
    public var files: [File]
    /// For a triggering example, the severity every finding of the rule must have when it
    /// differs from the rule's (a platform that only logs, a dependency, a dead file).
    public var severity: Severity?

    public init(_ title: String, severity: Severity? = nil, files: [File]) {
        self.title = title
        self.severity = severity
        self.files = files
    }

    /// The example as the analysis reads a project.
    public var projectInput: ProjectInput {
        let projectFiles = files.map { file in
            ProjectFile(path: file.path, kind: ProjectFile.kind(ofPath: file.path), contents: Data(file.text.utf8))
        }
        return ProjectInput(defaultName: "example", files: projectFiles, totalEntries: files.count,
                            totalBytes: Int64(files.reduce(0) { $0 + $1.text.utf8.count }))
    }
}
