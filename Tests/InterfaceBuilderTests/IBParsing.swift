import Analysis
import Foundation

/// Parses inline XML written in a test.
func parseIB(_ xml: String, path: String = "Test.xib", limits: InterfaceBuilderLimits = .default) -> IBDocument {
    InterfaceBuilderParser(limits: limits).parse(data: Data(xml.utf8), path: path)
}

/// Wraps `objects` in an iOS xib `<document>`.
func iOSXib(_ objects: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
        <objects>
    \(objects)
        </objects>
    </document>
    """
}
