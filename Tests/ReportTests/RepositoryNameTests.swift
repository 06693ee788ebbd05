import Analysis
import XCTest

/// Every form a CI system or a person gives a repository in comes out as one name.
final class RepositoryNameTests: XCTestCase {
    func testEveryFormOfAGitHubRepositoryIsOneName() {
        let forms = [
            "acme/app", "Acme/App", " acme/app ", "acme/app/", "acme/app.git",
            "github.com/acme/app", "GitHub.com/Acme/App", "www.github.com/acme/app",
            "https://github.com/acme/app", "https://github.com/acme/app.git", "https://github.com/acme/app/",
            "http://github.com/acme/app", "HTTPS://GITHUB.COM/ACME/APP.GIT", "https://user@github.com/acme/app",
            "https://github.com:443/acme/app", "git@github.com:acme/app.git", "git@github.com:Acme/App",
            "ssh://git@github.com/acme/app.git", "ssh://git@github.com:22/acme/app", "git://github.com/acme/app.git",
        ]
        for form in forms {
            XCTAssertEqual(RepositoryName.canonical(form), "github.com/acme/app", form)
        }
    }

    func testGitLabAndOtherHosts() {
        XCTAssertEqual(RepositoryName.canonical("https://gitlab.com/Group/Sub/App.git"), "gitlab.com/group/sub/app")
        XCTAssertEqual(RepositoryName.canonical("git@gitlab.example.com:group/app.git"), "gitlab.example.com/group/app")
        XCTAssertEqual(RepositoryName.canonical("gitlab.com/group/sub/app"), "gitlab.com/group/sub/app")
        XCTAssertEqual(RepositoryName.canonical("https://bitbucket.org/Team/App"), "bitbucket.org/team/app")
        // A host that may tell cases apart keeps the path's case; its own name is always lower case.
        XCTAssertEqual(RepositoryName.canonical("https://Git.Example.com/Team/App"), "git.example.com/Team/App")
        XCTAssertEqual(RepositoryName.canonical("https://git.example.com:8443/team/app"), "git.example.com:8443/team/app")
    }

    func testNamesWithNoHostStayAsGiven() {
        XCTAssertEqual(RepositoryName.canonical("app"), "app")
        XCTAssertEqual(RepositoryName.canonical("group/sub/App"), "group/sub/App")
        XCTAssertEqual(RepositoryName.canonical("group/sub/app.git/"), "group/sub/app")
    }

    func testTextThatNamesNoRepository() {
        for text in ["", "  ", "/", "https://github.com/", "acme/../app", "./app", "https:///acme/app"] {
            XCTAssertNil(RepositoryName.canonical(text), text)
        }
        XCTAssertEqual(RepositoryName.filed(" acme/../app "), "acme/../app", "a filter that names nothing is kept, and finds nothing")
    }

    func testCanonicalNamesAreFixedPointsAndStillLink() {
        for form in ["acme/app", "https://gitlab.com/g/s/app", "git@git.example.com:Team/App.git", "group/sub/app"] {
            let name = RepositoryName.canonical(form)!
            XCTAssertEqual(RepositoryName.canonical(name), name, form)
        }
        let links = SourceLinks(repository: RepositoryName.canonical("git@github.com:acme/app.git"))
        XCTAssertEqual(links?.url(commit: "c0ffee", path: "A.xib", line: 3), "https://github.com/acme/app/blob/c0ffee/A.xib#L3")
        XCTAssertEqual(SourceLinks(repository: RepositoryName.canonical("https://gitlab.com/g/app"))?.url(commit: "c", path: "A.xib", line: 1),
                       "https://gitlab.com/g/app/-/blob/c/A.xib#L1")
    }
}
