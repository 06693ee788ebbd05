extension AwakeAfterSummary {
    /// Whether the override may hand back another object than the decoded one: it returns a
    /// nib-loaded view, or something other than `self` (a loader helper's result, as
    /// NibView's `nibLoader.awakeAfter(using:…)`), which the index cannot follow.
    var mayReturnAnotherObject: Bool {
        returnsNibLoadedObject || !returnsSelf
    }
}
