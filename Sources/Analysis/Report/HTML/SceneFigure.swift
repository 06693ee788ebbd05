/// The pictures of the HTML report, as inline SVG: every ``SceneDrawing`` once, as a
/// `<symbol>` of nested `<svg>` viewports (each clips its subviews, as Interface Builder's
/// canvas does), and for each finding one panel per drawing it names: a `<use>` of the
/// symbol with the named elements highlighted and labelled and their constraints drawn.
/// For the substitution hazards the placement's panel marks what the swap loses.
struct SceneFigure {
    let drawings: [SceneDrawing]
    /// Drawings by path, for matching finding locations.
    private let drawingsByPath: [String: [Int]]
    /// The most panels one finding shows.
    static let panelsPerFinding = 4
    /// The widest a panel is shown, in CSS pixels.
    static let panelWidth = 380
    /// The tallest a panel is shown, in CSS pixels.
    static let panelHeight = 520

    init(drawings: [SceneDrawing]) {
        self.drawings = drawings
        drawingsByPath = Dictionary(grouping: drawings.indices, by: { drawings[$0].path })
    }

    // MARK: Symbols

    /// One hidden `<svg>` holding every drawing as a symbol; empty without drawings.
    var definitions: String {
        guard !drawings.isEmpty else { return "" }
        return "<svg class=\"defs\" aria-hidden=\"true\" width=\"0\" height=\"0\"><defs>"
            + drawings.map(symbol).joined() + "</defs></svg>"
    }

    private func symbol(_ drawing: SceneDrawing) -> String {
        var children: [[Int]] = Array(repeating: [], count: drawing.views.count)
        for (index, view) in drawing.views.enumerated() {
            if let parent = view.parent, parent < index { children[parent].append(index) }
        }
        var svg = "<symbol id=\"\(drawing.id)\" viewBox=\"0 0 \(max(drawing.width, 1)) \(max(drawing.height, 1))\">"
        if !drawing.views.isEmpty { appendView(0, of: drawing, children: children, originX: 0, originY: 0, to: &svg) }
        return svg + "</symbol>"
    }

    /// A view as its own viewport at its place in the superview, then its subviews inside it.
    private func appendView(_ index: Int, of drawing: SceneDrawing, children: [[Int]], originX: Int, originY: Int, to svg: inout String) {
        let view = drawing.views[index]
        let width = max(view.width, 0)
        let height = max(view.height, 0)
        svg += "<svg x=\"\(view.x - originX)\" y=\"\(view.y - originY)\" width=\"\(width)\" height=\"\(height)\">"
        svg += "<rect class=\"v v-\(view.kind.rawValue)\" x=\"0.5\" y=\"0.5\" width=\"\(max(width - 1, 0))\" height=\"\(max(height - 1, 0))\""
            + (view.kind == .button ? " rx=\"4\"" : "") + "/>"
        if view.kind == .image {
            svg += "<path class=\"v-cross\" d=\"M0 0L\(width) \(height)M\(width) 0L0 \(height)\"/>"
        }
        if let text = view.text, !text.isEmpty {
            let centred = view.kind == .button
            let size = min(17, max(8, height * 6 / 10))
            svg += "<text class=\"t t-\(view.kind.rawValue)\" font-size=\"\(size)\" x=\"\(centred ? width / 2 : 4)\" y=\"\(height / 2)\""
                + (centred ? " text-anchor=\"middle\"" : "") + ">\(XMLText.content(text))</text>"
        }
        for child in children[index] {
            appendView(child, of: drawing, children: children, originX: view.x, originY: view.y, to: &svg)
        }
        svg += "</svg>"
    }

    // MARK: Panels

