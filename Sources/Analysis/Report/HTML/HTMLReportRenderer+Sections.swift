/// The findings, grouped by file with their pictures, and the inventory of classes.
extension HTMLReportRenderer {
    func findingsSection(_ context: HTMLReportContext, figures: SceneFigure) -> String {
        let report = context.report
        var html = "<section id=\"findings\"><h2>Findings</h2>"
        if report.findings.isEmpty { html += "<p>No findings.</p>" }
        html += figures.definitions
        html += groups(of: report.findings.inAttentionOrder, context: context, figures: figures)
        if let suppressed = report.suppressed, !suppressed.isEmpty {
            html += "<details><summary>Suppressed (\(suppressed.count))</summary>"
                + groups(of: suppressed, context: context, figures: figures) + "</details>"
        }
        if let fixed = report.baseline?.fixed, !fixed.isEmpty {
            html += "<details><summary>Fixed since the baseline (\(fixed.count))</summary>"
                + fixed.map { "<p>\(severityBadge($0.severity)) <span class=\"rule\">\(XMLText.content($0.rule))</span>: \(XMLText.content($0.message))</p>" }.joined()
                + "</details>"
        }
        return html + "</section>"
    }

    /// Findings grouped by the file of their primary location, files in path order.
    private func groups(of findings: [Finding], context: HTMLReportContext, figures: SceneFigure) -> String {
        var order: [String] = []
        var byFile: [String: [Finding]] = [:]
        for finding in findings {
            let path = context.report.primaryLocation(of: finding)?.path ?? ""
            if byFile[path] == nil { order.append(path) }
            byFile[path, default: []].append(finding)
        }
        return order.sorted().map { path in
            let title = path.isEmpty ? "The project" : context.options.pathMapping.map(path)
            return "<section class=\"file\"><h3 class=\"mono\">\(XMLText.content(title))</h3>"
                + (byFile[path] ?? []).map { entry(for: $0, context: context, figures: figures) }.joined() + "</section>"
        }.joined()
    }

    private func entry(for finding: Finding, context: HTMLReportContext, figures: SceneFigure) -> String {
        let strategies = finding.className.flatMap { context.strategiesByClass[$0] } ?? []
        var html = "<article class=\"finding finding-\(finding.severity.rawValue)\""
            + HTMLFilters.attributes(severities: [finding.severity], rules: [finding.rule], strategies: strategies) + ">"
        html += "<p>\(severityBadge(finding.severity)) <span class=\"rule\">\(XMLText.content(finding.rule))</span>"
        if let className = finding.className { html += " <code>\(XMLText.content(className))</code>" }
        if finding.baseline == .new { html += " <span class=\"sev-warning\">new</span>" }
        html += "</p><p>\(XMLText.content(finding.message))</p>"
        if !finding.fix.isEmpty { html += "<p class=\"fix\">Fix: \(XMLText.content(finding.fix))</p>" }
        let rule = context.options.rules.first { $0.id == finding.rule }
        html += figures.figure(for: finding, rule: rule, context: context)
        if !finding.locations.isEmpty {
            html += "<ul class=\"locations\">" + finding.locations.prefix(20).map { "<li>\(context.link($0.path, line: $0.line))</li>" }.joined()
            if finding.locations.count > 20 { html += "<li class=\"muted\">…and \(finding.locations.count - 20) more</li>" }
            html += "</ul>"
        }
        if let evidence = finding.evidence, !evidence.isEmpty {
            html += "<details class=\"evidence\"><summary>\(finding.confidence == .assumed ? "Assumed: what the finding rests on" : "What the finding rests on")</summary><ul>"
            html += evidence.map { fact in
                "<li class=\"\(fact.basis.rawValue)\">\(XMLText.content(fact.fact))"
                    + (fact.reason.map { " <span class=\"muted\">(\(fact.basis.rawValue): \(XMLText.content($0)))</span>" } ?? "") + "</li>"
            }.joined() + "</ul></details>"
        }
        if let suppression = finding.suppression {
            html += "<p class=\"muted\">Suppressed at \(context.link(suppression.location.path, line: suppression.location.line))"
                + (suppression.reason.map { ": \(XMLText.content($0))" } ?? "") + "</p>"
        }
        if let patch = finding.patch {
            let diff = PatchReportRenderer.mappingPaths(of: patch.diff, options: context.options)
            html += "<details><summary>Repair (checked; <code>nibscan fix</code> applies it): \(XMLText.content(patch.summary))</summary>"
                + "<pre>\(XMLText.content(diff))</pre></details>"
        }
        return html + "</article>"
    }

    func severityBadge(_ severity: Severity) -> String {
        "<span class=\"sev sev-\(severity.rawValue)\">\(severity.rawValue)</span>"
    }

    // MARK: Classes

    func classesSection(_ context: HTMLReportContext) -> String {
        let classes = context.report.classes
        var html = "<section id=\"classes\"><h2>Custom classes (\(classes.count))</h2>"
        guard !classes.isEmpty else { return html + "<p>No custom view, cell or controller classes.</p></section>" }
        html += "<table class=\"inventory\"><thead><tr><th>Class</th><th>Strategies and evidence</th><th>Nibs</th><th>Placements</th><th>Findings</th></tr></thead><tbody>"
        for entry in classes {
            let severities = context.severitiesByClass[entry.name] ?? []
            let rules = context.rulesByClass[entry.name] ?? []
            html += "<tr" + HTMLFilters.attributes(severities: severities, rules: rules, strategies: entry.strategies.map(\.id)) + ">"
            html += "<td><code>\(XMLText.content(entry.name))</code><br><span class=\"muted\">\(entry.language.rawValue)"
            if let superclass = entry.superclass { html += " : \(XMLText.content(superclass))" }
            html += "</span>"
            if let declared = entry.declared { html += "<br>\(context.link(declared.path, line: declared.line))" }
            html += "</td><td>" + entry.strategies.map { strategy in
                let name = strategy.id + (strategy.variant.map { " (\($0))" } ?? "")
                return "<details><summary><span class=\"strategy\">\(XMLText.content(name))</span></summary><ul>"
                    + strategy.evidence.prefix(12).map { "<li>\(XMLText.content($0.note)) \(context.link($0.path, line: $0.line))</li>" }.joined()
                    + "</ul></details>"
            }.joined() + "</td>"
            html += "<td>" + entry.nibs.prefix(12).map { "<span class=\"mono\">\(XMLText.content(context.options.pathMapping.map($0.path)))</span> <span class=\"muted\">\($0.role.rawValue)</span>" }.joined(separator: "<br>") + "</td>"
            html += "<td>" + entry.placements.prefix(12).map { context.link($0.path, line: $0.line) }.joined(separator: "<br>")
            if entry.placements.count > 12 { html += "<br><span class=\"muted\">…and \(entry.placements.count - 12) more</span>" }
            html += "</td><td>" + [Severity.error, .warning, .info].filter(severities.contains).map(severityBadge).joined(separator: " ") + "</td></tr>"
        }
        return html + "</tbody></table></section>"
    }
}
