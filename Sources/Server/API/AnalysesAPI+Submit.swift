import Analysis
import Foundation

extension AnalysesAPI {
    /// The kinds of body `POST /v1/analyses` takes.
    enum UploadEncoding: Equatable {
        case zip
        case multipart(boundary: String)
    }

    /// `POST /v1/analyses`: checks everything the head tells (draining, media type,
    /// length, metadata, idempotency key, baseline) before a body byte is read, then
    /// streams the body to a file in the data directory.
    func submit(_ request: APIRequest) -> HTTPResponderDecision {
        do {
            return .receiveBody(try makeReceiver(request))
        } catch {
            var headers = HTTPHeaders()
            if error.status == 503 { headers.add("Retry-After", "5") }
            return .respond(.problem(error, headers: headers))
        }
    }

    private func makeReceiver(_ request: APIRequest) throws(Problem) -> UploadReceiver {
        if context.isDraining || request.context.isDraining { throw .draining }
        let encoding = try Self.encoding(of: request.head.headers["Content-Type"])
        guard request.head.framing != .none else {
            throw Problem(code: "upload.length-required", title: "Length Required", status: 411,
                          detail: "send the archive as the body, with Content-Length or chunked transfer coding")
        }
        var metadata = AnalysisRecord.Metadata()
        for (name, value) in request.query where AnalysisRecord.Metadata.fieldNames.contains(name) {
            try metadata.set(name, to: value)
        }
        var wait: TimeInterval = 0
        if let given = try request.queryValue("wait") {
            guard let seconds = Double(given), seconds.isFinite, seconds >= 0, seconds <= Double(context.configuration.maxWaitSeconds) else {
                throw .invalidParameter("wait", "must be a number of seconds from 0 to \(context.configuration.maxWaitSeconds)")
            }
            wait = seconds
        }
        let key = request.head.headers["Idempotency-Key"]
        if let key, key.isEmpty || key.count > 255 {
            throw Problem(code: "request.invalid-idempotency-key", title: "Bad Request", status: 400,
                          detail: "Idempotency-Key must be 1 to 255 characters")
        }
        if let baseline = metadata.baseline { try requireBaseline(baseline) }
        let file: UploadFile
        do {
            file = try context.uploads.makeTemporaryFile()
        } catch {
            throw .storage(error)
        }
        return UploadReceiver(api: self, encoding: encoding, metadata: metadata, idempotencyKey: key, wait: wait, file: file)
    }

    func requireBaseline(_ id: String) throws(Problem) {
        let found: Bool
        do {
            found = try context.store.record(id: id) != nil
        } catch {
            throw .storage(error)
        }
        if !found {
            throw Problem(code: "upload.unknown-baseline", title: "Unprocessable Content", status: 422,
                          detail: "baseline '\(id.prefix(100))' is not the id of an analysis")
        }
    }

    static func encoding(of contentType: String?) throws(Problem) -> UploadEncoding {
        let parameters = MultipartParser.parameters(of: contentType ?? "")
        switch parameters.type {
        case "application/zip", "application/x-zip-compressed":
            return .zip
        case "multipart/form-data":
            guard let boundary = parameters.values["boundary"], (1...70).contains(boundary.count) else {
                throw Problem(code: "upload.invalid-multipart", title: "Bad Request", status: 400,
                              detail: "multipart/form-data needs a boundary of 1 to 70 characters")
            }
            return .multipart(boundary: boundary)
        default:
            throw Problem(code: "upload.unsupported-media-type", title: "Unsupported Media Type", status: 415,
                          detail: "send application/zip, or multipart/form-data with a 'project' file part")
        }
    }

    /// Commits a complete upload: durable file, then the row, then the response (202, or
    /// 200 with the finished analysis when `wait` allows).
    func accept(_ file: UploadFile, metadata: AnalysisRecord.Metadata, projectName: String?, idempotencyKey: String?,
                requestDigest: String, wait: TimeInterval) -> HTTPResponse {
        let id = UUID().uuidString.lowercased()
        let record: AnalysisRecord
        let outcome: AnalysisStore.InsertOutcome
        var kept: String?
        do {
            let uploadDigest = file.sha256()
            let path = try context.uploads.keep(file, as: id)
            kept = path
            let fingerprint = idempotencyKey.map { _ in Self.fingerprint(requestDigest: requestDigest, metadata: metadata) }
            record = AnalysisRecord(id: id, createdAt: Date(), metadata: metadata, projectName: projectName, uploadPath: path,
                                    uploadBytes: file.byteCount, uploadSHA256: uploadDigest, idempotencyKey: idempotencyKey,
                                    requestFingerprint: fingerprint)
            outcome = try context.store.insert(record)
        } catch {
            file.discard()
            if let kept { context.uploads.remove(kept) }
            return .problem(.storage(error))
        }
        switch outcome {
        case .created(let created):
            context.enqueued()
            return respondAccepted(created, wait: wait, replayed: false)
        case .replayed(let first):
            if let path = record.uploadPath { context.uploads.remove(path) }
            return respondAccepted(first, wait: wait, replayed: true)
        case .keyReused(let first):
            if let path = record.uploadPath { context.uploads.remove(path) }
            return .problem(Problem(code: "request.idempotency-key-reused", title: "Unprocessable Content", status: 422,
                                    detail: "this Idempotency-Key was used for a different request (analysis \(first.id))",
                                    analysisId: first.id))
        }
    }

    /// 202 with the analysis; after `?wait=`, 200 with it once final (or the upload's
    /// problem when the archive was at fault). A replay answers like its first request.
    private func respondAccepted(_ record: AnalysisRecord, wait: TimeInterval, replayed: Bool) -> HTTPResponse {
        var headers = HTTPHeaders([("Location", AnalysisResource.path(of: record.id))])
        if replayed { headers.add("Idempotent-Replayed", "true") }
        guard wait > 0 else {
            return .json(AnalysisResource(record), status: replayed && record.status.isFinal ? 200 : 202, headers: headers)
        }
        // Stops waiting early when the server drains: the client gets its 202 and polls.
        let latest = context.board.wait(until: Date(timeIntervalSinceNow: wait)) {
            let current = (try? context.store.record(id: record.id)).flatMap { $0 }
            return current?.status.isFinal == true || context.isDraining ? current ?? record : nil
        } ?? record
        guard latest.status.isFinal else { return .json(AnalysisResource(latest), status: 202, headers: headers) }
        let final = latest
        if final.status == .failed, let failure = final.failure, let problem = Problem.clientError(for: failure, analysisID: final.id) {
            return .problem(problem, headers: headers)
        }
        return .json(AnalysisResource(final), status: 200, headers: headers)
    }

    /// What makes two uploads "the same request" for `Idempotency-Key`: body and metadata.
    static func fingerprint(requestDigest: String, metadata: AnalysisRecord.Metadata) -> String {
        let encoded = (try? JSONEncoder.sorted.encode(metadata)) ?? Data()
        return SHA256Digest.hex(of: Array((requestDigest + "\n").utf8) + Array(encoded))
    }
}

extension JSONEncoder {
    /// Sorted keys: the same value always encodes to the same bytes.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
