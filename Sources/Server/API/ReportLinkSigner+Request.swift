import Foundation

extension ReportLinkSigner {
    /// The verdict on the signed-link parameters of a request for the report of
    /// `analysisID`; `nil` when the query carries neither (the bearer token decides then).
    /// A parameter given twice, or any link while signed links are off (`signer == nil`),
    /// is ``Verdict/invalid``.
    static func verdict(of signer: ReportLinkSigner?, query: [(name: String, value: String)], analysisID: String,
                        now: Date = Date()) -> Verdict? {
        let expires = query.filter { $0.name == expiresParameter }.map(\.value)
        let signatures = query.filter { $0.name == signatureParameter }.map(\.value)
        guard !expires.isEmpty || !signatures.isEmpty else { return nil }
        guard let signer, expires.count <= 1, signatures.count <= 1 else { return .invalid }
        return signer.verdict(analysisID: analysisID, expires: expires.first, signature: signatures.first, now: now)
    }
}

extension Problem {
    /// A signed link that was altered, signed under another secret, or is not for this analysis.
    static let reportLinkInvalid = Problem(code: "report-link.invalid", title: "Forbidden", status: 403,
                                           detail: "this report link's signature does not match its analysis and expiry; "
                                               + "open the link exactly as it was given, or ask for a new one")

    /// A signed link past its expiry.
    static let reportLinkExpired = Problem(code: "report-link.expired", title: "Forbidden", status: 403,
                                           detail: "this report link has expired; the analysis's latest webhook or pull-request comment "
                                               + "has a fresh one, or read the report with a bearer token")
}
