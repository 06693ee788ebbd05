/// The attributes of a container that decide how it sizes what it holds: a stack view's
/// axis (which arranged subview stretches along it) and a table view's row height
/// (`-1`: rows sized from their cells' content). The hygiene rules read them to tell an
/// ambiguity of the canvas from one at run time.
public struct IBLayoutAttributes: Sendable, Hashable {
    /// A stack view's `axis` (UIKit) or `orientation` (AppKit) is `vertical`.
    public var isVerticalStack: Bool
    /// A table view's `rowHeight`; `-1` is *Automatic*.
    public var rowHeight: Double?

    public init(isVerticalStack: Bool = false, rowHeight: Double? = nil) {
        self.isVerticalStack = isVerticalStack
        self.rowHeight = rowHeight
    }

    /// Rows take the height their cells' constraints give (`UITableView.automaticDimension`).
    public var sizesRowsAutomatically: Bool { rowHeight == -1 }
}
