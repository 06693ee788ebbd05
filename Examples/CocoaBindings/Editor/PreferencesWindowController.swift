import Cocoa

/// The preferences window: File's Owner of PreferencesWindow.xib, whose controls are bound
/// to these properties.
final class PreferencesWindowController: NSWindowController {
    @IBOutlet weak var fontSizeField: NSTextField!

    @objc dynamic var fontSize: Double = 13
    @objc dynamic var recentFiles: [URL] = []
    /// Renamed from `autosaveInterval`; the xib still binds the old name.
    @objc dynamic var autosaveDelay: TimeInterval = 30
    /// Not `@objc`: Key-Value Coding cannot see it.
    var showsRuler = true

    override var windowNibName: NSNib.Name? { "PreferencesWindow" }
}

/// Shared appearance settings, a custom object in PreferencesWindow.xib.
@objcMembers final class ThemeStore: NSObject {
    var accentName = "blue"
    var usesDarkSidebar = false
}

/// Draws the ruler; bound to a key its class lacks, but a view answers too many keys for
/// the analysis to be sure.
final class RulerView: NSView {
    @objc dynamic var unit = "pt"
}
