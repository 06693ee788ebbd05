import Analysis

extension Report {
    /// Marks each finding `unchanged` when the baseline has a finding with the same
    /// fingerprint, else `new`: what a pull-request bot reports as new.
    func markingBaseline(_ baseline: Report) -> Report {
        let known = Set(baseline.findings.map(\.fingerprint))
        var marked = self
        for index in marked.findings.indices {
            marked.findings[index].baseline = known.contains(marked.findings[index].fingerprint) ? .unchanged : .new
        }
        return marked
    }
}
