import Analysis
import Foundation

/// `/v1/analyses`: upload, read, list, delete, and the reports.
struct AnalysesAPI: Sendable {
    let context: ServiceContext

    static let collection = "/v1/analyses"
    static let item = "/v1/analyses/{id}"
    static let reportRoute = "/v1/analyses/{id}/report"

    var routes: [Router.Route] {
        [
            Router.Route(method: "POST", template: Self.collection, role: .submit) { request in submit(request) },
            Router.Route(method: "GET", template: Self.collection, role: .read) { request in Self.run { () throws(Problem) in try list(request) } },
            Router.Route(method: "GET", template: Self.item, role: .read) { request in Self.run { () throws(Problem) in try show(request) } },
            Router.Route(method: "DELETE", template: Self.item, role: .admin) { request in Self.run { () throws(Problem) in try delete(request) } },
            Router.Route(method: "GET", template: Self.reportRoute, role: .read, opensWithSignedLink: true) { request in
                Self.run { () throws(Problem) in try report(request) }
            },
        ]
    }

    /// Runs a handler, turning its problem into a problem response.
    static func run(_ handler: () throws(Problem) -> HTTPResponse) -> HTTPResponderDecision {
        do {
            return .respond(try handler())
        } catch {
            return .respond(.problem(error))
        }
    }

    func existing(_ request: APIRequest) throws(Problem) -> AnalysisRecord {
        let id = request.pathParameters["id"] ?? ""
        let record: AnalysisRecord?
        do {
            record = try context.store.record(id: id)
        } catch {
            throw .storage(error)
        }
        guard let record else { throw .notFound("no analysis with id '\(id.prefix(100))'") }
        return record
    }

    private func show(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        .json(AnalysisResource(try existing(request)))
    }

    private func delete(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        let record = try existing(request)
        do {
            guard let deleted = try context.store.delete(id: record.id) else { throw Problem.notFound("no analysis with id '\(record.id)'") }
            if let path = deleted.uploadPath { context.uploads.remove(path) }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .storage(error)
        }
        return HTTPResponse(status: 204)
    }

    /// `?repository=&branch=&status=&limit=&cursor=`, newest first. The cursor is the
    /// position after the last item, so inserts never shift a page.
    private func list(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        var query = AnalysisStore.ListQuery()
        query.repository = try request.queryValue("repository")
        query.branch = try request.queryValue("branch")
        if let status = try request.queryValue("status") {
            guard let parsed = AnalysisRecord.Status(rawValue: status) else {
                throw .invalidParameter("status", "must be one of queued, running, succeeded, failed")
            }
            query.status = parsed
        }
        if let limit = try request.queryValue("limit") {
            guard let parsed = Int(limit), (1...100).contains(parsed) else { throw .invalidParameter("limit", "must be a whole number from 1 to 100") }
            query.limit = parsed
        }
        if let cursor = try request.queryValue("cursor") {
            guard let position = ListCursor.decode(cursor) else { throw .invalidParameter("cursor", "is not a cursor this server issued") }
            query.beforeSequence = position
        }
        let records: [AnalysisRecord]
        do {
            // One extra row tells whether another page exists.
            var probe = query
            probe.limit += 1
            records = try context.store.list(probe)
        } catch {
            throw .storage(error)
        }
        let page = Array(records.prefix(query.limit))
        let nextCursor = records.count > query.limit ? page.last.map { ListCursor.encode($0.sequence) } : nil
        return .json(AnalysisPage(items: page.map(AnalysisResource.init), nextCursor: nextCursor,
                                  links: .init(next: nextCursor.map { Self.nextLink(request, path: Self.collection, cursor: $0) })))
    }

    /// The link to the next page: the request's query with `cursor` replaced.
    static func nextLink(_ request: APIRequest, path: String, cursor: String) -> String {
        var components = URLComponents()
        components.path = path
        components.queryItems = request.query.filter { $0.name != "cursor" }.map { URLQueryItem(name: $0.name, value: $0.value) }
            + [URLQueryItem(name: "cursor", value: cursor)]
        return components.string ?? path
    }
}

/// One page of a listing.
struct AnalysisPage: Encodable, Sendable {
    struct Links: Encodable, Sendable {
        var next: String?
    }

    var items: [AnalysisResource]
    var nextCursor: String?
    var links: Links
}

/// The opaque listing cursors: a versioned position (`v1:` a sequence for analyses, `t1:`
/// a bucket start for trends, `r1:` a repository name), base64url-encoded.
enum ListCursor {
    static func encode(_ sequence: Int64) -> String {
        encode(text: "v1:\(sequence)")
    }

    static func decode(_ cursor: String) -> Int64? {
        guard let text = decode(text: cursor, prefix: "v1:"), let position = Int64(text), position > 0 else { return nil }
        return position
    }

    static func encode(text: String) -> String {
        Data(text.utf8).base64URLEncoded
    }

    /// What follows `prefix` in the cursor, if it is one this server issued.
    static func decode(text cursor: String, prefix: String) -> String? {
        guard cursor.count <= 1_400, let data = Data(base64URLEncoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix(prefix) else { return nil }
        return String(text.dropFirst(prefix.count))
    }
}
