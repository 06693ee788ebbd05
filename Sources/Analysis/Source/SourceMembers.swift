/// An `@IBOutlet` / `IBOutlet` / `IBOutletCollection` declaration: what an Interface
/// Builder outlet connection must find on its source object.
public struct SourceOutlet: Sendable, Equatable, Codable {
    /// Reference strength as declared.
    public enum Ownership: String, Codable, Sendable { case strong, weak, unowned, assign, copy }
    /// Whether the declared type may be `nil`.
    public enum Optionality: String, Codable, Sendable {
        case optional, implicitlyUnwrapped = "implicitly-unwrapped", nonOptional = "non-optional"
    }

    public var name: String
    /// Declared type without optionality (`UILabel`, `[UIButton]`, `UIView *` → `UIView`).
    public var typeName: String?
    public var isCollection: Bool
    public var ownership: Ownership
    public var isLazy: Bool
    public var optionality: Optionality
    public var location: SourceLocation
}

/// An `@IBAction` / `IBAction` method with its Objective-C selector, the name Interface
/// Builder stores in an `action` connection.
public struct SourceAction: Sendable, Equatable, Codable {
    /// Objective-C selector (`tap:`, `tapWithSender:`, `tap:forEvent:`), honouring `@objc(...)`.
    public var selector: String
    /// Swift name with labels (`tap(_:)`) or the Objective-C selector.
    public var methodName: String
    public var location: SourceLocation
}

/// A property that Key-Value Coding can set: what a user-defined runtime attribute
/// key path (or a KVC outlet connection) needs.
public struct SourceProperty: Sendable, Equatable, Codable {
    public var name: String
    public var typeName: String?
    /// `var` (not `let`, not get-only computed) in Swift; not `readonly` in Objective-C.
    public var isSettable: Bool
    public var isInspectable: Bool
    public var isStatic: Bool
    /// `@objc`/`@IBInspectable`/`@IBOutlet`/`dynamic` or any Objective-C property: visible to KVC.
    public var isObjCVisible: Bool
    public var location: SourceLocation
}

/// A method declared or implemented in a type, with the facts the rules need for the
/// Interface Builder lifecycle overrides.
public struct SourceMethod: Sendable, Equatable, Codable {
    /// The Interface Builder–relevant overrides the index singles out.
    public enum Lifecycle: String, Codable, Sendable {
        case awakeAfter = "awake-after", initCoder = "init-coder", initFrame = "init-frame"
        case awakeFromNib = "awake-from-nib", layoutSubviews = "layout-subviews"
        case prepareForInterfaceBuilder = "prepare-for-interface-builder"
    }

    /// Swift name with labels (`awakeAfter(using:)`) or the Objective-C selector.
    public var name: String
    /// Objective-C selector (computed by Swift's rules for Swift methods).
    public var selector: String
    /// `static`/`class` func or Objective-C `+`.
    public var isTypeMethod: Bool
    public var isOverride: Bool
    public var lifecycle: Lifecycle?
    /// Names (Swift base names or Objective-C selectors) of methods called on `self`
    /// (explicitly or implicitly) in the body, in order of first call, unique.
    public var calledSelfMethods: [String]
    /// Does the body load a nib (directly)?
    public var loadsNib: Bool
    /// For `awakeAfter(using:)` / `awakeAfterUsingCoder:`: what the body does.
    public var awakeAfter: AwakeAfterSummary?
    /// `false` for an Objective-C declaration without a body (in `@interface`).
    public var hasBody: Bool
    public var location: SourceLocation
}
