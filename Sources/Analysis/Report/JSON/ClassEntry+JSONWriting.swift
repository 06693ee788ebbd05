/// A class entry's JSON through `JSONByteWriter`, keys in ordinal order, nil fields
/// omitted: byte for byte its sorted-keys `Codable` encoding (see `Report+JSONWriting`).
extension ClassEntry {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        if let declared {
            writer.key("declared")
            writer.beginObject()
            writer.field("line", declared.line)
            writer.field("path", declared.path)
            writer.endObject()
        }
        writer.field("language", language.rawValue)
        writer.field("module", module)
        writer.field("name", name)
        writer.key("nibs")
        writer.array(nibs) { $1.writeJSON(to: &$0) }
        writer.field("objcName", objcName)
        writer.key("placements")
        writer.array(placements) { $1.writeJSON(to: &$0) }
        writer.key("strategies")
        writer.array(strategies) { $1.writeJSON(to: &$0) }
        writer.field("superclass", superclass)
        writer.endObject()
    }
}

extension ClassEntry.NibReference {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("path", path)
        writer.field("role", role.rawValue)
        writer.endObject()
    }
}

extension ClassEntry.Placement {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("line", line)
        writer.field("objectId", objectId)
        writer.field("ownConstraints", ownConstraints)
        writer.field("path", path)
        writer.field("subviews", subviews)
        writer.endObject()
    }
}

extension ClassEntry.Strategy {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("evidence")
        writer.array(evidence) { writer, evidence in
            writer.beginObject()
            writer.field("line", evidence.line)
            writer.field("note", evidence.note)
            writer.field("path", evidence.path)
            writer.endObject()
        }
        writer.field("id", id)
        writer.field("variant", variant)
        writer.endObject()
    }
}
