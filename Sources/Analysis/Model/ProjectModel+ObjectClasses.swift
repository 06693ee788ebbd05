/// The class an Interface Builder object is at runtime: its custom class, or the platform
/// class its element archives (`label` → `UILabel`, `customView` → `NSView`).
extension ProjectModel {
    public func runtimeClass(of object: IBObject, in document: IBDocument) -> String? {
        if let customClass = object.customClass, !customClass.isEmpty { return customClass }
        if object.placeholder == .filesOwner { return nil }
        return Self.platformClass(ofElement: object.element, platform: document.platform)
    }

    /// The platform class an element stands for, when the table knows it.
    static func platformClass(ofElement element: String, platform: IBDocument.Platform) -> String? {
        if let special = specialElements[element] {
            return platform == .macOS ? special.appKit : special.uiKit
        }
        guard let first = element.first else { return nil }
        let suffix = first.uppercased() + element.dropFirst()
        let candidates = platform == .macOS ? ["NS" + suffix] : platform == .unknown ? ["UI" + suffix, "NS" + suffix] : ["UI" + suffix]
        return candidates.first(where: PlatformClasses.isKnown)
    }

    private static let specialElements: [String: (uiKit: String?, appKit: String?)] = [
        "customView": ("UIView", "NSView"),
        "customObject": ("NSObject", "NSObject"),
        "view": ("UIView", "NSView"),
        "viewController": ("UIViewController", "NSViewController"),
        "windowController": (nil, "NSWindowController"),
        "tableCellView": (nil, "NSTableCellView"),
        "collectionViewItem": (nil, "NSCollectionViewItem"),
        "mapView": ("MKMapView", "MKMapView"),
        "wkWebView": ("WKWebView", "WKWebView"),
        "application": ("UIApplication", "NSApplication"),
    ]
}
