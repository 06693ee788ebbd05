import Client
import XCTest

/// Each CI's variables turned into the analysis metadata.
final class CIEnvironmentTests: XCTestCase {
    func testGitHubActionsPullRequestAndPush() {
        XCTAssertEqual(CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "abc", "GITHUB_REF": "refs/pull/42/merge",
            "GITHUB_HEAD_REF": "feature/x", "GITHUB_REF_NAME": "42/merge", "GITHUB_SERVER_URL": "https://github.example.com",
        ]), CIEnvironment(provider: "github", repository: "https://github.example.com/acme/app", branch: "feature/x", commit: "abc", pullRequest: 42))
        XCTAssertEqual(CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "abc", "GITHUB_REF": "refs/heads/main", "GITHUB_REF_NAME": "main",
            "GITHUB_HEAD_REF": "",
        ]), CIEnvironment(provider: "github", repository: "https://github.com/acme/app", branch: "main", commit: "abc"))
    }

    func testGitLabMergeRequestAndBranch() {
        XCTAssertEqual(CIEnvironment.detect([
            "GITLAB_CI": "true", "CI_PROJECT_URL": "https://gitlab.com/acme/app", "CI_COMMIT_SHA": "def",
            "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "feature/y", "CI_MERGE_REQUEST_IID": "9", "CI_COMMIT_REF_NAME": "feature/y",
        ]), CIEnvironment(provider: "gitlab", repository: "https://gitlab.com/acme/app", branch: "feature/y", commit: "def", pullRequest: 9))
        XCTAssertEqual(CIEnvironment.detect(["GITLAB_CI": "true", "CI_COMMIT_BRANCH": "main", "CI_COMMIT_SHA": "def"]),
                       CIEnvironment(provider: "gitlab", branch: "main", commit: "def"))
    }

    func testBitrise() {
        XCTAssertEqual(CIEnvironment.detect([
            "BITRISE_IO": "true", "CI": "true", "GIT_REPOSITORY_URL": "git@github.com:acme/app.git", "BITRISE_GIT_BRANCH": "feature/z",
            "BITRISE_GIT_COMMIT": "123", "BITRISE_PULL_REQUEST": "5",
        ]), CIEnvironment(provider: "bitrise", repository: "https://github.com/acme/app", branch: "feature/z", commit: "123", pullRequest: 5))
    }

    func testJenkinsMultibranchAndPlainJobs() {
        XCTAssertEqual(CIEnvironment.detect([
            "JENKINS_URL": "https://ci.example.com/", "GIT_URL": "https://github.com/acme/app.git", "GIT_COMMIT": "456",
            "CHANGE_BRANCH": "feature/w", "BRANCH_NAME": "PR-3", "CHANGE_ID": "3",
        ]), CIEnvironment(provider: "jenkins", repository: "https://github.com/acme/app", branch: "feature/w", commit: "456", pullRequest: 3))
        XCTAssertEqual(CIEnvironment.detect(["JENKINS_URL": "https://ci.example.com/", "GIT_BRANCH": "origin/main", "GIT_COMMIT": "456"]),
                       CIEnvironment(provider: "jenkins", branch: "main", commit: "456"))
    }

    func testBuildkite() {
        XCTAssertEqual(CIEnvironment.detect([
            "BUILDKITE": "true", "BUILDKITE_REPO": "git@github.com:acme/app.git", "BUILDKITE_BRANCH": "main",
            "BUILDKITE_COMMIT": "789", "BUILDKITE_PULL_REQUEST": "false",
        ]), CIEnvironment(provider: "buildkite", repository: "https://github.com/acme/app", branch: "main", commit: "789"))
    }

    func testCircleCI() {
        XCTAssertEqual(CIEnvironment.detect([
            "CIRCLECI": "true", "CIRCLE_PROJECT_USERNAME": "acme", "CIRCLE_PROJECT_REPONAME": "app", "CIRCLE_BRANCH": "feature/v",
            "CIRCLE_SHA1": "abc1", "CIRCLE_PULL_REQUEST": "https://github.com/acme/app/pull/11",
        ]), CIEnvironment(provider: "circleci", repository: "https://github.com/acme/app", branch: "feature/v", commit: "abc1", pullRequest: 11))
    }

    func testOutsideCINothingIsKnown() {
        XCTAssertEqual(CIEnvironment.detect(["HOME": "/root", "CI": "true"]), CIEnvironment())
    }
}
