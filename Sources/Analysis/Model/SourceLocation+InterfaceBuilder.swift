extension SourceLocation {
    /// The report location of an element of an Interface Builder document.
    init(_ document: IBDocument, _ location: IBLocation) {
        self.init(path: document.path, line: location.line, column: location.column)
    }

    /// The report location of an object of an Interface Builder document.
    init(_ document: IBDocument, _ object: IBObject) {
        self.init(document, object.location)
    }
}
