/// Small conversions from Interface Builder's attribute text to model values.
extension IBDocument.Platform {
    /// From `targetRuntime` (`iOS.CocoaTouch`, `AppleTV`, `watchKit`, `MacOSX.Cocoa`), else
    /// from the document type (`com.apple.InterfaceBuilder.AppleTV.Storyboard`…).
    init(documentType: String, targetRuntime: String?) {
        let runtime = targetRuntime ?? ""
        if runtime.hasPrefix("AppleTV") || documentType.hasPrefix("com.apple.InterfaceBuilder.AppleTV") {
            self = .tvOS
        } else if runtime.hasPrefix("watchKit") || documentType.hasPrefix("com.apple.InterfaceBuilder.WatchKit") {
            self = .watchOS
        } else if runtime.hasPrefix("MacOSX") || documentType.hasPrefix("com.apple.InterfaceBuilder3.Cocoa.") {
            self = .macOS
        } else if runtime.hasPrefix("iOS") || documentType.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") {
            self = .iOS
        } else {
            self = .unknown
        }
    }
}

extension IBAutoresizingMask {
    /// The flag an `<autoresizingMask>` attribute names.
    init?(attribute: IBName) {
        switch attribute {
        case .flexibleMinX: self = .flexibleMinX
        case .widthSizable: self = .widthSizable
        case .flexibleMaxX: self = .flexibleMaxX
        case .flexibleMinY: self = .flexibleMinY
        case .heightSizable: self = .heightSizable
        case .flexibleMaxY: self = .flexibleMaxY
        default: return nil
        }
    }
}

extension IBPlaceholderRole {
    /// The role of an object element, if it is a placeholder: iOS `placeholder`, Cocoa
    /// `customObject` ids -2 (File's Owner), -1 (First Responder), -3 (Application),
    /// storyboard `exit` and `sceneMemberID="firstResponder"`.
    init?(element: IBName?, id: String, placeholderIdentifier: String?, sceneMemberID: String?) {
        if let placeholderIdentifier {
            self.init(placeholderIdentifier: placeholderIdentifier)
            return
        }
        switch (element, id) {
        case (.customObject, "-2"): self = .filesOwner
        case (.customObject, "-1"): self = .firstResponder
        case (.customObject, "-3"): self = .application
        case (.exit, _): self = .exit
        default:
            guard sceneMemberID == "firstResponder" else { return nil }
            self = .firstResponder
        }
    }
}

extension IBConstraint {
    /// `"1.5"` → 1.5, `"16:9"` → 16/9; `nil` for anything else (or a zero denominator).
    static func multiplier(parsing text: String) -> Double? {
        guard let colon = text.firstIndex(of: ":") else { return Double(text) }
        guard let numerator = Double(text[..<colon]),
              let denominator = Double(text[text.index(after: colon)...]), denominator != 0 else { return nil }
        return numerator / denominator
    }
}

extension IBScene {
    /// The scene's controller among its top-level `objects`: the one Interface Builder
    /// marks `sceneMemberID="viewController"`, else the first non-placeholder whose
    /// element names a controller (Cocoa bindings controllers sit among a scene's objects
    /// but are not its controller).
    static func controller(among objects: [Int], in all: [IBObject]) -> Int? {
        objects.first { all[$0].sceneMemberID == "viewController" }
            ?? objects.first { index in
                let object = all[index]
                guard object.placeholder == nil, !object.isBindingController else { return false }
                let element = object.element.lowercased()
                return element.hasSuffix("controller") || element.hasSuffix("controllerplaceholder")
            }
    }
}
