/// A wireframe of one Interface Builder scene or top-level view, drawn from the frames in
/// the file: what the HTML report shows beside the findings that name its elements, so a
/// reader sees the canvas without a Mac. Only the scenes that findings name are drawn.
///
/// Coordinates are whole points from the top left of the drawing's root view (Cocoa's
/// bottom-up frames are turned over). It is not part of the JSON report format: the
/// analysis makes drawings when an HTML report is asked for, and the server keeps them in
/// its stored report.
public struct SceneDrawing: Codable, Sendable, Equatable {
    /// Unique within the report (`d1`, `d2`…): pictures of one drawing reference it.
    public var id: String
    /// The Interface Builder file.
    public var path: String
    /// What the drawing shows: the scene's controller or the root view's class, and its line.
    public var title: String
    public var width: Int
    public var height: Int
    /// The root first, every view after its superview.
    public var views: [DrawnView]
    /// The constraints of the views findings name.
    public var constraints: [DrawnConstraint]
    /// The finding locations in this file that name elements of the drawing.
    public var anchors: [DrawingAnchor]
    /// What was left out and why (frames missing or unusable, nesting too deep, too many
    /// views); absent when everything was drawn.
    public var note: String?

    public init(id: String, path: String, title: String, width: Int, height: Int, views: [DrawnView],
                constraints: [DrawnConstraint] = [], anchors: [DrawingAnchor] = [], note: String? = nil) {
        self.id = id
        self.path = path
        self.title = title
        self.width = width
        self.height = height
        self.views = views
        self.constraints = constraints
        self.anchors = anchors
        self.note = note
    }
}

/// One view of a ``SceneDrawing``: its box, kind and text.
public struct DrawnView: Codable, Sendable, Equatable {
    /// How the view is drawn.
    public enum Kind: String, Codable, Sendable {
        case view, label, button, image, field, control, container, cell
    }

    /// Where the element starts in the file.
    public var line: Int
    public var column: Int
    public var objectId: String
    public var kind: Kind
    /// The custom class, else the element (`view`, `label`…).
    public var name: String
    /// The text Interface Builder shows on it, cut to a few dozen characters.
    public var text: String?
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The drawn superview, which clips it as Interface Builder's canvas does; absent for the root.
    public var parent: Int?

    public init(line: Int, column: Int, objectId: String, kind: Kind, name: String, text: String? = nil,
                x: Int, y: Int, width: Int, height: Int, parent: Int? = nil) {
        self.line = line
        self.column = column
        self.objectId = objectId
        self.kind = kind
        self.name = name
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.parent = parent
    }
}

/// A constraint between drawn views: drawn as a line between the edges it relates, or
/// across the view for a width or height of its own.
public struct DrawnConstraint: Codable, Sendable, Equatable {
    public var line: Int
    public var column: Int
    /// The view of `firstItem` (an index into ``SceneDrawing/views``).
    public var first: Int
    public var firstAttribute: String
    /// The view of `secondItem`; absent for a constant size or an item that is not drawn.
    public var second: Int?
    public var secondAttribute: String?
    /// `leading = superview.leading + 16`, as a label.
    public var label: String

    public init(line: Int, column: Int, first: Int, firstAttribute: String, second: Int? = nil,
                secondAttribute: String? = nil, label: String) {
        self.line = line
        self.column = column
        self.first = first
        self.firstAttribute = firstAttribute
        self.second = second
        self.secondAttribute = secondAttribute
        self.label = label
    }
}

/// A finding location (line and column of the file) and the views and constraints it
/// names in a drawing: the element itself, both ends of a connection, a constraint and
/// its items. `views` is empty when the element is not drawn (then `reason` says why).
public struct DrawingAnchor: Codable, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var views: [Int]
    public var constraints: [Int]
    public var reason: String?

    public init(line: Int, column: Int, views: [Int] = [], constraints: [Int] = [], reason: String? = nil) {
        self.line = line
        self.column = column
        self.views = views
        self.constraints = constraints
        self.reason = reason
    }
}
