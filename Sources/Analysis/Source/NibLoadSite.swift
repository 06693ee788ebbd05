/// One place in code that loads (or names for later loading) a nib, per ANALYSIS.md §2,
/// with what it loads, who owns it and what happens to the result.
public struct NibLoadSite: Sendable, Equatable, Codable {
    /// The UIKit/AppKit/Reusable API the call goes through.
    public enum API: String, Codable, Sendable {
        /// `Bundle.loadNibNamed(_:owner:options:)` / `-[NSBundle loadNibNamed:owner:options:]`,
        /// AppKit's `loadNibNamed(_:owner:topLevelObjects:)` (the use is read from the objects).
        case bundleLoadNibNamed = "bundle-load-nib-named"
        /// `UINib(nibName:bundle:)` / `+[UINib nibWithNibName:bundle:]`, AppKit's
        /// `NSNib(nibNamed:bundle:)` / `-[NSNib initWithNibNamed:bundle:]` (+ `instantiate`,
        /// chained or through the variable holding the nib).
        case uiNib = "ui-nib"
        /// `UIViewController(nibName:bundle:)`, `super.init(nibName:bundle:)`, `initWithNibName:bundle:`;
        /// AppKit's `NSWindowController(windowNibName:)`, `initWithWindowNibName:`.
        case viewControllerNibName = "view-controller-nib-name"
        /// `register(UINib…, forCellReuseIdentifier:)` and collection/header-footer variants.
        case registerNib = "register-nib"
        /// Reusable `NibLoadable.loadFromNib()`.
        case nibLoadable = "nib-loadable"
        /// Reusable `NibOwnerLoadable.loadNibContent()`.
        case nibOwnerLoadable = "nib-owner-loadable"
        /// A project-local helper that wraps one of the above, seen at its caller.
        case projectHelper = "project-helper"
    }

    /// Who owns the loaded nib (`owner:` argument).
    public enum Owner: Sendable, Equatable, Codable {
        case none
        case selfObject
        case expression(String)
        /// The API takes no owner here (e.g. `UINib(nibName:)` never instantiated, register).
        case notApplicable
    }

    /// What the caller does with the returned top-level objects.
    public enum ResultUse: String, Codable, Sendable {
        case first, last
        /// `objectAtIndex:n` / `[n]` with n > 0.
        case indexed
        /// A loop, `first(where:)`, `compactMap`, `filter` that looks for an object of a type.
        case searchByType = "search-by-type"
        /// The result is discarded (owner-style loading).
        case ignored
        /// Assigned, returned or passed on as the whole array/nib.
        case whole
    }

    /// A cast applied to the loaded object.
    public struct Cast: Sendable, Equatable, Codable {
        /// `as!`, `as?`, or a declared type (`let v: T = …`, `as T?`, `T *v = …`).
        public enum Kind: String, Codable, Sendable { case forced, conditional, declaredType = "declared-type" }
        public var kind: Kind
        public var typeName: String

        public init(kind: Kind, typeName: String) {
            self.kind = kind
            self.typeName = typeName
        }
    }

    public var location: SourceLocation
    public var language: SourceLanguage
    public var context: SourceContext
    public var api: API
    public var nibName: NibNameExpression
    public var owner: Owner
    public var resultUse: ResultUse
    /// Index used by `objectAtIndex:n` / `[n]` (0 for `.first`/`firstObject`).
    public var resultIndex: Int?
    public var cast: Cast?
    /// Reuse identifier of a `register(UINib…)` call, when literal.
    public var reuseIdentifier: String?
    /// For `.registerNib`: the kind of reusable view the selector registers
    /// (`forCellReuseIdentifier:` a table cell, `forCellWithReuseIdentifier:` a collection
    /// cell, `forHeaderFooterViewReuseIdentifier:`, `forSupplementaryViewOfKind:`), whatever
    /// the identifier expression.
    public var reusable: LiteralCallSite.Reusable? = nil
    /// For `.projectHelper`: the helper called (`tra_loadViewFromNibNamed:`) and the
    /// location of the load inside it.
    public var helper: String?
    public var helperLoad: SourceLocation?
    /// For a call through a type (`MyCustomView.loadFromNib()`, `[MyCustomView loadFromNib]`),
    /// the receiver class.
    public var receiverType: String?
}

/// The nib-name argument of a load, as written and as resolved.
public struct NibNameExpression: Sendable, Equatable, Codable {
    /// How the name was determined.
    public enum Resolution: Sendable, Equatable, Codable {
        case literal(String)
        /// `NSStringFromClass([self class])`, `String(describing: type(of: self))`, …
        case enclosingClass
        /// `NSStringFromClass([self superclass])`.
        case superclass
        /// `String(describing: X.self)`, `NSStringFromClass([X class])`.
        case namedClass(String)
        /// `Self` / `self` inside an extension of protocol `P`: each conforming type.
        case conformingTypes(protocolName: String)
        case dynamic
    }

    /// How a name made from a class is spelled at runtime.
    public enum ClassNameSpelling: String, Codable, Sendable {
        /// The bare type name: `String(describing:)`, `"\(Self.self)"`, a literal, or a
        /// qualified name with its module cut off (`.components(separatedBy: ".").last`).
        case bare
        /// `NSStringFromClass`: a Swift class's `@objc(Name)`, else `Module.Class`.
        case objcRuntimeName = "objc-runtime-name"
        /// `String(reflecting:)`: always `Module.Class` (`Module.Outer.Inner`).
        case reflecting
    }

    /// The argument's source text (whitespace collapsed).
    public var expression: String
    public var resolution: Resolution
    /// The concrete nib names after resolution against the whole index (enclosing class,
    /// its superclass, each conforming type); empty when `dynamic`.
    public var candidates: [String]
    public var spelling: ClassNameSpelling = .bare
    /// The name carries the Swift module at runtime (`MyApp.CardView`: `NSStringFromClass` of
    /// a project Swift class without `@objc(Name)`, or `String(reflecting:)`), so no nib named
    /// after the class is found; `candidates` hold the bare names. Set when the project is merged.
    public var carriesModulePrefix = false
    /// A dynamic name made from a class chosen at run time (`NSStringFromClass(cellClass)`,
    /// a cell class looked up in a registry): the loader loads the nib named after that class.
    public var namesRuntimeClass = false

    /// `Self` in a protocol extension: the name stands for every conforming class at once,
    /// and for one of them only where a caller says which.
    public var isNamedAfterEachConformer: Bool {
        if case .conformingTypes = resolution { return true }
        return false
    }
}
