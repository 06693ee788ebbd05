import CCurl
import Foundation
import Glibc

/// Sends one webhook request with libcurl: connect and total timeouts, no redirects, only
/// http and https, no proxy from the environment, and every address it is about to dial
/// vetted by ``WebhookAddressPolicy`` in `CURLOPT_OPENSOCKETFUNCTION`, so DNS answers and
/// odd numeric spellings (`2130706433`, `0x7f.1`) are judged as the address they become.
struct CurlWebhookSender: Sendable {
    var policy: WebhookAddressPolicy
    var connectTimeout: TimeInterval
    var timeout: TimeInterval

    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// Sends `request`; `shouldAbandon` is polled during the transfer (shutdown).
    func send(_ request: WebhookRequest, shouldAbandon: @escaping @Sendable () -> Bool) -> WebhookResponse {
        let started = DispatchTime.now()
        func elapsed() -> Int { Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000) }
        guard Self.globalInit, let handle = curl_easy_init() else {
            return WebhookResponse(error: "libcurl could not be initialised", durationMs: elapsed())
        }
        defer { curl_easy_cleanup(handle) }
        let transfer = CurlTransfer(policy: policy, host: request.host, shouldAbandon: shouldAbandon)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers + [("Expect", "")] {
            headerList = curl_slist_append(headerList, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { curl_slist_free_all(headerList) }

        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let code: CURLcode = request.body.withUnsafeBytes { body in
            var setup = [
                nibscan_curl_setopt_string(handle, CURLOPT_URL, request.url),
                nibscan_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                nibscan_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
                nibscan_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
                nibscan_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
                nibscan_curl_setopt_string(handle, CURLOPT_PROXY, ""),
                nibscan_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout)),
                nibscan_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout)),
                nibscan_curl_setopt_long(handle, CURLOPT_POST, 1),
                nibscan_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count),
                nibscan_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: body.baseAddress ?? UnsafeRawPointer(errorBuffer))),
                nibscan_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList),
                nibscan_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
                nibscan_curl_setopt_opensocket_callback(handle, CurlTransfer.openSocket),
                nibscan_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context),
                nibscan_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, CurlTransfer.write),
                nibscan_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
                nibscan_curl_setopt_xferinfo_callback(handle, CurlTransfer.progress),
                nibscan_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context),
                nibscan_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
            ]
            setup.removeAll { $0 == CURLE_OK }
            if let failed = setup.first { return failed }
            return curl_easy_perform(handle)
        }
        return transfer.response(code: code, handle: handle, errorBuffer: errorBuffer, durationMs: elapsed())
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int { max(1, Int((seconds * 1000).rounded())) }
}
