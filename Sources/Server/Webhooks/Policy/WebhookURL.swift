import Foundation

/// Checks a subscription URL before it is stored: absolute `http` or `https`, a host, no
/// user information, no whitespace or control characters, at most 2,048 characters. Where
/// it points is judged later, on the address actually dialled.
enum WebhookURL {
    static let maxLength = 2048

    /// The URL as given when it is acceptable.
    /// - Throws: ``WebhookError/invalidURL(_:)`` saying what is wrong.
    static func validate(_ text: String) throws(WebhookError) -> String {
        guard !text.isEmpty else { throw .invalidURL("'url' is empty") }
        guard text.count <= maxLength else { throw .invalidURL("'url' is longer than \(maxLength) characters") }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }) else {
            throw .invalidURL("'url' contains whitespace, control or non-ASCII characters; percent-encode them")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL("'url' is not an absolute URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL("'url' uses the scheme '\(scheme.prefix(20))'; only http and https are allowed")
        }
        guard text.lowercased().hasPrefix(scheme + "://") else { throw .invalidURL("'url' has no authority (expected \(scheme)://HOST/...)") }
        guard authority(of: text).contains("@") == false, components.user == nil, components.password == nil else {
            throw .invalidURL("'url' must not contain user information (user:password@); authenticate with the signature")
        }
        guard let host = host(of: text), !host.isEmpty else { throw .invalidURL("'url' has no host") }
        if let port = components.port, !(1...65_535).contains(port) { throw .invalidURL("'url' has port \(port), outside 1...65535") }
        return text
    }

    /// The host part of an http(s) URL, brackets removed, lower-cased.
    static func host(of url: String) -> String? {
        var authority = authority(of: url)
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return String(authority[authority.index(after: authority.startIndex) ..< close]).lowercased()
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").lowercased()
    }

    private static func authority(of url: String) -> Substring {
        guard let range = url.range(of: "://") else { return "" }
        let rest = url[range.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
