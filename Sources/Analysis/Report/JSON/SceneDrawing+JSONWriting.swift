/// A drawing's JSON through `JSONByteWriter`, keys in ordinal order, nil fields omitted:
/// byte for byte its sorted-keys `Codable` encoding (see `Report+JSONWriting`).
extension SceneDrawing {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("anchors")
        writer.array(anchors) { $1.writeJSON(to: &$0) }
        writer.key("constraints")
        writer.array(constraints) { $1.writeJSON(to: &$0) }
        writer.field("height", height)
        writer.field("id", id)
        writer.field("note", note)
        writer.field("path", path)
        writer.field("title", title)
        writer.key("views")
        writer.array(views) { $1.writeJSON(to: &$0) }
        writer.field("width", width)
        writer.endObject()
    }
}

extension DrawnView {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("column", column)
        writer.field("height", height)
        writer.field("kind", kind.rawValue)
        writer.field("line", line)
        writer.field("name", name)
        writer.field("objectId", objectId)
        writer.field("parent", parent)
        writer.field("text", text)
        writer.field("width", width)
        writer.field("x", x)
        writer.field("y", y)
        writer.endObject()
    }
}

extension DrawnConstraint {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("column", column)
        writer.field("first", first)
        writer.field("firstAttribute", firstAttribute)
        writer.field("label", label)
        writer.field("line", line)
        writer.field("second", second)
        writer.field("secondAttribute", secondAttribute)
        writer.endObject()
    }
}

extension DrawingAnchor {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("column", column)
        writer.key("constraints")
        writer.array(constraints) { $0.number($1) }
        writer.field("line", line)
        writer.field("reason", reason)
        writer.key("views")
        writer.array(views) { $0.number($1) }
        writer.endObject()
    }
}
