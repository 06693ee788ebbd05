import Foundation

/// What a CI job says about the code it builds, read from the variables each CI sets, so
/// that `nibscan submit` fills the analysis's `repository`, `branch`, `commit` and
/// `pullRequest` without flags. `repository` is a web URL where the CI gives one (links
/// in reports need it), `pullRequest` the number of the pull or merge request.
public struct CIEnvironment: Sendable, Equatable {
    public var provider: String?
    public var repository: String?
    public var branch: String?
    public var commit: String?
    public var pullRequest: Int?

    public init(provider: String? = nil, repository: String? = nil, branch: String? = nil, commit: String? = nil, pullRequest: Int? = nil) {
        self.provider = provider
        self.repository = repository
        self.branch = branch
        self.commit = commit
        self.pullRequest = pullRequest
    }

    /// The CI among GitHub Actions, GitLab CI, Bitrise, Jenkins, Buildkite and CircleCI
    /// that `environment` comes from, or nothing known outside CI.
    public static func detect(_ environment: [String: String]) -> CIEnvironment {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        if value("GITHUB_ACTIONS") == "true" {
            let server = value("GITHUB_SERVER_URL") ?? "https://github.com"
            let pull = value("GITHUB_REF").flatMap { ref in ref.hasPrefix("refs/pull/") ? number(ref.split(separator: "/").dropFirst(2).first) : nil }
            return CIEnvironment(provider: "github", repository: value("GITHUB_REPOSITORY").map { "\(server)/\($0)" },
                                 branch: value("GITHUB_HEAD_REF") ?? value("GITHUB_REF_NAME"), commit: value("GITHUB_SHA"), pullRequest: pull)
        }
        if value("GITLAB_CI") == "true" {
            return CIEnvironment(provider: "gitlab", repository: value("CI_PROJECT_URL"),
                                 branch: value("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME") ?? value("CI_COMMIT_BRANCH") ?? value("CI_COMMIT_REF_NAME"),
                                 commit: value("CI_COMMIT_SHA"), pullRequest: number(value("CI_MERGE_REQUEST_IID")))
        }
        if value("BITRISE_IO") == "true" || value("BITRISE_BUILD_NUMBER") != nil {
            return CIEnvironment(provider: "bitrise", repository: value("GIT_REPOSITORY_URL").map(webURL),
                                 branch: value("BITRISE_GIT_BRANCH"), commit: value("BITRISE_GIT_COMMIT") ?? value("GIT_CLONE_COMMIT_HASH"),
                                 pullRequest: number(value("BITRISE_PULL_REQUEST")))
        }
        if value("BUILDKITE") == "true" {
            return CIEnvironment(provider: "buildkite", repository: value("BUILDKITE_REPO").map(webURL), branch: value("BUILDKITE_BRANCH"),
                                 commit: value("BUILDKITE_COMMIT"), pullRequest: number(value("BUILDKITE_PULL_REQUEST")))
        }
        if value("CIRCLECI") == "true" {
            let repository = value("CIRCLE_REPOSITORY_URL").map(webURL)
                ?? value("CIRCLE_PROJECT_USERNAME").flatMap { user in value("CIRCLE_PROJECT_REPONAME").map { "https://github.com/\(user)/\($0)" } }
            let pull = number(value("CIRCLE_PR_NUMBER")) ?? value("CIRCLE_PULL_REQUEST").flatMap { number($0.split(separator: "/").last) }
            return CIEnvironment(provider: "circleci", repository: repository, branch: value("CIRCLE_BRANCH"), commit: value("CIRCLE_SHA1"),
                                 pullRequest: pull)
        }
        if value("JENKINS_URL") != nil {
            var branch = value("CHANGE_BRANCH") ?? value("BRANCH_NAME") ?? value("GIT_BRANCH")
            if let given = branch, given.hasPrefix("origin/") { branch = String(given.dropFirst("origin/".count)) }
            return CIEnvironment(provider: "jenkins", repository: value("GIT_URL").map(webURL), branch: branch,
                                 commit: value("GIT_COMMIT"), pullRequest: number(value("CHANGE_ID")))
        }
        return CIEnvironment()
    }

    /// A positive number, else `nil` (`"false"`, empty).
    private static func number<Text: StringProtocol>(_ text: Text?) -> Int? {
        guard let text, let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// `git@github.com:acme/app.git` and `https://github.com/acme/app.git` → `https://github.com/acme/app`;
    /// anything else unchanged but for a trailing `.git`.
    static func webURL(_ remote: String) -> String {
        var url = remote
        if url.hasSuffix(".git") { url.removeLast(4) }
        if url.hasPrefix("git@"), let colon = url.firstIndex(of: ":") {
            let host = url[url.index(url.startIndex, offsetBy: 4) ..< colon]
            url = "https://\(host)/\(url[url.index(after: colon)...])"
        } else if url.hasPrefix("ssh://git@") {
            url = "https://" + url.dropFirst("ssh://git@".count)
        }
        return url
    }
}
