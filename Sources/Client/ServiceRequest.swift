import CCurl
import Foundation

/// One HTTP exchange with the nibscan service through libcurl: an optional streamed body
/// of known length, the answer's status, `Retry-After` and body (bounded), and upload
/// progress reported to a closure. Retrying is the caller's choice (``Submission``).
struct ServiceRequest {
    /// What went wrong below HTTP: the connection could not be made, broke or timed out.
    struct TransportFailure: Error, CustomStringConvertible {
        var description: String
    }

    struct Response {
        var status: Int
        var retryAfter: TimeInterval?
        var body: Data
    }

    var method: String
    var url: String
    var headers: [(String, String)] = []
    /// Makes the body afresh (a retry starts from the first byte).
    var body: (() throws -> StreamedZip)?
    var connectTimeout: TimeInterval = 10
    var timeout: TimeInterval
    var progress: ((_ sent: Int64, _ total: Int64) -> Void)?

    /// The largest answer read (reports of big projects included).
    static let maxResponseBytes = 512 << 20

    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func perform() throws -> Response {
        guard Self.globalInit, let handle = curl_easy_init() else { throw TransportFailure(description: "libcurl could not be initialised") }
        defer { curl_easy_cleanup(handle) }
        let transfer = Transfer(zip: try body?(), progress: progress)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers + [("Expect", "")] {
            headerList = curl_slist_append(headerList, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { curl_slist_free_all(headerList) }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = nibscan_curl_setopt_string(handle, CURLOPT_URL, url)
        _ = nibscan_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        _ = nibscan_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = nibscan_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = nibscan_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = nibscan_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(connectTimeout * 1000)))
        _ = nibscan_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(timeout * 1000)))
        _ = nibscan_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = nibscan_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        _ = nibscan_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, Transfer.write)
        _ = nibscan_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        if let zip = transfer.zip {
            _ = nibscan_curl_setopt_long(handle, CURLOPT_POST, 1)
            _ = nibscan_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(zip.length))
            _ = nibscan_curl_setopt_read_callback(handle, Transfer.read)
            _ = nibscan_curl_setopt_pointer(handle, CURLOPT_READDATA, context)
        }
        if progress != nil {
            _ = nibscan_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
            _ = nibscan_curl_setopt_xferinfo_callback(handle, Transfer.xferInfo)
            _ = nibscan_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        }
        let code = curl_easy_perform(handle)
        if let failure = transfer.failure { throw failure }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            throw TransportFailure(description: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        var status = 0
        _ = nibscan_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var retryAfter: TimeInterval?
        var field: UnsafeMutablePointer<curl_header>?
        if curl_easy_header(handle, "Retry-After", 0, UInt32(CURLH_HEADER), -1, &field) == CURLHE_OK, let field, let value = field.pointee.value {
            retryAfter = TimeInterval(String(cString: value).trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, retryAfter: retryAfter, body: transfer.received)
    }

    /// The state libcurl's C callbacks reach through their user-data pointer.
    private final class Transfer {
        let zip: StreamedZip?
        let progress: ((Int64, Int64) -> Void)?
        var received = Data()
        var failure: Error?

        init(zip: StreamedZip?, progress: ((Int64, Int64) -> Void)?) {
            self.zip = zip
            self.progress = progress
        }

        static let read: curl_read_callback = { buffer, size, count, userData in
            guard let buffer, let userData else { return Int(CURL_READFUNC_ABORT) }
            let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
            guard let zip = transfer.zip else { return 0 }
            do {
                return try zip.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            } catch {
                transfer.failure = error
                return Int(CURL_READFUNC_ABORT)
            }
        }

        static let write: curl_write_callback = { data, size, count, userData in
            let total = size * count
            guard let data, let userData else { return total }
            let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
            guard transfer.received.count + total <= ServiceRequest.maxResponseBytes else {
                transfer.failure = TransportFailure(description: "the answer is larger than \(ServiceRequest.maxResponseBytes) bytes")
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: total) { transfer.received.append($0, count: total) }
            return total
        }

        static let xferInfo: curl_xferinfo_callback = { userData, _, _, uploadTotal, uploaded in
            guard let userData else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userData).takeUnretainedValue()
            transfer.progress?(Int64(uploaded), Int64(uploadTotal))
            return 0
        }
    }
}
