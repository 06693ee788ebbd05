import Analysis
import XCTest

/// A helper whose nib name is made from its own generic parameter (`T.nibName`,
/// `T.description()`) names, at each caller, the class the caller binds the parameter to:
/// the `T.Type` argument, or the type the caller gives the returned `T`. A Swift call reaches
/// a helper only when its argument labels are the helper's.
final class GenericHelperBindingTests: XCTestCase {
    private static let helpers = ("Loading.swift", """
    import UIKit
    protocol Loadable: AnyObject { static var nibName: String { get } }
    extension Loadable { static var nibName: String { String(describing: Self.self) } }
    extension UIView {
        func instantiate<T: UIView>(_: T.Type) -> T where T: Loadable {
            UINib(nibName: T.nibName, bundle: nil).instantiate(withOwner: nil, options: nil).first as! T
        }
    }
    class Loader {
        class func view<T: UIView>(_ owner: AnyObject = NSNull()) throws -> T {
            let name = T.description().components(separatedBy: ".").last!
            let view: T = try load(named: name, owner: owner)
            return view
        }
        class func view<T: UIView>(named name: String, owner: AnyObject = NSNull()) throws -> T {
            let view: T = try load(named: name, owner: owner)
            return view
        }
        fileprivate class func load<T: UIView>(named name: String, owner: AnyObject) throws -> T {
            Bundle.main.loadNibNamed(name, owner: owner, options: nil)!.compactMap { $0 as? T }.first!
        }
    }
    """)

    func testTypeParameterIsBoundByTheMetatypeArgumentOrTheResultType() {
        let index = SourceFixture.index([Self.helpers, ("Screen.swift", """
        import UIKit
        final class ScreenView: UIView {
            func fill() {
                let card: CardView = UIView().instantiate(CardView.self)
                let badge: BadgeView = try! Loader.view()
                addSubview(card); addSubview(badge)
                addSubview(try! Loader.view())
            }
        }
        """)])
        let loads = index.loads(in: "ScreenView", method: "fill()")
        XCTAssertEqual(loads.map(\.nibName.candidates), [["CardView"], ["BadgeView"], []],
                       "a result whose type the call does not show leaves the name unknown")
    }

    func testArgumentLabelsChooseTheHelper() {
        let index = SourceFixture.index([Self.helpers, ("Screen.swift", """
        import UIKit
        enum Style: String { case compact = "CompactView" }
        final class ScreenView: UIView {
            func fill(style: Style) {
                let named: CardView = try! Loader.view(named: "CardNib")
                let styled: CardView = try! Loader.view(style: style)
                addSubview(named); addSubview(styled)
            }
        }
        """)])
        let loads = index.loads(in: "ScreenView", method: "fill(style:)")
        XCTAssertEqual(loads.map(\.nibName.candidates), [["CardNib"]], "view(style:) is neither view(_:) nor view(named:owner:)")
    }
}