    /// The panels of `finding`: each drawing one of its locations names, with the named
    /// views and constraints; empty when none is drawn.
    func figure(for finding: Finding, rule: RuleDescription?, context: HTMLReportContext) -> String {
        var panels: [(drawing: Int, views: [Int], constraints: [Int], reasons: [String], isPlacement: Bool)] = []
        for (position, location) in finding.locations.enumerated() {
            for index in drawingsByPath[location.path] ?? [] {
                let drawing = drawings[index]
                guard let anchor = drawing.anchors.first(where: { $0.line == location.line && $0.column == (location.column ?? 0) }) else { continue }
                if let existing = panels.firstIndex(where: { $0.drawing == index }) {
                    panels[existing].views += anchor.views.filter { !panels[existing].views.contains($0) }
                    panels[existing].constraints += anchor.constraints.filter { !panels[existing].constraints.contains($0) }
                    panels[existing].reasons += anchor.reason.map { [$0] } ?? []
                } else if panels.count < Self.panelsPerFinding {
                    panels.append((index, anchor.views, anchor.constraints, anchor.reason.map { [$0] } ?? [], position == 0))
                }
            }
        }
        // The nib whose root replaces the placement, beside it, when the finding does not name it.
        for nib in context.report.swappedInNibs(of: finding, rules: context.options.rules) where panels.count < Self.panelsPerFinding {
            guard let index = drawingsByPath[nib]?.first(where: { drawings[$0].views.first?.name == finding.className }),
                  !panels.contains(where: { $0.drawing == index }) else { continue }
            panels.append((index, [0], [], [], false))
        }
        guard !panels.isEmpty else { return "" }
        let html = panels.map { panel in
            self.panel(drawings[panel.drawing], views: panel.views, constraints: panel.constraints, reasons: panel.reasons,
                       lost: panel.isPlacement ? rule?.lostInSwap : nil, context: context)
        }.joined()
        return "<figure class=\"scenes\">\(html)</figure>"
    }

    private func panel(_ drawing: SceneDrawing, views: [Int], constraints anchored: [Int], reasons: [String], lost: String?,
                       context: HTMLReportContext) -> String {
        let margin = 12
        let width = max(drawing.width, 1)
        let height = max(drawing.height, 1)
        let scale = min(Double(Self.panelWidth) / Double(width + 2 * margin), Double(Self.panelHeight) / Double(height + 2 * margin), 3)
        var svg = "<svg class=\"scene\" role=\"img\" viewBox=\"\(-margin) \(-margin) \(width + 2 * margin) \(height + 2 * margin)\""
            + " width=\"\(Int(Double(width + 2 * margin) * scale))\" height=\"\(Int(Double(height + 2 * margin) * scale))\">"
        svg += "<title>\(XMLText.content(drawing.title))</title><use href=\"#\(drawing.id)\" width=\"\(width)\" height=\"\(height)\"/>"
        let highlighted = Set(views)
        let constraintIndices = drawing.constraints.indices.filter { index in
            anchored.contains(index) || highlighted.contains(drawing.constraints[index].first)
                || drawing.constraints[index].second.map(highlighted.contains) == true
        }
        for index in constraintIndices { svg += line(for: drawing.constraints[index], in: drawing, anchored: anchored.contains(index)) }
        let markClass = lost == nil ? "hl" : "hl hl-lost"
        for index in views where drawing.views.indices.contains(index) {
            let view = drawing.views[index]
            svg += "<rect class=\"\(markClass)\" data-frame=\"\(view.x) \(view.y) \(view.width) \(view.height)\" x=\"\(view.x)\" y=\"\(view.y)\""
                + " width=\"\(max(view.width, 0))\" height=\"\(max(view.height, 0))\"><title>\(XMLText.content(view.name))</title></rect>"
            let label = lost.map { "\(view.name): \($0) lost in the swap" } ?? view.name
            // 12 CSS pixels whatever the panel's scale; above the box, or inside it at the top edge.
            let fontSize = 12 / scale
            let baseline = Double(view.y) - 3 / scale >= fontSize - Double(margin) ? Double(view.y) - 3 / scale : Double(view.y) + fontSize
            svg += "<text class=\"hl-label\" font-size=\"\(Self.number(fontSize))\" x=\"\(view.x)\" y=\"\(Self.number(baseline))\">\(XMLText.content(label))</text>"
        }
        svg += "</svg>"
        var caption = "<figcaption><span class=\"mono\">\(XMLText.content(context.options.pathMapping.map(drawing.path)))</span> · \(XMLText.content(drawing.title))"
        if let lost { caption += "<br><strong class=\"sev-error\">Lost in the swap: \(XMLText.content(lost))</strong>" }
        let listed = constraintIndices.prefix(8).map { "<li>\(XMLText.content(drawing.constraints[$0].label))</li>" }.joined()
        if !listed.isEmpty { caption += "<ul class=\"constraints\">\(listed)</ul>" }
        for reason in Set(reasons).sorted() { caption += "<br><span class=\"muted\">The named element is \(XMLText.content(reason)).</span>" }
        if let note = drawing.note { caption += "<br><span class=\"muted\">\(XMLText.content(note))</span>" }
        return "<div class=\"panel\">\(svg)\(caption)</figcaption></div>"
    }

