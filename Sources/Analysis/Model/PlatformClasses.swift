/// UIKit, AppKit and Foundation classes Interface Builder files name, with their
/// superclasses: so that a platform class used as a custom class is never "unknown", and a
/// project class's chain can be followed up to `UIView` or `NSViewController`.
public enum PlatformClasses {
    /// Class → superclass. Written as `Class Superclass` pairs to keep the table compact.
    public static let superclass: [String: String] = {
        let rows = WordTable.rows(pairs)
        var table: [String: String] = Dictionary(minimumCapacity: rows.count)
        for parts in rows where parts.count == 2 { table[parts[0]] = parts[1] }
        return table
    }()

    /// Whether `name` is a platform class the table knows.
    public static func isKnown(_ name: String) -> Bool {
        superclass[name] != nil || roots.contains(name)
    }

    /// Classes with no superclass.
    static let roots: Set<String> = ["NSObject", "NSProxy"]

    private static let pairs = """
    UIResponder NSObject
    WKInterfaceController NSObject
    WKUserNotificationInterfaceController WKInterfaceController
    WKHostingController WKInterfaceController
    WKInterfaceObject NSObject
    WKInterfaceLabel WKInterfaceObject
    WKInterfaceButton WKInterfaceObject
    WKInterfaceImage WKInterfaceObject
    WKInterfaceGroup WKInterfaceObject
    WKInterfaceTable WKInterfaceObject
    WKInterfaceSwitch WKInterfaceObject
    WKInterfaceSlider WKInterfaceObject
    WKInterfaceTimer WKInterfaceObject
    WKInterfaceDate WKInterfaceObject
    WKInterfaceMap WKInterfaceObject
    WKInterfaceSeparator WKInterfaceObject
    WKInterfacePicker WKInterfaceObject
    WKInterfaceMovie WKInterfaceObject
    WKInterfaceInlineMovie WKInterfaceObject
    WKInterfaceTextField WKInterfaceObject
    WKInterfaceSKScene WKInterfaceObject
    WKInterfaceSCNScene WKInterfaceObject
    WKInterfaceHMCamera WKInterfaceObject
    WKInterfaceActivityRing WKInterfaceObject
    WKInterfacePaymentButton WKInterfaceObject
    WKInterfaceAuthorizationAppleIDButton WKInterfaceObject
    WKInterfaceVolumeControl WKInterfaceObject
    UIView UIResponder
    UIWindow UIView
    UIControl UIView
    UIButton UIControl
    UISwitch UIControl
    UISlider UIControl
    UIStepper UIControl
    UISegmentedControl UIControl
    UIPageControl UIControl
    UITextField UIControl
    UIDatePicker UIControl
    UIColorWell UIControl
    UILabel UIView
    UIImageView UIView
    UITextView UIScrollView
    UIScrollView UIView
    UITableView UIScrollView
    UICollectionView UIScrollView
    UITableViewCell UIView
    UITableViewHeaderFooterView UIView
    UICollectionReusableView UIView
    UICollectionViewCell UICollectionReusableView
    UICollectionViewListCell UICollectionViewCell
    UIStackView UIView
    UIVisualEffectView UIView
    UIActivityIndicatorView UIView
    UIProgressView UIView
    UIPickerView UIView
    UINavigationBar UIView
    UIToolbar UIView
    UITabBar UIView
    UISearchBar UIView
    UIWebView UIView
    WKWebView UIView
    MKMapView UIView
    GLKView UIView
    MTKView UIView
    SCNView UIView
    SKView UIView
    ARSCNView SCNView
    PKCanvasView UIScrollView
    UIInputView UIView
    ADBannerView UIView
    GADBannerView UIView
    UIViewController UIResponder
    UINavigationController UIViewController
    UITabBarController UIViewController
    UITableViewController UIViewController
    UICollectionViewController UIViewController
    UIPageViewController UIViewController
    UISplitViewController UIViewController
    UISearchController UIViewController
    UIAlertController UIViewController
    UIImagePickerController UINavigationController
    UIActivityViewController UIViewController
    UIReferenceLibraryViewController UIViewController
    UIInputViewController UIViewController
    AVPlayerViewController UIViewController
    GLKViewController UIViewController
    UIHostingController UIViewController
    SFSafariViewController UIViewController
    MFMailComposeViewController UINavigationController
    UIApplication UIResponder
    UIBarItem NSObject
    UIBarButtonItem UIBarItem
    UITabBarItem UIBarItem
    UINavigationItem NSObject
    UIGestureRecognizer NSObject
    UITapGestureRecognizer UIGestureRecognizer
    UIPanGestureRecognizer UIGestureRecognizer
    UIPinchGestureRecognizer UIGestureRecognizer
    UISwipeGestureRecognizer UIGestureRecognizer
    UILongPressGestureRecognizer UIGestureRecognizer
    UIRotationGestureRecognizer UIGestureRecognizer
    UIScreenEdgePanGestureRecognizer UIPanGestureRecognizer
    UIStoryboardSegue NSObject
    UIStoryboardPopoverSegue UIStoryboardSegue
    UISearchDisplayController NSObject
    UILayoutGuide NSObject
    NSLayoutConstraint NSObject
    UIFont NSObject
    UIColor NSObject
    UIImage NSObject
    UINib NSObject
    UIStoryboard NSObject
    NSResponder NSObject
    NSView NSResponder
    NSControl NSView
    NSButton NSControl
    NSPopUpButton NSButton
    NSStatusBarButton NSButton
    NSTextField NSControl
    NSSecureTextField NSTextField
    NSSearchField NSTextField
    NSTokenField NSTextField
    NSComboBox NSTextField
    NSSlider NSControl
    NSSegmentedControl NSControl
    NSStepper NSControl
    NSColorWell NSControl
    NSDatePicker NSControl
    NSImageView NSControl
    NSLevelIndicator NSControl
    NSPathControl NSControl
    NSMatrix NSControl
    NSBrowser NSControl
    NSTableView NSControl
    NSOutlineView NSTableView
    NSScrollView NSView
    NSClipView NSView
    NSScroller NSControl
    NSTextView NSText
    NSText NSView
    NSBox NSView
    NSTabView NSView
    NSSplitView NSView
    NSStackView NSView
    NSGridView NSView
    NSCollectionView NSView
    NSVisualEffectView NSView
    NSProgressIndicator NSView
    NSTableCellView NSView
    NSTableRowView NSView
    NSTableHeaderView NSView
    NSCollectionViewItem NSViewController
    NSOpenGLView NSView
    NSRuleEditor NSControl
    NSPredicateEditor NSRuleEditor
    WebView NSView
    PDFView NSView
    NSViewController NSResponder
    NSSplitViewController NSViewController
    NSTabViewController NSViewController
    NSPageController NSViewController
    NSTitlebarAccessoryViewController NSViewController
    NSWindowController NSResponder
    NSWindow NSResponder
    NSPanel NSWindow
    NSDrawer NSResponder
    NSApplication NSResponder
    NSMenu NSObject
    NSMenuItem NSObject
    NSCell NSObject
    NSActionCell NSCell
    NSButtonCell NSActionCell
    NSPopUpButtonCell NSMenuItemCell
    NSMenuItemCell NSButtonCell
    NSTextFieldCell NSActionCell
    NSSearchFieldCell NSTextFieldCell
    NSSecureTextFieldCell NSTextFieldCell
    NSTokenFieldCell NSTextFieldCell
    NSComboBoxCell NSTextFieldCell
    NSImageCell NSCell
    NSSliderCell NSActionCell
    NSTableColumn NSObject
    NSToolbar NSObject
    NSToolbarItem NSObject
    NSTouchBar NSObject
    NSTouchBarItem NSObject
    NSController NSObject
    NSObjectController NSController
    NSArrayController NSObjectController
    NSTreeController NSObjectController
    NSDictionaryController NSArrayController
    NSUserDefaultsController NSController
    NSFontManager NSObject
    NSDocumentController NSObject
    NSDocument NSObject
    NSPersistentDocument NSDocument
    NSPopover NSResponder
    NSTabViewItem NSObject
    NSStatusItem NSObject
    NSSavePanel NSPanel
    NSOpenPanel NSSavePanel
    NSSplitViewItem NSObject
    NSStoryboardSegue NSObject
    NSGestureRecognizer NSObject
    NSClickGestureRecognizer NSGestureRecognizer
    NSPanGestureRecognizer NSGestureRecognizer
    NSNumberFormatter NSFormatter
    NSDateFormatter NSFormatter
    NSFormatter NSObject
    NSByteCountFormatter NSFormatter
    NSLayoutGuide NSObject
    NSTextContainer NSObject
    NSTextStorage NSObject
    NSLayoutManager NSObject
    """
}

extension PlatformClasses {
    /// Class prefixes of Apple frameworks: a class with one of them that the table does not
    /// know is still assumed to be provided by the platform.
    static let platformPrefixes = ["UI", "NS", "MK", "WK", "AV", "SK", "SCN", "GLK", "MTK", "PK", "CN", "PH", "AR", "QL", "PDF", "IK", "GK", "EK", "MF", "SF", "INUI"]

    /// Whether the name looks like an Apple framework class (`UIFoo`, `NSBar`, `MKPinView`).
    public static func hasPlatformPrefix(_ name: String) -> Bool {
        platformPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            return rest.first?.isUppercase == true || rest.isEmpty
        }
    }
}
