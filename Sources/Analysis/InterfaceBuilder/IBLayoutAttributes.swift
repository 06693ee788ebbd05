/// The attributes of a container that decide how it sizes what it holds: a stack view's
/// axis and distribution (which arranged subview stretches along it) and a table view's row height
/// (`-1`: rows sized from their cells' content). The hygiene rules read them to tell an
/// ambiguity of the canvas from one at run time.
public struct IBLayoutAttributes: Sendable, Hashable {
    /// A stack view's `axis` (UIKit) or `orientation` (AppKit) is `vertical`.
    public var isVerticalStack: Bool
    /// A table view's `rowHeight`; `-1` is *Automatic*.
    public var rowHeight: Double?
    /// A stack view's `distribution` is `fillEqually`: it gives every arranged subview the
    /// same size along its axis, whatever their own sizes.
    public var fillsEqually: Bool
    /// A stack view's `distribution` as written (`fill`, `fillEqually`, `equalSpacing`…);
    /// `nil` when absent (UIKit's default, `fill`).
    public var distribution: String?
    /// A stack view's `alignment` as written (`top`, `center`, `leading`…); `nil` when absent
    /// (UIKit's default, `fill`).
    public var alignment: String?
    /// A progress indicator's `style` is `spinning`: it has a size of its own on both axes
    /// (a bar has a height only).
    public var isSpinning: Bool = false
    /// A table cell of a standard style: the ids of the `textLabel`, `detailTextLabel` and
    /// `imageView` it lays out itself.
    public var builtInSubviews: [String] = []

    public init(isVerticalStack: Bool = false, rowHeight: Double? = nil, fillsEqually: Bool = false) {
        self.isVerticalStack = isVerticalStack
        self.rowHeight = rowHeight
        self.fillsEqually = fillsEqually
    }

    /// Rows take the height their cells' constraints give (`UITableView.automaticDimension`).
    public var sizesRowsAutomatically: Bool { rowHeight == -1 }
}