    /// A constraint as a line between the edges it relates, or across its view for a size of its own.
    private func line(for constraint: DrawnConstraint, in drawing: SceneDrawing, anchored: Bool) -> String {
        guard drawing.views.indices.contains(constraint.first) else { return "" }
        let first = drawing.views[constraint.first]
        let second = constraint.second.flatMap { drawing.views.indices.contains($0) ? drawing.views[$0] : nil }
        let horizontal = Self.horizontal(constraint.firstAttribute)
        let points: (Double, Double, Double, Double)
        if let second, let secondAttribute = constraint.secondAttribute, Self.horizontal(secondAttribute) == horizontal {
            if horizontal {
                let y = Double(first.y) + Double(first.height) / 2
                points = (Self.edge(constraint.firstAttribute, of: first), y, Self.edge(secondAttribute, of: second), y)
            } else {
                let x = Double(first.x) + Double(first.width) / 2
                points = (x, Self.edge(constraint.firstAttribute, of: first), x, Self.edge(secondAttribute, of: second))
            }
        } else if horizontal {
            let y = Double(first.y + first.height) - 3
            points = (Double(first.x), y, Double(first.x + first.width), y)
        } else {
            let x = Double(first.x + first.width) - 3
            points = (x, Double(first.y), x, Double(first.y + first.height))
        }
        return "<line class=\"c\(anchored ? " c-named" : "")\" x1=\"\(Self.number(points.0))\" y1=\"\(Self.number(points.1))\""
            + " x2=\"\(Self.number(points.2))\" y2=\"\(Self.number(points.3))\"><title>\(XMLText.content(constraint.label))</title></line>"
    }

    /// Whether a layout attribute lies on the x axis.
    private static func horizontal(_ attribute: String) -> Bool {
        ["leading", "trailing", "left", "right", "centerX", "width", "leadingMargin", "trailingMargin", "leftMargin",
         "rightMargin", "centerXWithinMargins"].contains(attribute)
    }

    /// The coordinate of `attribute`'s edge or centre on `view`.
    private static func edge(_ attribute: String, of view: DrawnView) -> Double {
        let x = Double(view.x), y = Double(view.y), width = Double(view.width), height = Double(view.height)
        switch attribute {
        case "leading", "left", "leadingMargin", "leftMargin", "width": return x
        case "trailing", "right", "trailingMargin", "rightMargin": return x + width
        case "centerX", "centerXWithinMargins": return x + width / 2
        case "top", "topMargin", "height": return y
        case "bottom", "bottomMargin": return y + height
        case "firstBaseline": return y + height * 0.75
        case "lastBaseline": return y + height * 0.8
        default: return y + height / 2
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// How pictures look: wireframe boxes by kind, highlights, constraint lines.
    static let style = """
        .defs{position:absolute;width:0;height:0;overflow:hidden}
        .scenes{display:flex;flex-wrap:wrap;gap:16px;margin:8px 0}.panel{max-width:\(panelWidth)px}
        .panel figcaption{font-size:12px;color:var(--muted)}.panel ul.constraints{margin:2px 0;padding-left:16px}
        svg.scene{display:block;background:var(--panel);border-radius:6px;max-width:100%}
        .v{fill:var(--bg);stroke:var(--muted);stroke-width:1;vector-effect:non-scaling-stroke}
        .v-label{fill:none;stroke-dasharray:2 2}.v-button{fill:var(--panel);stroke:var(--info)}.v-image{fill:var(--panel)}
        .v-field{stroke:var(--fg)}.v-control{fill:var(--panel)}.v-container{stroke:var(--fg);fill:none}.v-cell{fill:none}
        .v-cross{stroke:var(--line);stroke-width:1;vector-effect:non-scaling-stroke}
        .t{fill:var(--fg);dominant-baseline:central}.t-button{fill:var(--info)}.t-field{fill:var(--muted)}
        .hl{fill:none;stroke:var(--accent);stroke-width:3;vector-effect:non-scaling-stroke}
        .hl-lost{stroke:var(--error);stroke-dasharray:6 3}
        .hl-label{font-weight:600;fill:var(--accent)}.hl-lost+.hl-label{fill:var(--error)}
        .c{stroke:var(--warning);stroke-width:2;vector-effect:non-scaling-stroke}.c-named{stroke:var(--error);stroke-dasharray:4 2}

        """
}
