/// The report's JSON written field by field through `JSONByteWriter`: the same bytes as its
/// `Codable` encoding with sorted keys, without building an intermediate value tree. Keys
/// appear here in ordinal order (the order `.sortedKeys` uses) and optional fields are
/// omitted when nil, as `Codable` does; `ReportJSONWriterTests` holds the two together.
extension Report {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        if let baseline {
            writer.key("baseline")
            baseline.writeJSON(to: &writer)
        }
        writer.key("classes")
        writer.array(classes) { $1.writeJSON(to: &$0) }
        writer.key("files")
        writer.array(files) { $1.writeJSON(to: &$0) }
        writer.key("findings")
        writer.array(findings) { $1.writeJSON(to: &$0) }
        if let notes {
            writer.key("notes")
            writer.array(notes) { $0.string($1) }
        }
        writer.key("project")
        project.writeJSON(to: &writer)
        writer.key("schemaVersion")
        writer.integer(schemaVersion)
        writer.key("summary")
        summary.writeJSON(to: &writer)
        writer.key("tool")
        tool.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension Report.Tool {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("name")
        writer.string(name)
        writer.key("version")
        writer.string(version)
        writer.endObject()
    }
}

extension Report.Project {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("bytes")
        writer.integer(bytes)
        writer.key("files")
        writer.integer(files)
        writer.key("name")
        writer.string(name)
        writer.endObject()
    }
}

extension Report.Summary {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("classes")
        writer.integer(classes)
        writer.key("durationMs")
        writer.integer(durationMs)
        writer.key("errors")
        writer.integer(errors)
        writer.key("infos")
        writer.integer(infos)
        writer.key("nibs")
        writer.integer(nibs)
        writer.key("storyboards")
        writer.integer(storyboards)
        writer.key("warnings")
        writer.integer(warnings)
        writer.endObject()
    }
}

extension BaselineComparison {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("fixed")
        writer.array(fixed) { $1.writeJSON(to: &$0) }
        writer.key("new")
        writer.integer(new)
        if let reference {
            writer.key("reference")
            writer.string(reference)
        }
        writer.key("unchanged")
        writer.integer(unchanged)
        writer.endObject()
    }
}

extension FileEntry {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(kind.rawValue)
        writer.key("path")
        writer.string(path)
        if let reason {
            writer.key("reason")
            writer.string(reason)
        }
        writer.key("status")
        writer.string(status.rawValue)
        writer.endObject()
    }
}

extension SourceLocation {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        if let column {
            writer.key("column")
            writer.integer(column)
        }
        writer.key("line")
        writer.integer(line)
        writer.key("path")
        writer.string(path)
        writer.endObject()
    }
}

extension Finding {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        if let baseline {
            writer.key("baseline")
            writer.string(baseline.rawValue)
        }
        if let className {
            writer.key("class")
            writer.string(className)
        }
        writer.key("fingerprint")
        writer.string(fingerprint)
        writer.key("fix")
        writer.string(fix)
        writer.key("locations")
        writer.array(locations) { $1.writeJSON(to: &$0) }
        writer.key("message")
        writer.string(message)
        writer.key("rule")
        writer.string(rule)
        if let seed {
            writer.key("seed")
            writer.string(seed)
        }
        writer.key("severity")
        writer.string(severity.rawValue)
        writer.endObject()
    }
}
