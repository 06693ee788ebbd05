/// A function call or Objective-C message send found in the tokens, in one shape for both
/// languages: `Bundle.main.loadNibNamed("X", owner: self)` and
/// `[[NSBundle mainBundle] loadNibNamed:@"X" owner:self options:nil]` both have the base
/// name `loadNibNamed` and the labels `["", "owner", …]`.
struct CallSite {
    /// Function or type name, or the first selector piece.
    var baseName: String
    /// One label per argument, "" when unlabeled (and for the first selector piece).
    var labels: [String]
    var arguments: [Range<Int>]
    /// The receiver expression (`Bundle.main`, `[NSBundle mainBundle]`), `nil` when implicit.
    var receiver: Range<Int>?
    var nameIndex: Int
    /// The whole call expression, receiver included.
    var expression: Range<Int>
    var isMessageSend: Bool

    /// `loadNibNamed:owner:options:` (message send) or `loadNibNamed(_:owner:options:)`.
    var selector: String {
        var result = baseName
        if isMessageSend {
            guard !labels.isEmpty else { return result }
            result += ":"
            for label in labels.dropFirst() { result += label + ":" }
            return result
        }
        result += "("
        for label in labels { result += (label.isEmpty ? "_" : label) + ":" }
        return result + ")"
    }

    /// The argument labelled `label` (the first argument for "").
    func argument(_ label: String) -> Range<Int>? {
        guard let index = labels.firstIndex(of: label) else { return nil }
        return arguments[index]
    }
}
