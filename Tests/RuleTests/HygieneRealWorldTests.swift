import Analysis
import Foundation
import TestSupport
import XCTest

/// The Interface Builder hygiene rules on the real projects with sources
/// (`../shared/realworld/`), pinned per project and severity after two people checked every
/// `ambiguous-view` finding by hand (each warning left is real; the `info`s are views whose
/// size code supplies). A change in either direction fails.
final class HygieneRealWorldTests: XCTestCase {
    private static let rules: Set<String> = ["ambiguous-view", "duplicate-constraint", "misplaced-view"]

    /// project → "rule severity" → count.
    private static let expected: [String: [String: Int]] = [
        "Clipy__Clipy": ["duplicate-constraint warning": 3],
        "GitHawkApp__GitHawk": [:],
        "HexFiend__HexFiend": ["misplaced-view info": 11],
        "IBAnimatable__IBAnimatable": ["ambiguous-view warning": 2, "duplicate-constraint warning": 1],
        "LoopKit__LoopKit": ["duplicate-constraint warning": 3],
        "MengTo__Spring": ["duplicate-constraint warning": 1],
        "ViennaRSS__vienna-rss": ["duplicate-constraint warning": 1, "misplaced-view info": 1],
        "bryceco__GoMap": ["ambiguous-view warning": 22, "ambiguous-view info": 1],
        "corona-warn-app__cwa-app-ios": ["ambiguous-view info": 11, "duplicate-constraint warning": 3, "misplaced-view info": 1],
        "dekatotoro__SlideMenuControllerSwift": ["misplaced-view info": 1],
        "glushchenko__fsnotes": ["ambiguous-view warning": 12, "duplicate-constraint warning": 2, "misplaced-view info": 9],
        "matrix-org__matrix-ios-kit": ["duplicate-constraint warning": 1],
        "rxhanson__Rectangle": ["misplaced-view info": 1],
        "twostraws__HackingWithSwift": ["duplicate-constraint warning": 1, "misplaced-view info": 1],
        "vector-im__element-ios": ["ambiguous-view warning": 3, "ambiguous-view info": 2, "duplicate-constraint warning": 2],
        "xmartlabs__XLForm": ["duplicate-constraint warning": 1],
    ]

    func testHygieneCountsPerProject() throws {
        let root = Fixtures.sharedDirectory.appendingPathComponent("realworld")
        guard FileManager.default.fileExists(atPath: root.path) else { throw XCTSkip("no ../shared/realworld on this machine") }
        let projects = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains("__") }.sorted()
        XCTAssertEqual(projects.count, 25)
        let analyzer = Analyzer(configuration: .init(concurrency: 2))
        for project in projects {
            let report = try analyzer.analyze(path: root.appendingPathComponent(project).path)
            var counts: [String: Int] = [:]
            for finding in report.findings where Self.rules.contains(finding.rule) {
                counts["\(finding.rule) \(finding.severity.rawValue)", default: 0] += 1
            }
            XCTAssertEqual(counts, Self.expected[project] ?? [:], project)
        }
    }
}
