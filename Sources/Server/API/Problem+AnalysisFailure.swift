extension Problem {
    /// The client error a failed analysis stands for, when its cause was the upload itself
    /// (codes `archive.*`, `input.*`, `upload.*`, and `config.invalid` for its `.nibscan.yml`): 413 for a breached size or count limit,
    /// 422 for anything else wrong with the archive. `nil` for failures that are not the
    /// client's (e.g. `analysis.interrupted`).
    static func clientError(for failure: AnalysisRecord.Failure, analysisID: String) -> Problem? {
        let code = failure.code
        guard ["archive.", "input.", "upload.", "config."].contains(where: code.hasPrefix) else { return nil }
        let isLimit = ["too-large", "too-many", "too-big", "too-long", "too-deep", "limit", "exceeded"].contains(where: code.contains)
        let status = isLimit ? 413 : 422
        return Problem(code: code, title: isLimit ? "Content Too Large" : "Unprocessable Content", status: status,
                       detail: failure.message, instance: AnalysisResource.path(of: analysisID), analysisId: analysisID)
    }
}
