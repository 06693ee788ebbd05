import Foundation

/// One self-contained HTML page: the report and the repository page are read offline, from
/// a pull-request link or a dashboard, so nothing is loaded from anywhere: one inline
/// stylesheet, inline SVG, no script. The page carries its own `Content-Security-Policy`
/// (a `<meta>` that allows only that stylesheet, by hash) and the server sends the same
/// policy as a header, with `frame-ancestors`, which a `<meta>` cannot carry. Following a
/// link from the page sends no `Referer`: the page's own address may be a signed link.
public struct HTMLPage: Sendable {
    public var title: String
    /// The page's own rules, after ``baseStyle``.
    public var style: String
    /// The content of `<body>`, already escaped.
    public var body: String

    public init(title: String, style: String = "", body: String) {
        self.title = title
        self.style = style
        self.body = body
    }

    /// The whole stylesheet as written in `<style>`.
    var stylesheet: String { Self.baseStyle + style }

    /// The policy of the `<meta>` tag: nothing but the stylesheet and inline `data:` images.
    var metaPolicy: String {
        "default-src 'none'; style-src 'sha256-\(SHA256.base64(of: Array(stylesheet.utf8)))'; img-src data:; base-uri 'none'; form-action 'none'"
    }

    /// The policy the server sends with the page: the `<meta>` one, and no framing.
    public var contentSecurityPolicy: String { metaPolicy + "; frame-ancestors 'none'" }

    /// The page as UTF-8 text.
    public var html: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(XMLText.attribute(metaPolicy))">
        <meta name="referrer" content="no-referrer">
        <meta name="generator" content="nibscan \(XMLText.attribute(NibscanVersion.current))">
        <title>\(XMLText.content(title))</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// What every nibscan page looks like: system fonts, light and dark, severity colours.
    static let baseStyle = """
        :root{color-scheme:light dark;--fg:#1d1d1f;--muted:#6e6e73;--bg:#fff;--panel:#f5f5f7;--line:#d2d2d7;\
        --error:#c9252d;--warning:#b25000;--info:#0060c7;--ok:#1a7f37;--accent:#7b2fbf}
        @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--muted:#a1a1a6;--bg:#1c1c1e;--panel:#2c2c2e;--line:#3a3a3c;\
        --error:#ff6961;--warning:#ffb340;--info:#70b7ff;--ok:#5fd17a;--accent:#d29bff}}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:1200px;padding:24px;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",\
        Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
        h3{font-size:15px;margin:20px 0 6px}
        a{color:var(--info)}code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
        pre{background:var(--panel);padding:8px;overflow:auto;border-radius:6px}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid var(--line)}
        .muted{color:var(--muted)}.sev{display:inline-block;min-width:58px;font-weight:600;text-transform:uppercase;font-size:11px}
        .sev-error{color:var(--error)}.sev-warning{color:var(--warning)}.sev-info{color:var(--info)}
        .counts span{margin-right:14px}.verdict-fail{color:var(--error);font-weight:600}.verdict-pass{color:var(--ok);font-weight:600}
        .note{background:var(--panel);border-left:3px solid var(--warning);padding:6px 10px;margin:6px 0}

        """
}
