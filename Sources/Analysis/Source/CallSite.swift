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
        if isMessageSend {
            return labels.isEmpty ? baseName : baseName + ":" + labels.dropFirst().map { $0 + ":" }.joined()
        }
        return baseName + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }

    /// The argument labelled `label` (the first argument for "").
    func argument(_ label: String) -> Range<Int>? {
        guard let index = labels.firstIndex(of: label) else { return nil }
        return arguments[index]
    }
}
