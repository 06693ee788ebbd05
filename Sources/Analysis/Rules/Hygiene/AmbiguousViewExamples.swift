/// The Interface Builder files of ``AmbiguousViewRule``'s examples: a macOS window, table
/// cells in a storyboard scene and in a xib, a custom view (alone or in a stack) and a stack
/// view outlet.
enum AmbiguousViewExamples {
    /// A macOS xib with a window whose content view `Cnt-00-001` holds `subviews`.
    static func window(contentAmbiguous: Bool = false, subviews: String, constraints: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSWindowController"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <window title="Preferences" id="Win-00-001">
                    <rect key="contentRect" x="196" y="240" width="300" height="200"/>
                    <view key="contentView"\(contentAmbiguous ? #" ambiguous="YES""# : "") translatesAutoresizingMaskIntoConstraints="NO" id="Cnt-00-001">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                        <subviews>
        \(ExampleXML.indented(subviews, by: 20))
                        </subviews>
                        <constraints>
        \(ExampleXML.indented(constraints, by: 20))
                        </constraints>
                    </view>
                </window>
            </objects>
        </document>
        """
    }

    /// Two labels of equal vertical hugging in the vertical stack `Stk-00-001`, marked
    /// ambiguous (Xcode measures them against the canvas height of the cell).
    static let stackOfTwoLabels = """
        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
            <rect key="frame" x="16" y="11" width="343" height="42"/>
            <subviews>
                <label verticalHuggingPriority="251" ambiguous="YES" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-00-001"/>
                <label verticalHuggingPriority="251" ambiguous="YES" text="Detail" translatesAutoresizingMaskIntoConstraints="NO" id="Dtl-00-001"/>
            </subviews>
        </stackView>
        """

    /// The stack tied to the content view's top and bottom margins.
    static let pinnedTopAndBottom = """
        <constraint firstItem="Stk-00-001" firstAttribute="top" secondItem="Cnt-00-001" secondAttribute="topMargin" id="Top-00-001"/>
        <constraint firstAttribute="bottomMargin" secondItem="Stk-00-001" secondAttribute="bottom" id="Btm-00-001"/>
        <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Cnt-00-001" secondAttribute="leadingMargin" id="Ldg-00-001"/>
        """

    /// The table cell `Cel-00-001` (with `attributes`) holding ``stackOfTwoLabels`` in its
    /// content view `Cnt-00-001`, with `constraints`.
    static func cell(_ attributes: String, constraints: String) -> String {
        """
        <tableViewCell \(attributes)id="Cel-00-001">
            <tableViewCellContentView key="contentView" tableViewCell="Cel-00-001" id="Cnt-00-001">
                <rect key="frame" x="0.0" y="0.0" width="375" height="64"/>
                <subviews>
        \(ExampleXML.indented(stackOfTwoLabels, by: 12))
                </subviews>
                <constraints>
        \(ExampleXML.indented(constraints, by: 12))
                </constraints>
            </tableViewCellContentView>
        </tableViewCell>
        """
    }

    /// A storyboard table view controller whose static table has `rowHeight` and one
    /// ``cell(_:constraints:)`` with `cellConstraints`.
    static func tableScene(rowHeight: String, cellConstraints: String) -> String {
        ExampleXML.tableStoryboard("""
        <tableView key="view" dataMode="static" style="grouped" rowHeight="\(rowHeight)" estimatedRowHeight="44" id="Tbl-00-001">
            <sections>
                <tableViewSection id="Sec-00-001">
                    <cells>
        \(ExampleXML.indented(cell("", constraints: cellConstraints), by: 16))
                    </cells>
                </tableViewSection>
            </sections>
        </tableView>
        """)
    }

    /// A xib holding one reusable ``cell(_:constraints:)`` with `constraints`.
    static func cellXib(constraints: String) -> String {
        ExampleXML.xib(cell(#"reuseIdentifier="Entry" rowHeight="64" "#, constraints: constraints))
    }

    /// A xib whose root view holds a view of class `className` (a Swift class of the app, or
    /// an Objective-C one without a module), positioned by `leading` and `centerY` only:
    /// without a size of its own it is ambiguous. `inStack` wraps it in a horizontal stack
    /// `Stk-00-001`, placed the same way and marked ambiguous too.
    static func customViewXib(className: String, swift: Bool = true, inStack: Bool = false) -> String {
        let module = swift ? " " + ExampleXML.appModule : ""
        let view = #"<view ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Cst-00-001" customClass="\#(className)"\#(module)/>"#
        let placed = inStack ? """
            <stackView opaque="NO" contentMode="scaleToFill" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001">
                <subviews>
                    \(view)
                </subviews>
            </stackView>
            """ : view
        let item = inStack ? "Stk-00-001" : "Cst-00-001"
        return ExampleXML.xib("""
        <view contentMode="scaleToFill" id="Root-00-001">
            <subviews>
        \(ExampleXML.indented(placed, by: 8))
            </subviews>
            <constraints>
                <constraint firstItem="\(item)" firstAttribute="leading" secondItem="Root-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                <constraint firstItem="\(item)" firstAttribute="centerY" secondItem="Root-00-001" secondAttribute="centerY" id="CnY-00-001"/>
            </constraints>
        </view>
        """)
    }

    /// A Swift view that adds a label in `init(coder:)` and lays it out with `pin`, a line of
    /// some layout library's code.
    static func codeLayoutClass(_ className: String, pin: String) -> String {
        """
        import UIKit

        final class \(className): UIView {
            private let label = UILabel()

            required init?(coder: NSCoder) {
                super.init(coder: coder)
                label.translatesAutoresizingMaskIntoConstraints = false
                addSubview(label)
                \(pin)
            }
        }
        """
    }

    /// A `DayCell` xib whose empty stack view, pinned only at the top and leading edges, is
    /// the outlet `entriesStackView`.
    static let stackOutletXib = ExampleXML.xib("""
        <tableViewCell reuseIdentifier="Day" id="Cel-00-001" customClass="DayCell" \(ExampleXML.appModule)>
            <tableViewCellContentView key="contentView" tableViewCell="Cel-00-001" id="Cnt-00-001">
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" ambiguous="YES" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-00-001"/>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-00-001" firstAttribute="top" secondItem="Cnt-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>
                    <constraint firstItem="Stk-00-001" firstAttribute="leading" secondItem="Cnt-00-001" secondAttribute="leading" constant="16" id="Ldg-00-001"/>
                </constraints>
            </tableViewCellContentView>
            <connections>
                <outlet property="entriesStackView" destination="Stk-00-001" id="Out-00-001"/>
            </connections>
        </tableViewCell>
        """)
}
