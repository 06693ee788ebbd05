/// The outlets and Key-Value Coding keys UIKit and AppKit classes provide, and the action
/// selectors they implement: what an Interface Builder connection or user-defined runtime
/// attribute may use without the project declaring anything.
public enum PlatformMembers {
    /// Keys a class declares itself (inherited ones come from its superclasses' entries).
    public static let keys: [String: Set<String>] = table(keyLines)
    /// Action selectors a class implements itself.
    public static let actions: [String: Set<String>] = table(actionLines)

    /// Key paths whose first component any view or object answers (`layer.cornerRadius`,
    /// accessibility keys), checked by prefix.
    public static func isUniversalKeyPath(_ keyPath: String) -> Bool {
        let first = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
        return first.hasPrefix("accessibility") || first.hasPrefix("isAccessibility") || universalKeys.contains(first)
    }

    private static let universalKeys: Set<String> = [
        "layer", "identifier", "restorationIdentifier", "userInterfaceIdiom", "tag", "title", "largeContentTitle",
        "showsLargeContentViewer", "largeContentImage", "focusGroupIdentifier", "isAccessibilityElement",
    ]

    private static func table(_ text: String) -> [String: Set<String>] {
        let rows = WordTable.rows(text)
        var table: [String: Set<String>] = Dictionary(minimumCapacity: rows.count)
        for words in rows {
            guard let name = words.first else { continue }
            // A set sized once for its words (growing one by one rehashes it at every doubling).
            if table[name] == nil {
                table[name] = Set(words.dropFirst())
            } else {
                table[name]?.formUnion(words.dropFirst())
            }
        }
        return table
    }

