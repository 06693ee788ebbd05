@testable import Analysis
import Foundation
import XCTest

/// `--source-link` templates, the links each kind of repository name gets by default, and
/// how paths are escaped in them.
final class SourceLinkTests: XCTestCase {
    private func link(_ repository: String?, template: String? = nil, path: String = "App/View.xib", line: Int = 7) throws -> String? {
        let parsed = try template.map { try SourceLinkTemplate($0) }
        return SourceLinks(repository: repository, template: parsed)?.url(commit: "abc123", path: path, line: line)
    }

    func testDefaultsFollowTheRepositoryHost() throws {
        let github = "https://github.com/acme/app/blob/abc123/App/View.xib#L7"
        XCTAssertEqual(try link("acme/app"), github, "owner/name is GitHub's")
        XCTAssertEqual(try link("github.com/acme/app"), github)
        XCTAssertEqual(try link("https://github.com/acme/app.git/"), github)
        XCTAssertEqual(try link("https://GitHub.com/acme/app"), github, "the host in any case")
        XCTAssertEqual(try link("https://gitlab.com/group/sub/app"), "https://gitlab.com/group/sub/app/-/blob/abc123/App/View.xib#L7")
        XCTAssertEqual(try link("gitlab.example.com/group/app"), "https://gitlab.example.com/group/app/-/blob/abc123/App/View.xib#L7")
        XCTAssertEqual(try link("https://github.example.com/acme/app"), "https://github.example.com/acme/app/blob/abc123/App/View.xib#L7",
                       "another host keeps URL/blob/COMMIT/PATH (GitHub Enterprise)")
        XCTAssertNil(try link("group/sub/app"), "three parts without a host: not GitHub, no guess")
        XCTAssertNil(try link("app"))
        XCTAssertNil(try link(nil))
        XCTAssertNil(try link("https://github.com"), "no repository path")
        XCTAssertNil(try link("acme/../app"))
    }

    func testATemplateWinsAndNamesTheRepositoryByItsPath() throws {
        let gitlab = "https://gitlab.example.com/{repository}/-/blob/{commit}/{path}#L{line}"
        XCTAssertEqual(try link("group/sub/app", template: gitlab), "https://gitlab.example.com/group/sub/app/-/blob/abc123/App/View.xib#L7")
        XCTAssertEqual(try link("https://gitlab.example.com/group/app.git", template: gitlab),
                       "https://gitlab.example.com/group/app/-/blob/abc123/App/View.xib#L7")
        let bitbucket = "https://bitbucket.org/{repository}/src/{commit}/{path}#lines-{line}"
        XCTAssertEqual(try link("acme/app", template: bitbucket), "https://bitbucket.org/acme/app/src/abc123/App/View.xib#lines-7")
        let links = try XCTUnwrap(SourceLinks(repository: "group/app", template: try SourceLinkTemplate(gitlab)))
        XCTAssertEqual(links.repositoryURL, "https://gitlab.example.com/group/app", "the template's start names the host")
    }

    func testPathsAndCommitsAreEscaped() throws {
        XCTAssertEqual(try link("acme/app", path: "App Folder/Profile #1 (v2)/Ünï?.xib", line: 0),
                       "https://github.com/acme/app/blob/abc123/App%20Folder/Profile%20%231%20%28v2%29/%C3%9Cn%C3%AF%3F.xib#L1")
        let links = try XCTUnwrap(SourceLinks(repository: "acme/app"))
        XCTAssertEqual(links.url(commit: "feature/a b", path: "100%.xib", line: 3), "https://github.com/acme/app/blob/feature/a%20b/100%25.xib#L3")
    }

    func testBadTemplatesAreRefusedWithTheReason() {
        let cases = [
            ("https://x/{repo}/{path}", "unknown placeholder {repo}; known: {repository}, {commit}, {path}, {line}"),
            ("https://x/{path", "a '{' is never closed"),
            ("https://x/}{path}", "a '}' closes no placeholder"),
            ("https://x/{repository}/{commit}", "it needs {path}"),
            ("ftp://x/{path}", "it must start with https:// or http://"),
            ("", "it must start with https:// or http://"),
        ]
        for (template, problem) in cases {
            XCTAssertThrowsError(try SourceLinkTemplate(template), template) { error in
                XCTAssertEqual((error as? SourceLinkTemplateError)?.problem, problem, template)
                XCTAssertEqual((error as? SourceLinkTemplateError)?.code, "usage.bad-source-link")
            }
        }
        XCTAssertEqual(try SourceLinkTemplate("http://h/{path}?line={line}").description, "http://h/{path}?line={line}")
    }

    func testMarkdownLinksLocationsOnlyWithRepositoryAndCommit() throws {
        let report = SyntheticReports.mixed
        let linked = String(decoding: try report.rendered(as: .markdown, options: RenderOptions(repository: "acme/app", commit: "c0ffee")), as: UTF8.self)
        XCTAssertTrue(linked.contains("[App/Base.lproj/Main.storyboard:42](https://github.com/acme/app/blob/c0ffee/App/Base.lproj/Main.storyboard#L42)"), linked)
        XCTAssertTrue(linked.contains("(https://github.com/acme/app/blob/c0ffee/App%20Folder/Profile%20Cell%20%28v2%29.xib#L88)"), linked)
        let templated = try RenderOptions(repository: "group/sub/app", commit: "c0ffee",
                                          sourceLink: SourceLinkTemplate("https://git.corp/{repository}/-/blob/{commit}/{path}#L{line}"),
                                          pathMapping: PathMapping(addPrefix: "ios/"))
        let onPremises = String(decoding: try report.rendered(as: .markdown, options: templated), as: UTF8.self)
        XCTAssertTrue(onPremises.contains("(https://git.corp/group/sub/app/-/blob/c0ffee/ios/App/Base.lproj/Main.storyboard#L42)"), onPremises)
        let plain = try report.rendered(as: .markdown, options: RenderOptions())
        for unlinked in [RenderOptions(repository: "acme/app"), RenderOptions(commit: "c0ffee"), RenderOptions(repository: "group/sub/app", commit: "c0ffee")] {
            XCTAssertEqual(try report.rendered(as: .markdown, options: unlinked), plain, "no link without a repository host and a commit")
        }
    }

    func testFolderPrefixes() {
        XCTAssertEqual(PathMapping.folderPrefix("ios"), "ios/")
        XCTAssertEqual(PathMapping.folderPrefix("./apps//ios/"), "apps/ios/")
        XCTAssertEqual(PathMapping.folderPrefix("."), "")
        XCTAssertNil(PathMapping.folderPrefix("/abs"))
        XCTAssertNil(PathMapping.folderPrefix("../up"))
    }
}
