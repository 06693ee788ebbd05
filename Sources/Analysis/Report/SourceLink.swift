import Foundation

/// A URL pattern for a file and line of the repository, with the placeholders
/// `{repository}`, `{commit}`, `{path}` and `{line}`: what `--source-link`,
/// `NIBSCAN_SOURCE_LINK` and the server's setting take, so that locations in reports become
/// links on hosts whose URLs nibscan cannot guess (GitLab on premises, Bitbucket, Gitea).
public struct SourceLinkTemplate: Sendable, Equatable, CustomStringConvertible {
    /// The values a template can ask for.
    public enum Placeholder: String, CaseIterable, Sendable {
        case repository, commit, path, line
    }

    enum Piece: Sendable, Equatable {
        case literal(String)
        case placeholder(Placeholder)
    }

    let pieces: [Piece]
    /// The template as written.
    public let description: String

    /// GitHub's file view, the default for `owner/name` and `github.com` repositories.
    public static let gitHub = SourceLinkTemplate(trusted: "https://github.com/{repository}/blob/{commit}/{path}#L{line}")

    /// Parses `text`; an unknown or unclosed placeholder, a missing `{path}` or a template
    /// that is not an http(s) URL is an error naming the problem.
    public init(_ text: String) throws(SourceLinkTemplateError) {
        guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
            throw SourceLinkTemplateError(template: text, problem: "it must start with https:// or http://")
        }
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest.removeFirst()
            switch character {
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw SourceLinkTemplateError(template: text, problem: "a '{' is never closed")
                }
                let name = rest[..<close]
                guard let placeholder = Placeholder(rawValue: String(name)) else {
                    throw SourceLinkTemplateError(template: text, problem: "unknown placeholder {\(name.prefix(40))}; known: \(Self.known)")
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(placeholder))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw SourceLinkTemplateError(template: text, problem: "a '}' closes no placeholder")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        guard pieces.contains(.placeholder(.path)) else {
            throw SourceLinkTemplateError(template: text, problem: "it needs {path}")
        }
        self.pieces = pieces
        description = text
    }

    /// A template written in this file, known to parse.
    private init(trusted text: String) {
        do {
            self = try SourceLinkTemplate(text)
        } catch {
            preconditionFailure("built-in source link template does not parse: \(error)")
        }
    }

    /// A template of literal text and placeholders (a repository's own web address may
    /// hold characters a written template cannot).
    init(pieces: [Piece]) {
        self.pieces = pieces
        description = pieces.map { piece in
            switch piece {
            case let .literal(text): text
            case let .placeholder(placeholder): "{\(placeholder.rawValue)}"
            }
        }.joined()
    }

    private static let known = Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")

    /// The URL with each placeholder filled in: the repository, commit and path
    /// percent-encoded except for `/`, the line as a number (at least 1).
    func url(repository: String, commit: String, path: String, line: Int) -> String {
        pieces.map { piece in
            switch piece {
            case let .literal(text): text
            case .placeholder(.repository): URIPath.encode(repository)
            case .placeholder(.commit): URIPath.encode(commit)
            case .placeholder(.path): URIPath.encode(path)
            case .placeholder(.line): String(max(line, 1))
            }
        }.joined()
    }

    /// The literal text before the first `{repository}`, when the template starts with it
    /// (`https://gitlab.example.com/`): the repository's web address is that and its name.
    var repositoryPrefix: String? {
        guard case let .literal(prefix)? = pieces.first, pieces.count > 1, pieces[1] == .placeholder(.repository) else { return nil }
        return prefix
    }
}

/// A `--source-link` template that cannot be used.
public struct SourceLinkTemplateError: CodedError, Equatable {
    public var template: String
    public var problem: String

    public var code: String { "usage.bad-source-link" }
    public var description: String { "source link template '\(template.prefix(200))' cannot be used: \(problem)" }
}

/// Where one repository's files are on the web: its name and address and the template that
/// joins them to a commit, path and line. Only made when the repository is known and its
/// host can be told; otherwise reports carry plain paths.
public struct SourceLinks: Sendable, Equatable {
    /// What `{repository}` stands for: the repository's path on its host (`acme/app`,
    /// `group/subgroup/app`).
    public let repositoryName: String
    /// The repository's web address, for SARIF's `versionControlProvenance`; `nil` when
    /// neither the repository nor the template says which host it is on.
    public let repositoryURL: String?
    public let template: SourceLinkTemplate

    /// Links into `repository` (a web URL, `host/owner/name` or `owner/name`). With no
    /// `template`: GitHub's file view for `github.com` repositories and bare `owner/name`,
    /// GitLab's for hosts named `gitlab.*`, and `URL/blob/COMMIT/PATH#LLINE` for other web
    /// URLs; `nil` for a repository whose host cannot be told (a bare name of one or three
    /// parts) or when there is no repository.
    public init?(repository: String?, template: SourceLinkTemplate? = nil) {
        guard let repository, let parsed = RepositoryAddress(repository) else { return nil }
        repositoryName = parsed.name
        if let template {
            self.template = template
            repositoryURL = parsed.webURL ?? template.repositoryPrefix.map { $0 + parsed.name }
            return
        }
        let host = parsed.host?.lowercased()
        if host == "github.com" || (host == nil && parsed.name.split(separator: "/").count == 2) {
            self.template = .gitHub
            repositoryURL = parsed.webURL ?? "https://github.com/\(parsed.name)"
        } else if let webURL = parsed.webURL, let host, host == "gitlab.com" || host.hasPrefix("gitlab.") {
            self.template = SourceLinkTemplate(pieces: [.literal(String(webURL.dropLast(parsed.name.count))), .placeholder(.repository),
                                                        .literal("/-/blob/"), .placeholder(.commit), .literal("/"),
                                                        .placeholder(.path), .literal("#L"), .placeholder(.line)])
            repositoryURL = webURL
        } else if let webURL = parsed.webURL {
            self.template = SourceLinkTemplate(pieces: [.literal(webURL + "/blob/"), .placeholder(.commit), .literal("/"),
                                                        .placeholder(.path), .literal("#L"), .placeholder(.line)])
            repositoryURL = webURL
        } else {
            return nil
        }
    }

    /// The link to `path` (a repository path) at `line` of `commit`.
    public func url(commit: String, path: String, line: Int) -> String {
        template.url(repository: repositoryName, commit: commit, path: path, line: line)
    }
}

/// A repository as CI systems and users name it, taken apart: `https://host/owner/name`
/// (with or without `.git` and trailing slashes), `host.tld/owner/name`, `owner/name`.
struct RepositoryAddress: Equatable {
    var scheme = "https"
    var host: String?
    var name: String

    init?(_ text: String) {
        var rest = text.trimmingCharacters(in: .whitespaces)
        for scheme in ["https", "http"] where rest.lowercased().hasPrefix(scheme + "://") {
            self.scheme = scheme
            rest.removeFirst(scheme.count + 3)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            host = String(rest[..<slash])
            rest = String(rest[slash...])
        }
        while rest.hasSuffix("/") { rest.removeLast() }
        if rest.hasSuffix(".git") { rest.removeLast(4) }
        var parts = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if host == nil, let first = parts.first, first.contains("."), parts.count > 2 {
            host = first
            parts.removeFirst()
        }
        guard !parts.isEmpty, host?.isEmpty != true, !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        name = parts.joined(separator: "/")
    }

    /// `https://host/owner/name`, when the host is known.
    var webURL: String? {
        host.map { "\(scheme)://\($0)/\(name)" }
    }
}
