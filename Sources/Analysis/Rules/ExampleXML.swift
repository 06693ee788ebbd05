/// The Interface Builder boilerplate of rule examples, so that each example shows only the
/// elements that matter; the docs print the expanded files.
public enum ExampleXML {
    /// `customModule="App" customModuleProvider="target"`: a Swift class of the example's app.
    public static let appModule = #"customModule="App" customModuleProvider="target""#

    /// An iOS xib whose `<objects>` holds `objects` (written without indentation).
    public static func xib(_ objects: String) -> String {
        document(type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", runtime: "iOS.CocoaTouch", objects: objects)
    }

    /// A macOS (Cocoa) xib holding `objects`, File's Owner (`-2`) and First Responder (`-1`)
    /// placeholders included by the caller.
    /// A Cocoa nib's File's Owner labelled `ownerClass`, its outlet `outlet` to `destination`,
    /// and the First Responder: the placeholders every example window or menu nib starts with.
    public static func cocoaPlaceholders(ownerClass: String, outlet: String, destination: String) -> String {
        """
        <customObject id="-2" userLabel="File's Owner" customClass="\(ownerClass)">
            <connections>
                <outlet property="\(outlet)" destination="\(destination)" id="Out-00-001"/>
            </connections>
        </customObject>
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        """
    }

    public static func cocoaXib(_ objects: String) -> String {
        document(type: "com.apple.InterfaceBuilder3.Cocoa.XIB", runtime: "MacOSX.Cocoa", objects: objects)
    }

    private static func document(type: String, runtime: String, objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="\(type)" version="3.0" targetRuntime="\(runtime)" useAutolayout="YES">
            <objects>
        \(indented(objects, by: 8))
            </objects>
        </document>
        """
    }

    /// An iOS storyboard with one view-controller scene whose root view (`Vw1-00-001`) holds
    /// `subviews` and `constraints`; `controller` adds attributes to the view controller.
    public static func storyboard(subviews: String, constraints: String = "", controller: String = "") -> String {
        let constraintBlock = constraints.isEmpty ? "" : """

                                    <constraints>
            \(indented(constraints, by: 28))
                                    </constraints>
            """
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="Vc1-00-001">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <viewController id="Vc1-00-001"\(controller.isEmpty ? "" : " " + controller) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Vw1-00-001">
                                <subviews>
        \(indented(subviews, by: 28))
                                </subviews>\(constraintBlock)
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    /// An iOS storyboard with one table view controller scene (`Tvc-00-001`) whose root view
    /// is `tableView`, a `<tableView key="view" …>` element (written without indentation).
    public static func tableStoryboard(_ tableView: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="Tvc-00-001">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <tableViewController id="Tvc-00-001" sceneMemberID="viewController">
        \(indented(tableView, by: 24))
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    /// A xib whose root view `Root-00-001` holds the label `Lbl-00-001` and `constraints`
    /// (one `<constraint …/>` element a line).
    public static func labelXib(constraints: [String]) -> String {
        xib("""
        <view contentMode="scaleToFill" id="Root-00-001">
            <subviews>
                <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
            </subviews>
            <constraints>
        \(indented(constraints.joined(separator: "\n"), by: 8))
            </constraints>
        </view>
        """)
    }

    /// `text` with every non-empty line moved right by `spaces`.
    static func indented(_ text: String, by spaces: Int) -> String {
        let padding = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : padding + $0 }
            .joined(separator: "\n")
    }
}
