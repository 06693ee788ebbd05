extension ProjectModel {
    /// The family of a project class: from its lineage when the project or the platform
    /// table knows it, otherwise from the Interface Builder elements that name it.
    public func family(of projectClass: ProjectClass) -> ClassFamily {
        let known = family(of: projectClass.runtimeName)
        // Undeclared, or declared below a superclass from a dependency: IB knows better.
        let lineageIsKnown = isLineageComplete(of: projectClass.runtimeName)
        if known != .other || (projectClass.type != nil && lineageIsKnown) || PlatformClasses.isKnown(projectClass.runtimeName) { return known }
        for reference in projectClass.interfaceBuilderReferences {
            let object = object(reference)
            if object.placeholder == nil { return Self.family(ofElement: object) }
        }
        return projectClass.runtimeName.hasSuffix("Controller") ? .viewController : (projectClass.filesOwners.isEmpty ? .other : .view)
    }

    /// What an element archives: `tableViewCell` is a cell, `viewController` a controller.
    static func family(ofElement object: IBObject) -> ClassFamily {
        let element = object.element
        if element.hasSuffix("ViewCell") || element == "collectionReusableView" || element == "tableCellView"
            || element == "tableViewHeaderFooterView" || element == "collectionViewItem" {
            return .cell
        }
        if element.lowercased().hasSuffix("controller"),
           !["arrayController", "objectController", "treeController", "dictionaryController", "userDefaultsController"].contains(element) {
            return .viewController
        }
        return object.isViewLike ? .view : .other
    }
}
