/// The report's JSON written field by field through `JSONByteWriter`: the same bytes as its
/// `Codable` encoding with sorted keys, without building an intermediate value tree. Keys
/// appear here in ordinal order (the order `.sortedKeys` uses) and optional fields are
/// omitted when nil, as `Codable` does; `ReportJSONWriterTests` holds the two together.
extension Report {
    func writeJSON(to writer: inout JSONByteWriter, includingDrawings: Bool) {
        writer.beginObject()
        if let baseline {
            writer.key("baseline")
            baseline.writeJSON(to: &writer)
        }
        writer.key("classes")
        writer.array(classes) { $1.writeJSON(to: &$0) }
        if includingDrawings, let drawings {
            writer.key("drawings")
            writer.array(drawings) { $1.writeJSON(to: &$0) }
        }
        writer.key("files")
        writer.array(files) { $1.writeJSON(to: &$0) }
        writer.key("findings")
        writer.array(findings) { $1.writeJSON(to: &$0) }
        if let notes {
            writer.key("notes")
            writer.array(notes) { $0.string($1) }
        }
        writer.field("patch", patch)
        writer.key("project")
        project.writeJSON(to: &writer)
        writer.field("schemaVersion", schemaVersion)
        writer.key("summary")
        summary.writeJSON(to: &writer)
        if let suppressed {
            writer.key("suppressed")
            writer.array(suppressed) { $1.writeJSON(to: &$0) }
        }
        if let targets {
            writer.key("targets")
            writer.array(targets) { $1.writeJSON(to: &$0) }
        }
        writer.key("tool")
        tool.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension Report.Tool {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("version", version)
        writer.endObject()
    }
}

extension Report.Project {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("bytes", bytes)
        writer.field("files", files)
        writer.field("name", name)
        writer.endObject()
    }
}

extension Report.Summary {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("classes", classes)
        writer.field("durationMs", durationMs)
        writer.field("errors", errors)
        writer.field("infos", infos)
        writer.field("nibs", nibs)
        writer.field("storyboards", storyboards)
        writer.field("suppressed", suppressed)
        writer.field("warnings", warnings)
        writer.endObject()
    }
}

extension BaselineComparison {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("fixed")
        writer.array(fixed) { $1.writeJSON(to: &$0) }
        writer.field("new", new)
        writer.field("reference", reference)
        writer.field("unchanged", unchanged)
        writer.endObject()
    }
}

extension FileEntry {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("kind", kind.rawValue)
        writer.field("path", path)
        writer.field("reason", reason)
        writer.field("status", status.rawValue)
        if let targets {
            writer.key("targets")
            writer.array(targets) { $0.string($1) }
        }
        writer.endObject()
    }
}

extension TargetEntry {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("container", container)
        writer.field("kind", kind)
        writer.field("module", module)
        writer.field("name", name)
        writer.key("platforms")
        writer.array(platforms) { $0.string($1) }
        writer.field("resources", resources)
        writer.field("sources", sources)
        writer.field("swiftVersion", swiftVersion)
        writer.endObject()
    }
}

extension SourceLocation {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("column", column)
        writer.field("line", line)
        writer.field("path", path)
        writer.endObject()
    }
}

extension Finding {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("baseline", baseline?.rawValue)
        writer.field("class", className)
        writer.field("confidence", confidence?.rawValue)
        if let evidence {
            writer.key("evidence")
            writer.array(evidence) { $1.writeJSON(to: &$0) }
        }
        writer.field("fingerprint", fingerprint)
        writer.field("fix", fix)
        writer.key("locations")
        writer.array(locations) { $1.writeJSON(to: &$0) }
        writer.field("message", message)
        if let patch {
            writer.key("patch")
            patch.writeJSON(to: &writer)
        }
        writer.field("rule", rule)
        writer.field("seed", seed)
        writer.field("severity", severity.rawValue)
        if let suppression {
            writer.key("suppression")
            suppression.writeJSON(to: &writer)
        }
        writer.endObject()
    }
}

extension Evidence {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("basis", basis.rawValue)
        writer.field("ceiling", ceiling?.rawValue)
        writer.field("fact", fact)
        writer.field("reason", reason)
        writer.endObject()
    }
}

extension Suppression {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("kind", kind.rawValue)
        writer.key("location")
        location.writeJSON(to: &writer)
        writer.field("reason", reason)
        writer.endObject()
    }
}

extension FindingPatch {
    func writeJSON(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.field("diff", diff)
        writer.key("replacements")
        writer.array(replacements) { writer, replacement in
            writer.beginObject()
            writer.field("endColumn", replacement.endColumn)
            writer.field("endLine", replacement.endLine)
            writer.field("line", replacement.line)
            writer.field("path", replacement.path)
            writer.field("startColumn", replacement.startColumn)
            writer.field("text", replacement.text)
            writer.endObject()
        }
        writer.field("summary", summary)
        writer.endObject()
    }
}
