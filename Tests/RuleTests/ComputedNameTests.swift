@testable import Analysis
import Foundation
import XCTest

/// Which calls make a class or a scene from a name the code computes: the reach of scenes
/// and nibs is judged only where every such name is a literal.
final class ComputedNameTests: XCTestCase {
    func testALoneLiteralIsReadAndAnythingElseIsComputed() {
        func computed(_ line: String) -> Bool { ProjectModel.hasComputedIdentifierCall(in: Data(line.utf8)) }
        XCTAssertFalse(computed(#"storyboard.instantiateViewController(withIdentifier: "Settings")"#))
        XCTAssertFalse(computed(#"[storyboard instantiateViewControllerWithIdentifier:@"Settings"];"#))
        XCTAssertFalse(computed(#"storyboard.instantiateViewController(identifier: "Settings", creator: nil)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: identifier)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: "Scene" + suffix)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: "\(T.self)")"#))
        XCTAssertTrue(computed(#"[sb instantiateViewControllerWithIdentifier:NSStringFromClass([self class])];"#))
        XCTAssertFalse(computed(#"let text = "withIdentifier: is documented""#), "no instantiate call")
    }
}
