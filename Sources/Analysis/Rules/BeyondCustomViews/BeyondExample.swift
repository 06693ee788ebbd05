/// Builds the Interface Builder files of the §4.4 rules' examples.
enum BeyondExample {
    /// A xib whose top level holds `objects` after the two placeholders; File's Owner gets
    /// `ownerClass` when given.
    static func xib(_ path: String, ownerClass: String? = nil, swift: Bool, objects: String) -> RuleExample.File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let owner = ownerClass.map { #" customClass="\#($0)"\#(module)"# } ?? ""
        return .init(path, """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"\(owner)/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(SubstitutionExample.indented(objects, by: 8))
            </objects>
        </document>
        """)
    }

    /// A storyboard whose scenes are `scenes` (each a `<scene>` element).
    static func storyboard(_ path: String, scenes: String) -> RuleExample.File {
        .init(path, """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <scenes>
        \(SubstitutionExample.indented(scenes, by: 8))
            </scenes>
        </document>
        """)
    }

    /// One scene with a view controller of `controllerClass` (storyboard id `storyboardID`),
    /// `content` inside its view and `connections` (segues…) after it.
    static func scene(id: String, controllerClass: String, storyboardID: String? = nil, swift: Bool,
                      content: String = "", connections: String = "") -> String {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let identifier = storyboardID.map { #" storyboardIdentifier="\#($0)""# } ?? ""
        return """
        <scene sceneID="\(id)-Scn">
            <objects>
                <viewController id="\(id)-Vc"\(identifier) customClass="\(controllerClass)"\(module) sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="\(id)-Vw">
                        <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        \(SubstitutionExample.indented(content, by: 16))
                    </view>
        \(SubstitutionExample.indented(connections, by: 12))
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="\(id)-Fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
            </objects>
        </scene>
        """
    }

    /// A table view cell element of class `cellClass` with reuse identifier `identifier`.
    static func tableCell(id: String, cellClass: String? = nil, identifier: String? = nil, swift: Bool) -> String {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let custom = cellClass.map { #" customClass="\#($0)"\#(module)"# } ?? ""
        let reuse = identifier.map { #" reuseIdentifier="\#($0)""# } ?? ""
        return """
        <tableViewCell contentMode="scaleToFill" selectionStyle="default"\(reuse) id="\(id)"\(custom)>
            <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="\(id)" id="\(id)-Ct">
                <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
            </tableViewCellContentView>
        </tableViewCell>
        """
    }
}
