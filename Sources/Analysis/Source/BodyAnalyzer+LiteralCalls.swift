extension BodyAnalyzer {
    /// The base names ``literalKind(of:)`` reads, to skip other calls without comparing names.
    private static let literalCallNames = TokenSet([
        "UIStoryboard", "NSStoryboard", "storyboardWithName", "instantiateViewController",
        "instantiateViewControllerWithIdentifier", "instantiateController", "performSegue", "performSegueWithIdentifier",
        "dequeueReusableCell", "dequeueReusableCellWithIdentifier", "dequeueReusableCellWithReuseIdentifier",
        "dequeueReusableHeaderFooterView", "dequeueReusableHeaderFooterViewWithIdentifier",
        "dequeueReusableSupplementaryView", "dequeueReusableSupplementaryViewOfKind",
    ])

    /// Storyboard names, storyboard identifiers, segue identifiers and dequeued reuse
    /// identifiers passed as string literals (registrations are collected with nib loads).
    mutating func collectLiteralCalls() {
        for call in calls where Self.literalCallNames.contains(call.nameIndex, in: stream) {
            guard let (kind, position, reusable) = Self.literalKind(of: call), position < call.arguments.count else { continue }
            let range = call.arguments[position]
            guard range.count == 1, let value = SourceLiteral.value(of: stream.text(range.lowerBound)) else { continue }
            literalCalls.append(LiteralCallSite(kind: kind, value: value, reusable: reusable,
                                                location: stream.location(call.nameIndex, path: path),
                                                language: language, context: context(of: call.nameIndex)))
        }
    }

    /// Which literal a call names, and at which argument position.
    private static func literalKind(of call: CallSite) -> (LiteralCallSite.Kind, Int, LiteralCallSite.Reusable?)? {
        let first = call.labels.first ?? ""
        switch call.baseName {
        case "UIStoryboard" where first == "name", "NSStoryboard" where first == "name", "storyboardWithName":
            return (.storyboardName, 0, nil)
        case "instantiateViewController" where first == "withIdentifier", "instantiateViewControllerWithIdentifier",
             "instantiateController" where first == "withIdentifier":
            return (.storyboardIdentifier, 0, nil)
        case "performSegue" where first == "withIdentifier", "performSegueWithIdentifier":
            return (.segueIdentifier, 0, nil)
        case "dequeueReusableCell":
            let reusable: LiteralCallSite.Reusable = first == "withReuseIdentifier" ? .collectionCell : .tableCell
            return (.dequeue, 0, reusable)
        case "dequeueReusableCellWithIdentifier":
            return (.dequeue, 0, .tableCell)
        case "dequeueReusableCellWithReuseIdentifier":
            return (.dequeue, 0, .collectionCell)
        case "dequeueReusableHeaderFooterView", "dequeueReusableHeaderFooterViewWithIdentifier":
            return (.dequeue, 0, .headerFooter)
        case "dequeueReusableSupplementaryView", "dequeueReusableSupplementaryViewOfKind":
            guard let position = call.labels.firstIndex(of: "withReuseIdentifier") else { return nil }
            return (.dequeue, position, .supplementary)
        default:
            return nil
        }
    }
}
