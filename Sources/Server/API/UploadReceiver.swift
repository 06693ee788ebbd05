import Analysis
import Foundation

/// Streams the body of `POST /v1/analyses` to a temporary file: a raw zip as is, or the
/// `project` part of a multipart form (its other parts are metadata fields). Only a
/// multipart delimiter's worth of bytes is ever buffered.
final class UploadReceiver: HTTPBodyReceiver {
    private enum Part {
        case project
        case field(String, [UInt8])
    }

    private let api: AnalysesAPI
    private let encoding: AnalysesAPI.UploadEncoding
    private var metadata: AnalysisRecord.Metadata
    private let idempotencyKey: String?
    private let wait: TimeInterval
    private let file: UploadFile
    private let requestDigest = SHA256Digest()
    private var multipart: MultipartParser?
    private var part: Part?
    private var sawProject = false
    private var filename: String?

    /// Bytes of one metadata form field.
    private static let maxFieldBytes = 4096

    init(api: AnalysesAPI, encoding: AnalysesAPI.UploadEncoding, metadata: AnalysisRecord.Metadata,
         idempotencyKey: String?, wait: TimeInterval, file: UploadFile) {
        self.api = api
        self.encoding = encoding
        self.metadata = metadata
        self.idempotencyKey = idempotencyKey
        self.wait = wait
        self.file = file
        if case .multipart(let boundary) = encoding { multipart = MultipartParser(boundary: boundary) }
    }

    var maxBytes: Int64 { api.context.configuration.maxBodyBytes }

    func receive(_ bytes: [UInt8]) -> HTTPResponse? {
        requestDigest.update(bytes)
        do {
            if multipart == nil {
                try write(bytes[...])
            } else {
                try feedMultipart(bytes)
            }
            return nil
        } catch {
            return .problem(error)
        }
    }

    func finish() -> HTTPResponse {
        do throws(Problem) {
            if let multipart {
                guard multipart.isFinished else { throw Self.invalidMultipart("the closing boundary is missing") }
                guard sawProject else {
                    throw Problem(code: "upload.missing-project", title: "Unprocessable Content", status: 422,
                                  detail: "the form has no 'project' file part")
                }
            }
            try checkIsZip()
            if let baseline = metadata.baseline { try api.requireBaseline(baseline) }
        } catch {
            file.discard()
            return .problem(error)
        }
        return api.accept(file, metadata: metadata, projectName: projectName, idempotencyKey: idempotencyKey,
                          requestDigest: requestDigest.finalize(), wait: wait)
    }

    func abandon() {
        file.discard()
    }

    /// The report's project name: the uploaded file's name, else the repository's last
    /// component; `nil` leaves it to the archive's contents.
    private var projectName: String? {
        let candidates = [filename.map { ($0 as NSString).lastPathComponent }, metadata.repository.map { ($0 as NSString).lastPathComponent }]
        for case let name? in candidates {
            let stem = name.lowercased().hasSuffix(".zip") ? String(name.dropLast(4)) : name
            if !stem.isEmpty { return stem }
        }
        return nil
    }

    private func checkIsZip() throws(Problem) {
        let signatures: [[UInt8]] = [[0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06]]
        guard file.byteCount > 0 else {
            throw Problem(code: "upload.empty", title: "Unprocessable Content", status: 422, detail: "the upload is empty")
        }
        guard signatures.contains(file.leadingBytes) else {
            throw Problem(code: "archive.not-a-zip", title: "Unprocessable Content", status: 422,
                          detail: "the upload does not start with a zip signature (PK\\3\\4)")
        }
    }

    private func write(_ bytes: ArraySlice<UInt8>) throws(Problem) {
        do {
            try file.write(bytes)
        } catch {
            throw .storage(error)
        }
    }

    private func feedMultipart(_ bytes: [UInt8]) throws(Problem) {
        multipart?.append(bytes)
        while let event = try nextMultipartEvent() {
            switch event {
            case .partStart(let name, let partFilename, _):
                if name == "project" {
                    if sawProject { throw Self.invalidMultipart("the form has more than one 'project' part") }
                    sawProject = true
                    filename = partFilename
                    part = .project
                } else if AnalysisRecord.Metadata.fieldNames.contains(name) {
                    part = .field(name, [])
                } else {
                    throw Self.invalidMultipart("unknown form field '\(name.prefix(60))'; expected project, \(AnalysisRecord.Metadata.fieldNames.sorted().joined(separator: ", "))")
                }
            case .partData(let data):
                switch part {
                case .project:
                    try write(data[...])
                case .field(let name, let value):
                    guard value.count + data.count <= Self.maxFieldBytes else {
                        throw .invalidParameter(name, "is longer than \(Self.maxFieldBytes) bytes")
                    }
                    part = .field(name, value + data)
                case nil:
                    break
                }
            case .partEnd:
                if case .field(let name, let value) = part {
                    try metadata.set(name, to: String(decoding: value, as: UTF8.self))
                }
                part = nil
            case .end:
                return
            }
        }
    }

    private func nextMultipartEvent() throws(Problem) -> MultipartParser.Event? {
        do {
            return try multipart?.nextEvent()
        } catch {
            throw Self.invalidMultipart(error.detail)
        }
    }

    private static func invalidMultipart(_ detail: String) -> Problem {
        Problem(code: "upload.invalid-multipart", title: "Bad Request", status: 400, detail: detail)
    }
}
