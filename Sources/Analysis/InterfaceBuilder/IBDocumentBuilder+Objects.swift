import CLibXML2

/// Objects: every element with an `id` in the object tree, and the children that describe
/// their object (frame, autoresizing mask, colours, accessibility).
extension IBDocumentBuilder {
    /// Reads the element when it describes its parent object (frame, mask, colour,
    /// accessibility); `false` when it is something else.
    mutating func readObjectDetail(_ node: XMLStartElement, name: IBName?, owner: Int, context: inout IBElementContext) -> Bool {
        switch name {
        case .rect:
            var key: String?
            var x = 0.0, y = 0.0, width = 0.0, height = 0.0
            reader.attributes(of: node) { name, value in
                switch name {
                case .key: key = value.string
                case .x: x = value.double ?? 0
                case .y: y = value.double ?? 0
                case .width: width = value.double ?? 0
                case .height: height = value.double ?? 0
                default: break
                }
            }
            guard key == "frame" else { return false }
            objects[owner].frame = IBRect(x: x, y: y, width: width, height: height)
            return true
        case .autoresizingMask:
            var mask = IBAutoresizingMask()
            var isAutoresizingMask = false
            reader.attributes(of: node) { name, value in
                if name == .key { isAutoresizingMask = value.string == "autoresizingMask" }
                if value.isYes, let flag = IBAutoresizingMask(attribute: name) { mask.insert(flag) }
            }
            guard isAutoresizingMask else { return false }
            objects[owner].autoresizingMask = mask
            return true
        case .color:
            var key: String?
            reader.attributes(of: node) { name, value in if name == .key { key = value.string } }
            guard let key else { return false }
            objects[owner].attributes.colorKeys.append(key)
            return true
        case .state:
            var isNormal = false
            var title: String?
            var image: String?
            reader.attributes(of: node) { name, value in
                switch name {
                case .key: isNormal = value.string == "normal"
                case .title: title = value.string
                case .image: image = value.string
                default: break
                }
            }
            guard isNormal else { return false }
            if objects[owner].text == nil { objects[owner].text = title }
            if objects[owner].imageName == nil { objects[owner].imageName = image }
            return true
        case .accessibility:
            var accessibility = objects[owner].attributes.accessibility ?? IBAccessibility()
            reader.attributes(of: node) { name, value in
                switch name {
                case .label: accessibility.label = value.string
                case .identifier: accessibility.identifier = value.string
                case .hint: accessibility.hint = value.string
                case .isElement: accessibility.isElement = value.bool
                default: break
                }
            }
            objects[owner].attributes.accessibility = accessibility
            context.accessibilityOwner = owner
            return true
        default:
            return false
        }
    }

    /// `<bool key="isElement" value="…"/>` inside an object's `<accessibility>`.
    mutating func readAccessibilityFlag(_ node: XMLStartElement, owner: Int) {
        var isElementKey = false
        var flag: Bool?
        reader.attributes(of: node) { name, value in
            if name == .key { isElementKey = value.string == "isElement" }
            if name == .value { flag = value.bool }
        }
        if isElementKey {
            objects[owner].attributes.accessibility?.isElement = flag
        }
    }

    /// Adds the element as an object when it has an `id`, linking it to its parent, its
    /// parent's subviews, the top level and its scene; returns its index.
    mutating func addObject(_ node: XMLStartElement, name: IBName?, parent: IBElementContext, location: IBLocation) -> Int? {
        guard reader.hasIDAttribute(node) else { return nil }
        var object = IBObject(index: objects.count, element: elementName(node), id: "", location: location,
                              parent: parent.enclosingObject, scene: parent.scene)
        var hasID = false
        var placeholderIdentifier: String?
        var reference: IBStoryboardReference?
        if name == .viewControllerPlaceholder || name == .controllerPlaceholder { reference = IBStoryboardReference(object: object.index) }
        reader.attributes(of: node) { name, value in
            switch name {
            case .id: object.id = value.string; hasID = true
            case .key: object.key = value.string
            case .customClass: object.customClass = value.string
            case .customModule: object.customModule = value.string
            case .customModuleProvider: object.customModuleProvider = value.string
            case .userLabel: object.userLabel = value.string
            case .placeholderIdentifier: placeholderIdentifier = value.string
            case .sceneMemberID: object.sceneMemberID = value.string
            case .storyboardIdentifier: object.storyboardIdentifier = value.string
            case .reuseIdentifier: object.reuseIdentifier = value.string
            case .translatesAutoresizingMaskIntoConstraints: object.translatesAutoresizingMaskIntoConstraints = value.bool
            case .misplaced: object.misplaced = value.isYes
            case .ambiguous: object.ambiguous = value.isYes
            case .verifyAmbiguity: object.verifyAmbiguity = value.string
            case .hidden: object.attributes.hidden = value.bool
            case .alpha: object.attributes.alpha = value.double
            case .tag: object.attributes.tag = value.int
            case .clipsSubviews: object.attributes.clipsSubviews = value.bool
            case .userInteractionEnabled: object.attributes.userInteractionEnabled = value.bool
            case .enabled: object.attributes.enabled = value.bool
            case .contentMode: object.attributes.contentMode = value.string
            case .axis, .orientation: object.layout.isVerticalStack = value.string == "vertical"
            case .distribution:
                object.layout.distribution = value.string
                object.layout.fillsEqually = value.string == "fillEqually"
            case .alignment: object.layout.alignment = value.string
            case .style: object.layout.isSpinning = value.string == "spinning"
            case .textLabel, .detailTextLabel, .imageView: object.layout.builtInSubviews.append(value.string)
            case .rowHeight: object.layout.rowHeight = value.double
            case .text: object.text = value.string
            case .title, .placeholder: if object.text == nil { object.text = value.string }
            case .image: object.imageName = value.string
            case .storyboardName: reference?.storyboardName = value.string
            case .referencedIdentifier: reference?.referencedIdentifier = value.string
            case .bundleIdentifier: reference?.bundleIdentifier = value.string
            default: break
            }
        }
        guard hasID else { return nil }
        object.placeholder = IBPlaceholderRole(element: name, id: object.id, placeholderIdentifier: placeholderIdentifier, sceneMemberID: object.sceneMemberID)
        let index = object.index
        objects.append(object)
        if let reference { storyboardReferences.append(reference) }
        if let owner = parent.enclosingObject {
            objects[owner].children.append(index)
            if parent.name == .subviews { objects[owner].subviews.append(index) }
        }
        if parent.name == .objects {
            topLevelObjects.append(index)
            if let scene = parent.scene { scenes[scene].objects.append(index) }
        }
        return index
    }
}