    private static let keyLines = """
    NSObject accessibilityLabel accessibilityHint accessibilityIdentifier accessibilityValue accessibilityTraits
    UIResponder inputView inputAccessoryView
    UIView layer backgroundColor tintColor alpha hidden isHidden opaque isOpaque clipsToBounds clipsSubviews tag frame bounds center transform contentMode userInteractionEnabled isUserInteractionEnabled multipleTouchEnabled isMultipleTouchEnabled exclusiveTouch isExclusiveTouch translatesAutoresizingMaskIntoConstraints autoresizingMask autoresizesSubviews contentScaleFactor layoutMargins directionalLayoutMargins preservesSuperviewLayoutMargins insetsLayoutMarginsFromSafeArea semanticContentAttribute overrideUserInterfaceStyle gestureRecognizers mask maskView clearsContextBeforeDrawing tintAdjustmentMode
    UIControl enabled isEnabled selected isSelected highlighted isHighlighted contentHorizontalAlignment contentVerticalAlignment
    UIButton titleLabel imageView titleEdgeInsets imageEdgeInsets contentEdgeInsets adjustsImageWhenHighlighted adjustsImageWhenDisabled showsTouchWhenHighlighted configuration menu showsMenuAsPrimaryAction role pointerInteractionEnabled isPointerInteractionEnabled
    UILabel text font textColor textAlignment numberOfLines lineBreakMode adjustsFontSizeToFitWidth minimumScaleFactor attributedText highlightedTextColor shadowColor shadowOffset preferredMaxLayoutWidth adjustsFontForContentSizeCategory enabled
    UITextField delegate text placeholder font textColor textAlignment borderStyle leftView rightView attributedPlaceholder attributedText clearButtonMode keyboardType returnKeyType secureTextEntry isSecureTextEntry autocorrectionType autocapitalizationType textContentType
    UITextView delegate text font textColor textAlignment editable isEditable selectable isSelectable dataDetectorTypes textContainerInset attributedText keyboardType returnKeyType
    UIScrollView delegate contentInset contentSize contentOffset scrollEnabled isScrollEnabled pagingEnabled isPagingEnabled bounces alwaysBounceVertical alwaysBounceHorizontal refreshControl keyboardDismissMode showsVerticalScrollIndicator showsHorizontalScrollIndicator minimumZoomScale maximumZoomScale scrollIndicatorInsets contentInsetAdjustmentBehavior
    UITableView dataSource delegate prefetchDataSource dragDelegate dropDelegate tableHeaderView tableFooterView backgroundView rowHeight estimatedRowHeight sectionHeaderHeight sectionFooterHeight separatorColor separatorStyle separatorInset allowsSelection allowsMultipleSelection
    UICollectionView dataSource delegate prefetchDataSource dragDelegate dropDelegate collectionViewLayout backgroundView allowsSelection allowsMultipleSelection
    UICollectionViewFlowLayout itemSize minimumLineSpacing minimumInteritemSpacing sectionInset scrollDirection estimatedItemSize headerReferenceSize footerReferenceSize
    UIPickerView dataSource delegate
    UISearchBar delegate text placeholder prompt barTintColor searchBarStyle scopeButtonTitles
    UIWebView delegate scalesPageToFit
    WKWebView navigationDelegate UIDelegate
    MKMapView delegate showsUserLocation mapType
    UIImageView image highlightedImage animationImages highlighted isHighlighted
    UIStackView axis spacing distribution alignment arrangedSubviews baselineRelativeArrangement layoutMarginsRelativeArrangement
    UITableViewCell contentView textLabel detailTextLabel imageView accessoryView editingAccessoryView backgroundView selectedBackgroundView multipleSelectionBackgroundView selectionStyle accessoryType editingAccessoryType indentationLevel indentationWidth separatorInset reuseIdentifier
    UICollectionReusableView reuseIdentifier
    UICollectionViewCell contentView backgroundView selectedBackgroundView
    UITableViewHeaderFooterView contentView textLabel detailTextLabel backgroundView reuseIdentifier
    UISlider value minimumValue maximumValue continuous isContinuous minimumTrackTintColor maximumTrackTintColor thumbTintColor
    UISwitch on isOn onTintColor thumbTintColor
    UISegmentedControl selectedSegmentIndex momentary selectedSegmentTintColor
    UIPageControl numberOfPages currentPage pageIndicatorTintColor currentPageIndicatorTintColor hidesForSinglePage
    UIStepper value minimumValue maximumValue stepValue
    UIActivityIndicatorView color hidesWhenStopped style activityIndicatorViewStyle
    UIProgressView progress progressTintColor trackTintColor
    UIDatePicker date datePickerMode minimumDate maximumDate minuteInterval locale
    UINavigationBar delegate items barTintColor translucent isTranslucent titleTextAttributes prefersLargeTitles
    UIToolbar delegate items barTintColor translucent isTranslucent
    UITabBar delegate items selectedItem barTintColor translucent isTranslucent
    UIWindow rootViewController
    UIVisualEffectView contentView effect
    UIViewController view searchDisplayController navigationItem tabBarItem title toolbarItems storyboard nibName nibBundle preferredContentSize modalPresentationStyle modalTransitionStyle definesPresentationContext providesPresentationContextTransitionStyle restorationIdentifier hidesBottomBarWhenPushed edgesForExtendedLayout extendedLayoutIncludesOpaqueBars automaticallyAdjustsScrollViewInsets additionalSafeAreaInsets transitioningDelegate
    UITableViewController tableView refreshControl clearsSelectionOnViewWillAppear
    UICollectionViewController collectionView clearsSelectionOnViewWillAppear installsStandardGestureForInteractiveMovement
    UINavigationController navigationBar toolbar delegate viewControllers
    UITabBarController tabBar delegate viewControllers selectedIndex customizableViewControllers
    UIPageViewController dataSource delegate
    UISplitViewController delegate viewControllers
    UIApplication delegate
    UISearchDisplayController searchBar searchContentsController searchResultsDataSource searchResultsDelegate delegate
    UISearchController searchBar delegate searchResultsUpdater
    UIGestureRecognizer delegate enabled isEnabled cancelsTouchesInView delaysTouchesBegan delaysTouchesEnded requiresExclusiveTouchType
    UITapGestureRecognizer numberOfTapsRequired numberOfTouchesRequired
    UIPanGestureRecognizer minimumNumberOfTouches maximumNumberOfTouches
    UIScreenEdgePanGestureRecognizer edges
    UILongPressGestureRecognizer minimumPressDuration numberOfTapsRequired numberOfTouchesRequired allowableMovement
    UISwipeGestureRecognizer direction numberOfTouchesRequired
    UIPinchGestureRecognizer scale
    UIRotationGestureRecognizer rotation
    UIRefreshControl attributedTitle tintColor
    UINavigationItem titleView leftBarButtonItem rightBarButtonItem backBarButtonItem leftBarButtonItems rightBarButtonItems prompt largeTitleDisplayMode searchController
    UIBarItem enabled isEnabled image title tag
    UIBarButtonItem customView target action style width tintColor
    UITabBarItem badgeValue selectedImage
    NSLayoutConstraint constant priority active isActive identifier multiplier
    NSResponder nextResponder menu
    NSView nextKeyView menu toolTip wantsLayer layer identifier hidden isHidden alphaValue frame bounds autoresizingMask translatesAutoresizingMaskIntoConstraints appearance backgroundColor
    NSControl target action delegate formatter cell stringValue objectValue integerValue intValue doubleValue floatValue attributedStringValue enabled isEnabled font alignment
    NSTextField delegate formatter textColor backgroundColor placeholderString editable selectable bezeled drawsBackground
    NSButton title image state keyEquivalent alternateTitle
    NSTableView dataSource delegate headerView cornerView rowHeight doubleAction
    NSOutlineView outlineTableColumn
    NSWindow delegate initialFirstResponder contentView contentViewController windowController toolbar title frameAutosaveName defaultButtonCell
    NSPanel floatingPanel becomesKeyOnlyIfNeeded
    NSWindowController window document owner contentViewController windowFrameAutosaveName
    NSDocument window windowForSheet fileURL fileType displayName
    NSPopover delegate contentViewController behavior animates appearance
    NSTabViewItem view initialFirstResponder label identifier viewController
    NSStatusItem menu button
    NSViewController view representedObject title nibName nibBundle preferredContentSize sourceItemView presentingViewController presentedViewControllers parentViewController childViewControllers storyboard extensionContext preferredMinimumSize preferredMaximumSize preferredScreenOrigin viewIfLoaded
    NSApplication delegate mainMenu windowsMenu servicesMenu helpMenu dockMenu
    NSMenu delegate title
    NSMenuItem target action submenu view title keyEquivalent representedObject state
    NSScrollView documentView contentView verticalScroller horizontalScroller
    NSClipView documentView
    NSSplitView delegate
    NSTabView delegate
    NSTableCellView textField imageView objectValue
    NSCollectionViewItem imageView textField representedObject
    NSTableColumn headerCell dataCell identifier
    NSObjectController content contentObject
    NSArrayController contentArray
    NSTreeController contentArray
    NSTextView delegate textStorage string
    NSBox contentView title
    NSPopUpButton menu
    NSToolbar delegate
    NSToolbarItem view target action
    NSSearchField delegate
    NSComboBox dataSource delegate usesDataSource
    NSCell menu representedObject formatter title image font stringValue objectValue enabled isEnabled editable isEditable
    NSActionCell target action tag
    NSComboBoxCell dataSource usesDataSource
    NSTextFieldCell textColor backgroundColor placeholderString drawsBackground
    NSButtonCell alternateTitle keyEquivalent
    NSSearchFieldCell searchButtonCell cancelButtonCell
    NSFormatter
    NSSavePanel delegate accessoryView
    NSSegmentedControl selectedSegment segmentCount
    NSLevelIndicator minValue maxValue warningValue criticalValue
    NSProgressIndicator minValue maxValue doubleValue indeterminate
    NSSplitViewItem viewController
    NSGridView rowSpacing columnSpacing
    NSVisualEffectView material blendingMode state
    WebView UIDelegate frameLoadDelegate policyDelegate resourceLoadDelegate downloadDelegate editingDelegate hostWindow groupName mainFrameURL
    PDFView delegate document
    NSBrowser delegate
    NSCollectionView dataSource delegate collectionViewLayout
    NSStackView delegate
    NSPageController delegate
    NSSplitViewController splitView
    NSTabViewController tabView
    NSDrawer delegate contentView parentWindow
    NSPathControl delegate
    NSDatePicker delegate
    NSTokenField delegate
    NSImageView image
    NSMatrix delegate prototype
    NSRuleEditor delegate
    NSSlider minValue maxValue
    """

