import Foundation

/// The one name a repository is filed under, whatever form a CI system or a person gave:
/// `acme/app`, `github.com/acme/app`, `https://github.com/acme/app.git`,
/// `git@github.com:acme/app.git` and `ssh://git@github.com/acme/app` are all
/// `github.com/acme/app`. Without it one repository's history splits in two (a CI upload
/// sends its web URL, a person types `owner/name`) and a query by either form misses half.
///
/// The canonical form is `host/path`: no scheme, user, port 443/22, `www.`, `.git` or
/// trailing slash; the host in lower case. A bare `owner/name` is on GitHub (the reading
/// ``SourceLinks`` makes for links). The path is lower-cased only on hosts that ignore its
/// case (`github.com`, `gitlab.com` and `gitlab.*`, `bitbucket.org`); elsewhere its case is
/// kept. A bare name of one or three parts names no host and stays as given, trimmed.
public enum RepositoryName {
    /// `text` in canonical form; `nil` for text that names no repository (empty, or with
    /// `.`/`..` parts).
    public static func canonical(_ text: String) -> String? {
        var rest = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var host: String?
        if let scheme = rest.range(of: "://") {
            rest = String(rest[scheme.upperBound...])
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            host = String(rest[..<end])
            rest = String(rest[end...])
        } else if let at = rest.firstIndex(of: "@"), let colon = rest[at...].firstIndex(of: ":"), !rest[..<at].contains("/") {
            // scp-like `git@host:owner/name.git`
            host = String(rest[rest.index(after: at) ..< colon])
            rest = String(rest[rest.index(after: colon)...])
        }
        while rest.hasSuffix("/") { rest.removeLast() }
        if rest.lowercased().hasSuffix(".git") { rest.removeLast(4) }
        var parts = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if host == nil, let first = parts.first, first.contains("."), parts.count > 2 {
            host = first
            parts.removeFirst()
        }
        guard !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        if host == nil, parts.count == 2 { host = "github.com" }
        guard let rawHost = host else { return parts.joined(separator: "/") }
        let hostName = canonicalHost(rawHost)
        guard !hostName.isEmpty else { return nil }
        let path = parts.joined(separator: "/")
        return hostName + "/" + (ignoresPathCase(hostName) ? path.lowercased() : path)
    }

    /// `User@WWW.GitHub.com:443` → `github.com`.
    private static func canonicalHost(_ host: String) -> String {
        var name = host.lowercased()
        if let at = name.lastIndex(of: "@") { name = String(name[name.index(after: at)...]) }
        for port in [":443", ":80", ":22"] where name.hasSuffix(port) { name.removeLast(port.count) }
        if name.hasPrefix("www.") { name.removeFirst(4) }
        return name
    }

    /// Hosts whose owner and repository names are case-insensitive.
    private static func ignoresPathCase(_ host: String) -> Bool {
        host == "github.com" || host == "gitlab.com" || host.hasPrefix("gitlab.") || host == "bitbucket.org"
    }
}

extension RepositoryName {
    /// The name a stored repository or a query filter goes by: the canonical name, or the
    /// text as given (trimmed, unless that leaves nothing) when it names no repository, so
    /// that such a filter finds nothing rather than failing.
    public static func filed(_ text: String) -> String {
        if let name = canonical(text) { return name }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? text : trimmed
    }
}
