import CCurl
import Foundation
import Glibc

/// The state of one libcurl transfer that its C callbacks reach through the user-data
/// pointer (C callbacks cannot capture): the policy verdicts and the start of the body.
final class CurlTransfer {
    let policy: WebhookAddressPolicy
    let host: String
    let shouldAbandon: @Sendable () -> Bool
    private(set) var refusals: [String] = []
    private(set) var lastAddress: String?
    private(set) var abandoned = false
    private var excerpt: [UInt8] = []
    private var bodyBytes = 0
    private var bodyTooLarge = false

    /// Answer bytes read at most; a receiver cannot keep a sender busy by streaming.
    static let maxBodyBytes = 1 << 20

    init(policy: WebhookAddressPolicy, host: String, shouldAbandon: @escaping @Sendable () -> Bool) {
        self.policy = policy
        self.host = host
        self.shouldAbandon = shouldAbandon
    }

    /// `CURLOPT_OPENSOCKETFUNCTION`: opens the socket only when the policy allows the address.
    static let openSocket: curl_opensocket_callback = { userData, _, address in
        guard let userData, let address else { return CURL_SOCKET_BAD }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
        let socketAddress = (UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!)
            .assumingMemoryBound(to: sockaddr.self)
        guard let dialled = IPAddress(socketAddress: socketAddress) else {
            transfer.refusals.append("address family \(address.pointee.family) is not IPv4 or IPv6")
            return CURL_SOCKET_BAD
        }
        transfer.lastAddress = dialled.description
        if case .refused(let reason) = transfer.policy.verdict(for: dialled, host: transfer.host) {
            transfer.refusals.append(reason)
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }

    /// `CURLOPT_WRITEFUNCTION`: keeps the first bytes of the body, drops the rest.
    static let write: curl_write_callback = { data, size, count, userData in
        let total = size * count
        guard let userData, let data else { return total }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
        transfer.bodyBytes += total
        if transfer.bodyBytes > CurlTransfer.maxBodyBytes {
            transfer.bodyTooLarge = true
            return 0
        }
        let room = WebhookAttempt.excerptLimit - transfer.excerpt.count
        if room > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: total) { bytes in
                transfer.excerpt.append(contentsOf: UnsafeBufferPointer(start: bytes, count: min(room, total)))
            }
        }
        return total
    }

    /// `CURLOPT_XFERINFOFUNCTION`: aborts the transfer when the worker stops.
    static let progress: curl_xferinfo_callback = { userData, _, _, _, _ in
        guard let userData else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
        if transfer.shouldAbandon() {
            transfer.abandoned = true
            return 1
        }
        return 0
    }

    /// The bytes as text within the excerpt limit: a character cut in half at the limit
    /// decodes as U+FFFD (3 bytes), so the text is trimmed back under the limit.
    static func boundedText(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        while text.utf8.count > WebhookAttempt.excerptLimit { text.removeLast() }
        return text
    }

    /// The response as the worker logs it.
    func response(code: CURLcode, handle: UnsafeMutableRawPointer, errorBuffer: UnsafePointer<CChar>, durationMs: Int) -> WebhookResponse {
        var response = WebhookResponse(address: lastAddress, durationMs: durationMs)
        if !refusals.isEmpty {
            var unique: [String] = []
            for reason in refusals where !unique.contains(reason) { unique.append(reason) }
            response.error = unique.joined(separator: "; ")
            response.refused = true
            return response
        }
        if abandoned {
            response.abandoned = true
            response.error = "the delivery worker stopped during the attempt"
            return response
        }
        var status = 0
        _ = nibscan_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if bodyTooLarge {
            response.error = "the answer's body is larger than \(Self.maxBodyBytes) bytes; the rest was not read"
        } else if code != CURLE_OK {
            response.timedOut = code == CURLE_OPERATION_TIMEDOUT
            let detail = String(cString: errorBuffer)
            response.error = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        }
        guard status > 0 else { return response }
        response.statusCode = status
        response.excerpt = excerpt.isEmpty ? nil : Self.boundedText(excerpt)
        var field: UnsafeMutablePointer<curl_header>?
        if curl_easy_header(handle, "Retry-After", 0, UInt32(CURLH_HEADER), -1, &field) == CURLHE_OK, let field, let value = field.pointee.value {
            response.retryAfter = String(cString: value)
        }
        return response
    }
}
