/// The layout a type makes in code (``CodeLayoutFact``), read in one pass over the tokens
/// of the file's type bodies while indexing.
extension BodyAnalyzer {
    private static let arrangedWords = TokenSet(["addArrangedSubview", "insertArrangedSubview"])
    /// Anchors and layout-library calls that constrain their receiver (UIKit anchors, SnapKit,
    /// Masonry, PureLayout, Anchorage, FLKAutoLayout).
    private static let constraintNames = [
        "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor",
        "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor", "firstBaselineAnchor", "lastBaselineAnchor",
        "makeConstraints", "remakeConstraints", "mas_makeConstraints", "mas_remakeConstraints",
        "autoPinEdgesToSuperviewEdges", "autoPinEdgeToSuperviewEdge", "autoPinEdge", "autoSetDimension",
        "autoSetDimensionsToSize", "autoCenterInSuperview", "autoAlignAxisToSuperviewAxis",
    ] + anchorageWords + flkAutoLayoutWords
    /// Anchorage's compound anchors (`view.edgeAnchors == container.edgeAnchors`).
    private static let anchorageWords = ["edgeAnchors", "horizontalAnchors", "verticalAnchors", "centerAnchors", "sizeAnchors"]
    /// FLKAutoLayout's selectors, in Objective-C and as Swift imports them (`alignTopEdge(with:)`);
    /// its `alignToView:` is Swift's `align(to:)`, read apart because `align` alone is a common word.
    private static let flkAutoLayoutWords = [
        "alignToView", "alignTop", "alignTopEdge", "alignTopEdgeWithView", "alignBottomEdge", "alignBottomEdgeWithView",
        "alignLeadingEdge", "alignLeadingEdgeWithView", "alignTrailingEdge", "alignTrailingEdgeWithView",
        "alignCenter", "alignCenterWithView", "constrainWidth", "constrainHeight",
    ]
    private static let constraintWords = TokenSet(Set(constraintNames))
    private static let automaticDimension = TokenSet(["automaticDimension", "UITableViewAutomaticDimension"])
    /// Tokens that can start a fact: the sets above plus the property names read around them.
    private static let firstWords = TokenSet(Set([
        "addArrangedSubview", "insertArrangedSubview", "addSubview", "contentSize", "setContentSize", "rowHeight",
        "setRowHeight", "automaticDimension", "UITableViewAutomaticDimension", "align",
    ] + constraintNames))

    /// Facts inside method bodies only (a declaration's type names do not count); one per
    /// kind, receiver, member and method.
    mutating func collectCodeLayout() {
        /// One fact per method body, kind, receiver and member (a missing receiver or member as "").
        struct Key: Hashable {
            var body: Int
            var kind: CodeLayoutFact.Kind
            var receiver: String
            var member: String
        }
        var seen: Set<Key> = []
        for index in Self.firstWords.indices(of: .identifier, in: stream) {
            guard let body = methodBody(containing: index), let kind = layoutKind(at: index, body: body) else { continue }
            let receiver = kind == .automaticRowHeight ? nil : layoutReceiver(of: index, kind: kind)
            if kind == .constraints && receiver == nil { continue }  // `equalTo: topAnchor`: self is the reference, not the constrained view
            let member = kind == .constraints ? stream.text(index) : nil
            guard seen.insert(Key(body: body.lowerBound, kind: kind, receiver: receiver ?? "", member: member ?? "")).inserted else { continue }
            codeLayout.append(CodeLayoutFact(kind: kind, receiver: receiver, member: member,
                                             location: stream.location(index, path: path), context: context(of: index)))
        }
    }

    private func layoutKind(at index: Int, body: Range<Int>) -> CodeLayoutFact.Kind? {
        if Self.arrangedWords.contains(index, in: stream) { return stream.isText(index + 1, "(") || stream.isText(index + 1, ":") ? .arrangedSubviews : nil }
        if Self.constraintWords.contains(index, in: stream) { return .constraints }
        if stream.isText(index, "align") {  // FLKAutoLayout's `align(to:)` / `align(toView:)`
            let toView = stream.isText(index + 2, "to") || stream.isText(index + 2, "toView")
            return stream.isText(index + 1, "(") && toView && stream.isText(index + 3, ":") ? .constraints : nil
        }
        if stream.isText(index, "addSubview") {
            let onSelf = language == .objc ? stream.isText(index - 1, "self") : !stream.isText(index - 1, ".") || stream.isText(index - 2, "self")
            return onSelf && (stream.isText(index + 1, "(") || stream.isText(index + 1, ":")) ? .addsSubview : nil
        }
        if stream.isText(index, "contentSize") {
            let declaresLocal = stream.isText(index - 1, "let") || stream.isText(index - 1, "var")
            return stream.isText(index + 1, "=") && !stream.isText(index + 2, "=") && !declaresLocal ? .contentSize : nil
        }
        if stream.isText(index, "setContentSize") { return stream.isText(index + 1, ":") ? .contentSize : nil }
        if stream.isText(index, "rowHeight") || stream.isText(index, "setRowHeight") {
            guard stream.isText(index + 1, "=") || stream.isText(index + 1, ":") else { return nil }
            let value = SourceStatement.expression(in: stream, from: index + 2, limit: body.upperBound)
            return value.contains { Self.automaticDimension.contains($0, in: stream) } ? .automaticRowHeight : nil
        }
        // `return UITableView.automaticDimension` in `tableView(_:heightForRowAt:)`.
        if Self.automaticDimension.contains(index, in: stream), let method = context(of: index).methodName,
           ASCIIText.contains(method, "heightForRow"), !ASCIIText.contains(method, "estimated") {
            return .automaticRowHeight
        }
        return nil
    }

    /// The property a call or member at `index` acts on: `x.f`, `self.x.f`, `x.snp.f`,
    /// `[x f:]`, `[self.x f:]`, `[_x f:]`; `nil` for `self` (explicit or implicit).
    private func layoutReceiver(of index: Int, kind: CodeLayoutFact.Kind) -> String? {
        var position = index - 1
        var name: String?
        if stream.isText(position, ".") {
            position -= 1
            if stream.isText(position, "snp"), stream.isText(position - 1, ".") { position -= 2 }
            if position >= 0, stream[position].isIdentifier { name = stream.text(position) }
        } else if language == .objc, position >= 0, stream[position].isIdentifier, stream.isText(position - 1, "[") || stream.isText(position - 1, ".") {
            name = stream.text(position)
        }
        guard let name, name != "self", name != "super" else { return nil }
        return name.hasPrefix("_") ? String(name.dropFirst()) : name
    }
}
