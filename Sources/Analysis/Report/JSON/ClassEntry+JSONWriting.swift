/// A class entry's JSON through `JSONByteWriter`, keys in ordinal order, nil fields
/// omitted: byte for byte its sorted-keys `Codable` encoding (see `Report+JSONWriting`).
extension ClassEntry {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        if let declared {
            writer.key("declared")
            writer.beginObject()
            writer.key("line")
            writer.integer(declared.line)
            writer.key("path")
            writer.string(declared.path)
            writer.endObject()
        }
        writer.key("language")
        writer.string(language.rawValue)
        if let module {
            writer.key("module")
            writer.string(module)
        }
        writer.key("name")
        writer.string(name)
        writer.key("nibs")
        writer.array(nibs) { $1.writeJSON(to: &$0) }
        if let objcName {
            writer.key("objcName")
            writer.string(objcName)
        }
        writer.key("placements")
        writer.array(placements) { $1.writeJSON(to: &$0) }
        writer.key("strategies")
        writer.array(strategies) { $1.writeJSON(to: &$0) }
        if let superclass {
            writer.key("superclass")
            writer.string(superclass)
        }
        writer.endObject()
    }
}

extension ClassEntry.NibReference {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("path")
        writer.string(path)
        writer.key("role")
        writer.string(role.rawValue)
        writer.endObject()
    }
}

extension ClassEntry.Placement {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("line")
        writer.integer(line)
        writer.key("objectId")
        writer.string(objectId)
        writer.key("ownConstraints")
        writer.integer(ownConstraints)
        writer.key("path")
        writer.string(path)
        writer.key("subviews")
        writer.integer(subviews)
        writer.endObject()
    }
}

extension ClassEntry.Strategy {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("evidence")
        writer.array(evidence) { writer, evidence in
            writer.beginObject()
            writer.key("line")
            writer.integer(evidence.line)
            writer.key("note")
            writer.string(evidence.note)
            writer.key("path")
            writer.string(evidence.path)
            writer.endObject()
        }
        writer.key("id")
        writer.string(id)
        if let variant {
            writer.key("variant")
            writer.string(variant)
        }
        writer.endObject()
    }
}