    private static let actionLines = """
    NSObject
    UIResponder cut: copy: paste: select: selectAll: delete: makeTextWritingDirectionLeftToRight: makeTextWritingDirectionRightToLeft: toggleBoldface: toggleItalics: toggleUnderline: increaseSize: decreaseSize:
    UIViewController unwindForSegue:towardsViewController:
    NSResponder cancelOperation: complete: insertNewline: insertTab: moveUp: moveDown: moveLeft: moveRight: scrollPageUp: scrollPageDown: selectAll: showContextHelp: undo: redo: noResponderFor:
    NSView print:
    NSWindow performClose: performMiniaturize: performZoom: miniaturize: deminiaturize: zoom: toggleToolbarShown: runToolbarCustomizationPalette: toggleFullScreen: makeKeyAndOrderFront: orderFront: orderBack: orderOut: orderFrontRegardless: close toggleTabBar: toggleTabOverview: selectNextTab: selectPreviousTab: moveTabToNewWindow: mergeAllWindows: newWindowForTab: print: toggleSidebar:
    NSWindowController showWindow: close
    NSApplication terminate: hide: hideOtherApplications: unhideAllApplications: orderFrontStandardAboutPanel: orderFrontStandardAboutPanelWithOptions: orderFrontCharacterPalette: orderFrontColorPanel: arrangeInFront: miniaturizeAll: showHelp: runPageLayout: activateContextHelpMode: toggleTouchBarCustomizationPalette:
    NSControl takeStringValueFrom: takeIntValueFrom: takeDoubleValueFrom: takeFloatValueFrom: takeObjectValueFrom: takeIntegerValueFrom: performClick:
    NSButton performClick:
    NSText copy: cut: paste: delete: selectAll: copyFont: pasteFont: copyRuler: pasteRuler: alignLeft: alignRight: alignCenter: alignJustified: toggleRuler: checkSpelling: showGuessPanel: subscript: superscript: unscript: underline:
    NSTextView orderFrontSubstitutionsPanel: toggleContinuousSpellChecking: toggleGrammarChecking: toggleAutomaticSpellingCorrection: toggleSmartInsertDelete: toggleAutomaticQuoteSubstitution: toggleAutomaticDashSubstitution: toggleAutomaticLinkDetection: toggleAutomaticTextReplacement: toggleAutomaticDataDetection: uppercaseWord: lowercaseWord: capitalizeWord: startSpeaking: stopSpeaking: pasteAsPlainText: pasteAsRichText: useStandardKerning: turnOffKerning: tightenKerning: loosenKerning: useStandardLigatures: turnOffLigatures: useAllLigatures: raiseBaseline: lowerBaseline: orderFrontSharingServicePicker: performFindPanelAction: orderFrontLinkPanel: orderFrontListPanel: orderFrontSpacingPanel: orderFrontTablePanel: changeLayoutOrientation: outline: showWritingTools:
    NSDocument saveDocument: saveDocumentAs: saveDocumentTo: revertDocumentToSaved: printDocument: runPageLayout: duplicateDocument: renameDocument: moveDocument: lockDocument: unlockDocument: browseDocumentVersions:
    NSDocumentController newDocument: openDocument: clearRecentDocuments: saveAllDocuments:
    NSFontManager addFontTrait: removeFontTrait: modifyFont: modifyFontViaPanel: orderFrontFontPanel:
    NSArrayController add: remove: insert: selectNext: selectPrevious: fetch: rearrangeObjects:
    NSObjectController add: remove: fetch:
    NSTreeController add: addChild: insert: insertChild: remove:
    NSUserDefaultsController revert: save: revertToInitialValues:
    NSTabView selectFirstTabViewItem: selectLastTabViewItem: selectNextTabViewItem: selectPreviousTabViewItem: takeSelectedTabViewItemFromSender:
    NSPopUpButton selectItem:
    NSDrawer open: close: toggle:
    NSPageController navigateBack: navigateForward: takeSelectedIndexFrom:
    NSViewController dismissController: dismissViewController: presentViewControllerAsSheet: presentViewControllerAsModalWindow:
    NSSplitViewController toggleSidebar: toggleInspector:
    """
}
