/// Views whose frame their container sets, whatever their constraints say: Xcode's
/// `ambiguous`/`misplaced` flags on them describe the canvas, not the running app.
extension IBDocument {
    /// `NSScrollView` tiles its clip view; `NSWindow` sizes its content view to the content
    /// rect; a table or collection cell lays out its content view, and a cell of a standard
    /// style its built-in `textLabel`, `detailTextLabel` and `imageView`; `UITableView`
    /// places its header and footer views; `NSTabView` sizes the view of the selected item.
    public func frameIsSetByContainer(_ object: IBObject) -> Bool {
        guard let parent = object.parent else { return false }
        if objects[parent].element == "tableViewCellContentView", let cell = objects[parent].parent,
           objects[cell].layout.builtInSubviews.contains(object.id) {
            return true
        }
        guard let key = object.key else { return false }
        switch (key, objects[parent].element) {
        case ("contentView", "scrollView"), ("contentView", "window"), ("contentView", "panel"),
             ("contentView", "tableViewCell"), ("contentView", "collectionViewCell"),
             ("tableHeaderView", "tableView"), ("tableFooterView", "tableView"), ("view", "tabViewItem"):
            return true
        default:
            return false
        }
    }
}
