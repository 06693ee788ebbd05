import Analysis
@testable import Server
import TestSupport
import XCTest

/// The `/v1/analyses` API over real loopback sockets.
final class LiveAnalysesTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer()
    }

    override func tearDown() {
        live.stop()
    }

    func testRawZipUploadIsDurableAndAnsweredWith202() throws {
        let response = try live.upload(LiveServer.sampleZip(), query: "?repository=acme%2Fapp&branch=main&commit=abc123&pullRequest=7")
        XCTAssertEqual(response.status, 202, response.text)
        let body = try response.json()
        let id = try XCTUnwrap(body["id"] as? String)
        XCTAssertEqual(body["status"] as? String, "queued")
        XCTAssertEqual(response.header("Location"), "/v1/analyses/\(id)")
        XCTAssertEqual((body["links"] as? [String: String])?["self"], "/v1/analyses/\(id)")
        XCTAssertEqual((body["links"] as? [String: String])?["report"], "/v1/analyses/\(id)/report")
        let metadata = try XCTUnwrap(body["metadata"] as? [String: Any])
        XCTAssertEqual(metadata["repository"] as? String, "github.com/acme/app", "filed under its canonical name")
        XCTAssertEqual(metadata["pullRequest"] as? Int, 7)
        // On disk and in the database before the 202 was sent.
        let record = try XCTUnwrap(live.server.store.record(id: id))
        XCTAssertEqual(record.uploadBytes, Int64(LiveServer.sampleZip().count))
        XCTAssertEqual(record.projectName, "app")
        let final = try live.waitUntilFinal(id)
        XCTAssertNotNil(final["finishedAt"])
    }

    func testWaitReturnsTheFinishedAnalysis() throws {
        let response = try live.upload(LiveServer.sampleZip(), query: "?wait=20")
        XCTAssertEqual(response.status, 200, response.text)
        let body = try response.json()
        XCTAssertEqual(body["status"] as? String, "succeeded")
        XCTAssertNotNil(body["summary"] as? [String: Any])
        XCTAssertEqual(body["project"] as? String, "App", "named after the folder that wraps the archive")
        let id = try XCTUnwrap(body["id"] as? String)
        let report = try live.request("GET", "/v1/analyses/\(id)/report")
        XCTAssertEqual(report.status, 200)
        XCTAssertEqual(try report.json()["schemaVersion"] as? Int, 1)
        // A later upload judged against the first: its report carries the comparison.
        let compared = try live.upload(LiveServer.sampleZip(), query: "?wait=20&baseline=\(id)")
        XCTAssertEqual(compared.status, 200, compared.text)
        let comparedID = try XCTUnwrap(try compared.json()["id"] as? String)
        XCTAssertNotNil(try live.request("GET", "/v1/analyses/\(comparedID)/report").json()["baseline"])
    }

    /// The checked repairs as one diff: `?format=patch` and `Accept: text/x-diff`, in
    /// repository paths with `pathPrefix`; empty for a project with nothing to repair.
    func testThePatchFormatHoldsTheCheckedRepairs() throws {
        var zip = ZipBuilder()
        zip.add("App/CardView.swift", text: "import UIKit\nfinal class CardView: UIView {\n    @IBOutlet weak var titleLabel: UILabel!\n}\n")
        // Something loads the nib: a repair is offered only for an error or a warning.
        zip.add("App/Loader.swift", text: "import UIKit\nfinal class Loader {\n    func load() { _ = UINib(nibName: \"CardView\", bundle: nil) }\n}\n")
        zip.add("App/CardView.xib", text: ExampleXML.xib("""
        <view contentMode="scaleToFill" customClass="CardView" \(ExampleXML.appModule) id="Root-00-001">
            <subviews>
                <label text="Title" id="Lbl-00-001"/>
            </subviews>
            <connections>
                <outlet property="titleLbl" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </view>
        """))
        let response = try live.upload(zip.build(), query: "?wait=20")
        XCTAssertEqual(response.status, 200, response.text)
        let id = try XCTUnwrap(try response.json()["id"] as? String)
        let patch = try live.request("GET", "/v1/analyses/\(id)/report?format=patch&pathPrefix=ios")
        XCTAssertEqual(patch.status, 200)
        XCTAssertEqual(patch.header("Content-Type"), "text/x-diff; charset=utf-8")
        XCTAssertTrue(patch.text.hasPrefix("diff --git a/ios/App/CardView.xib b/ios/App/CardView.xib\n--- a/ios/App/CardView.xib\n+++ b/ios/App/CardView.xib\n"), patch.text)
        XCTAssertTrue(patch.text.split(separator: "\n").contains { $0.hasPrefix("+") && $0.hasSuffix("<outlet property=\"titleLabel\" destination=\"Lbl-00-001\" id=\"Out-00-001\"/>") },
                      patch.text)
        let negotiated = try live.request("GET", "/v1/analyses/\(id)/report", headers: ["Accept": "text/x-diff"])
        XCTAssertTrue(negotiated.text.contains("+++ b/App/CardView.xib"), negotiated.text)
        let finding = try XCTUnwrap((try live.request("GET", "/v1/analyses/\(id)/report").json()["findings"] as? [[String: Any]])?
            .first { $0["rule"] as? String == "outlet-not-in-class" })
        XCTAssertEqual((finding["patch"] as? [String: Any])?["summary"] as? String, "property \"titleLbl\" → \"titleLabel\"")

        let clean = try live.upload(LiveServer.sampleZip(), query: "?wait=20")
        let cleanID = try XCTUnwrap(try clean.json()["id"] as? String)
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(cleanID)/report?format=patch").text, "")
    }

    func testWaitOnABrokenArchiveAnswersTheArchiveProblem() throws {
        // Passes the zip-signature check, then fails in the archive reader.
        let response = try live.upload(Data("PK\u{3}\u{4}this is not really a zip".utf8), query: "?wait=20")
        XCTAssertTrue([413, 422].contains(response.status), response.text)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
        let problem = try response.json()
        let type = try XCTUnwrap(problem["type"] as? String)
        XCTAssertTrue(type.hasPrefix(Problem.typeBase + "archive.") || type.hasPrefix(Problem.typeBase + "input."), type)
        let id = try XCTUnwrap(problem["analysisId"] as? String)
        XCTAssertFalse((problem["detail"] as? String ?? "").contains(live.dataDirectory.path), "the detail does not leak server paths")
        let analysis = try live.request("GET", "/v1/analyses/\(id)").json()
        XCTAssertEqual(analysis["status"] as? String, "failed")
        XCTAssertEqual((analysis["error"] as? [String: Any])?["code"] as? String, String(type.dropFirst(Problem.typeBase.count)))
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)/report").status, response.status, "the report answers the same problem")
    }

    func testArchiveRefusalsAnswerTheirOwnProblem() throws {
        let limited = try LiveServer { $0.archiveLimits.maxEntries = 3 }
        defer { limited.stop() }
        var many = ZipBuilder()
        for index in 0 ..< 5 { many.add("App/File\(index).swift", text: "let x\(index) = 1\n") }
        let tooMany = try limited.upload(many.build(), query: "?wait=20")
        XCTAssertEqual(tooMany.status, 413, tooMany.text)
        XCTAssertEqual(try tooMany.json()["type"] as? String, Problem.typeBase + "archive.too-many-entries")

        var duplicated = ZipBuilder()
        duplicated.add("App/A.swift", text: "let a = 1\n")
        duplicated.add("App/A.swift", text: "let b = 2\n")
        let duplicate = try limited.upload(duplicated.build(), query: "?wait=20")
        XCTAssertEqual(duplicate.status, 422, duplicate.text)
        XCTAssertEqual(try duplicate.json()["type"] as? String, Problem.typeBase + "archive.duplicate-name")

        // An unsafe entry is skipped, not fatal: the analysis succeeds and says so.
        var unsafe = ZipBuilder()
        unsafe.add("../escape.swift", text: "let x = 1\n")
        unsafe.add("App/View.swift", text: "import UIKit\nfinal class V: UIView {}\n")
        let skipped = try limited.upload(unsafe.build(), query: "?wait=20")
        XCTAssertEqual(skipped.status, 200, skipped.text)
        let id = try XCTUnwrap(try skipped.json()["id"] as? String)
        let files = try limited.request("GET", "/v1/analyses/\(id)/report").json()["files"] as? [[String: Any]]
        XCTAssertTrue(files?.contains { $0["status"] as? String == "skipped" } == true, "\(files ?? [])")
    }

    func testWaitShorterThanTheAnalysisStill202s() throws {
        let response = try live.upload(LiveServer.sampleZip(), query: "?wait=0")
        XCTAssertEqual(response.status, 202)
        XCTAssertEqual(try live.upload(LiveServer.sampleZip(), query: "?wait=-1").status, 400)
        XCTAssertEqual(try live.upload(LiveServer.sampleZip(), query: "?wait=100000").status, 400)
    }

    func testMultipartUploadWithFormMetadata() throws {
        let boundary = "nibscan-test-boundary"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        field("repository", "acme/ios")
        field("branch", "feature/login")
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"project\"; filename=\"Shop.zip\"\r\nContent-Type: application/zip\r\n\r\n".utf8)
        body += LiveServer.sampleZip()
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        let response = try live.upload(body, query: "?commit=deadbeef", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
        XCTAssertEqual(response.status, 202, response.text)
        let id = try XCTUnwrap(try response.json()["id"] as? String)
        let record = try XCTUnwrap(live.server.store.record(id: id))
        XCTAssertEqual(record.metadata, .init(repository: "github.com/acme/ios", branch: "feature/login", commit: "deadbeef"))
        XCTAssertEqual(record.projectName, "Shop")
        XCTAssertEqual(record.uploadBytes, Int64(LiveServer.sampleZip().count), "only the project part is stored")
    }

    func testBadUploadsGetTheirOwnProblems() throws {
        func problem(_ response: RawHTTPClient.Response) throws -> (Int, String) {
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
            return (response.status, String((try response.json()["type"] as? String ?? "").dropFirst(Problem.typeBase.count)))
        }
        XCTAssertTrue(try problem(live.upload(Data("just text".utf8))) == (422, "archive.not-a-zip"))
        XCTAssertTrue(try problem(live.request("POST", "/v1/analyses", headers: ["Content-Type": "application/zip"])) == (422, "upload.empty"))
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), headers: ["Content-Type": "text/plain"])) == (415, "upload.unsupported-media-type"))
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), query: "?pullRequest=abc")) == (400, "request.invalid-parameter"))
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), query: "?baseline=nope")) == (422, "upload.unknown-baseline"))
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), query: "?branch=a&branch=b")) == (400, "request.invalid-parameter"))
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), query: "?wait=%zz")) == (400, "request.invalid-query"))
        let longKey = String(repeating: "k", count: 256)
        XCTAssertTrue(try problem(live.upload(LiveServer.sampleZip(), headers: ["Idempotency-Key": longKey])) == (400, "request.invalid-idempotency-key"))
        let multipart = ["Content-Type": "multipart/form-data; boundary=b"]
        let noProject = Data("--b\r\nContent-Disposition: form-data; name=\"branch\"\r\n\r\nmain\r\n--b--\r\n".utf8)
        XCTAssertTrue(try problem(live.upload(noProject, headers: multipart)) == (422, "upload.missing-project"))
        let unknown = Data("--b\r\nContent-Disposition: form-data; name=\"colour\"\r\n\r\nred\r\n--b--\r\n".utf8)
        XCTAssertTrue(try problem(live.upload(unknown, headers: multipart)) == (400, "upload.invalid-multipart"))
        let unterminated = Data("--b\r\nContent-Disposition: form-data; name=\"project\"\r\n\r\nPK\u{3}\u{4}".utf8)
        XCTAssertTrue(try problem(live.upload(unterminated, headers: multipart)) == (400, "upload.invalid-multipart"))
        XCTAssertTrue(try problem(live.upload(noProject, headers: ["Content-Type": "multipart/form-data"])) == (400, "upload.invalid-multipart"))
        // Nothing half-written is left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: XCTUnwrap(live.server.uploads as? FileUploadStore).temporaryDirectory.path), [])
        XCTAssertEqual(try live.server.store.list(.init()).count, 0)
    }

    func testNoBodyFramingIs411() throws {
        let client = try RawHTTPClient(port: live.port)
        try client.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 411)
    }

    func testIdempotencyKeyReplaysTheFirstAnalysis() throws {
        let first = try live.upload(LiveServer.sampleZip(), headers: ["Idempotency-Key": "build-42"])
        let again = try live.upload(LiveServer.sampleZip(), headers: ["Idempotency-Key": "build-42"])
        XCTAssertEqual(first.status, 202)
        XCTAssertEqual(try first.json()["id"] as? String, try again.json()["id"] as? String)
        XCTAssertEqual(again.header("Idempotent-Replayed"), "true")
        XCTAssertEqual(again.header("Location"), first.header("Location"))
        let different = try live.upload(LiveServer.sampleZip(), query: "?branch=other", headers: ["Idempotency-Key": "build-42"])
        XCTAssertEqual(different.status, 422)
        XCTAssertEqual(try different.json()["type"] as? String, Problem.typeBase + "request.idempotency-key-reused")
        XCTAssertEqual(try live.server.store.list(.init()).count, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: XCTUnwrap(live.server.uploads as? FileUploadStore).uploadsDirectory.path).count, 1, "replayed uploads are not kept")
    }

    func testShowDeleteAndNotFound() throws {
        let id = try XCTUnwrap(try live.upload(LiveServer.sampleZip()).json()["id"] as? String)
        _ = try live.waitUntilFinal(id)
        let path = try XCTUnwrap(live.server.store.record(id: id)?.uploadPath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)").status, 204)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the stored upload is removed with the analysis")
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)").status, 404)
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)").status, 404)
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)/report").status, 404)
    }

    func testReportStatesFormatsAndBaseline() throws {
        let finding = Finding(rule: "example.rule", severity: .error, message: "m", locations: [], fix: "f", fingerprint: "fp-1")
        let other = Finding(rule: "example.rule", severity: .warning, message: "m2", locations: [], fix: "f", fingerprint: "fp-2")
        let report = Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: [finding, other], summary: .init(errors: 1, warnings: 1))
        let succeeded = try live.seed(status: .succeeded, report: report)
        let ok = try live.request("GET", "/v1/analyses/\(succeeded)/report")
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(ok.header("Content-Type"), "application/json")
        XCTAssertEqual(try Report.decode(jsonData: ok.body), report)
        // The comment links to the signed HTML report, whose expiry is the second it was made
        // plus the lifetime: each comment is compared with the link it carries.
        func signedLink(in comment: String) throws -> String {
            let start = try XCTUnwrap(comment.range(of: "[full report](http://127.0.0.1/v1/analyses/\(succeeded)/report?format=html&"), comment)
            let link = String(comment[comment.index(start.lowerBound, offsetBy: 14)...].prefix { $0 != ")" })
            let query = try APIRequest.decodeQuery(String(link.split(separator: "?")[1]))
            XCTAssertEqual(ReportLinkSigner.verdict(of: live.server.context.links.reportLinks, query: query, analysisID: succeeded), .valid)
            return link
        }
        for format in ReportFormat.allCases {
            let rendered = try live.request("GET", "/v1/analyses/\(succeeded)/report?format=\(format.rawValue)")
            XCTAssertEqual(rendered.status, 200, format.rawValue)
            XCTAssertEqual(rendered.header("Content-Type"), format.mediaType)
            let reportURL = format == .markdown ? try signedLink(in: rendered.text) : nil
            XCTAssertEqual(rendered.body, try report.rendered(as: format, options: .init(reportURL: reportURL, rules: RulesAPI.catalog)), format.rawValue)
        }
        let sarif = try live.request("GET", "/v1/analyses/\(succeeded)/report", headers: ["Accept": "application/sarif+json"])
        XCTAssertEqual(sarif.header("Content-Type"), "application/sarif+json")
        XCTAssertEqual(try sarif.json()["version"] as? String, "2.1.0")
        XCTAssertTrue(try live.request("GET", "/v1/analyses/\(succeeded)/report", headers: ["Accept": "text/markdown"]).text.contains("example.rule"))
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(succeeded)/report?format=pdf").status, 406)
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(succeeded)/report", headers: ["Accept": "image/png"]).status, 406)
        let summary = try live.request("GET", "/v1/analyses/\(succeeded)").json()["summary"] as? [String: Any]
        XCTAssertEqual(summary?["errors"] as? Int, 1)

        let running = try live.seed(status: .running)
        let conflict = try live.request("GET", "/v1/analyses/\(running)/report")
        XCTAssertEqual(conflict.status, 409)
        XCTAssertEqual(try conflict.json()["type"] as? String, Problem.typeBase + "analysis.not-finished")
        let interrupted = try live.seed(status: .failed, failure: .interrupted(attempts: 3))
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(interrupted)/report").status, 409)
        let tooMany = try live.seed(status: .failed, failure: .init(code: "archive.too-many-entries", message: "300000 entries"))
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(tooMany)/report").status, 413)

    }

    func testListingFiltersAndPagesNewestFirst() throws {
        var ids: [String] = []
        for index in 0 ..< 5 {
            ids.append(try live.seed(status: index == 4 ? .running : .succeeded, repository: index.isMultiple(of: 2) ? "github.com/acme/a" : "github.com/acme/b"))
        }
        let first = try live.request("GET", "/v1/analyses?limit=2").json()
        XCTAssertEqual((first["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [ids[4], ids[3]])
        let cursor = try XCTUnwrap(first["nextCursor"] as? String)
        XCTAssertEqual((first["links"] as? [String: String])?["next"], "/v1/analyses?limit=2&cursor=\(cursor)")
        _ = try live.seed(status: .queued)
        let second = try live.request("GET", "/v1/analyses?limit=2&cursor=\(cursor)").json()
        XCTAssertEqual((second["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [ids[2], ids[1]])
        let third = try live.request("GET", "/v1/analyses?limit=2&cursor=\(try XCTUnwrap(second["nextCursor"] as? String))").json()
        XCTAssertEqual((third["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [ids[0]])
        XCTAssertNil(third["nextCursor"])
        let filtered = try live.request("GET", "/v1/analyses?repository=acme%2Fa&status=succeeded").json()
        XCTAssertEqual((filtered["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [ids[2], ids[0]])
        let otherBranch = try live.request("GET", "/v1/analyses?repository=acme%2Fa&branch=release").json()
        XCTAssertEqual((otherBranch["items"] as? [[String: Any]])?.count, 0, "the branch filter applies")
        for bad in ["limit=0", "limit=101", "limit=x", "status=done", "cursor=forged"] {
            let response = try live.request("GET", "/v1/analyses?\(bad)")
            XCTAssertEqual(response.status, 400, bad)
            XCTAssertEqual(try response.json()["type"] as? String, Problem.typeBase + "request.invalid-parameter")
        }
    }

    func testRetentionRemovesOldUploadsButKeepsTheAnalysis() throws {
        let file = try XCTUnwrap(live.server.uploads as? FileUploadStore).uploadsDirectory.appendingPathComponent("old.zip")
        try Data("PK".utf8).write(to: file)
        let id = try live.seed(status: .succeeded, report: Report(project: .init(name: "A", files: 0, bytes: 0), files: [], summary: .init()),
                               uploadPath: file.path, createdAt: Date(timeIntervalSinceNow: -200 * 3600))
        XCTAssertEqual(live.server.sweeper.sweep(), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        let analysis = try live.request("GET", "/v1/analyses/\(id)").json()
        XCTAssertEqual((analysis["upload"] as? [String: Any])?["stored"] as? Bool, false)
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)/report").status, 200)
    }
}
