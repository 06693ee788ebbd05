extension AwakeAfterSummary {
    /// Whether the override may hand back another object than the decoded one: it returns a
    /// nib-loaded view, or something other than `self`, super's result or `nil` (a loader
    /// helper's result, as NibView's `nibLoader.awakeAfter(using:…)`), which the index cannot
    /// follow. An override that only does some setup and returns `self` or
    /// `super.awakeAfter(using:)` keeps the decoded object.
    var mayReturnAnotherObject: Bool {
        returnsNibLoadedObject || returnsOtherObject
    }
}
