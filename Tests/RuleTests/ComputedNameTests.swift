@testable import Analysis
import Foundation
import XCTest

/// Which calls make a class or a scene from a name the code computes: the reach of scenes
/// and nibs is judged only where every such name is a literal.
final class ComputedNameTests: XCTestCase {
    func testALoneLiteralIsReadAndAnythingElseIsComputed() {
        func computed(_ line: String) -> Bool { ComputedArgumentScan.hasComputedStoryboardIdentifier(in: Data(line.utf8)) }
        XCTAssertFalse(computed(#"storyboard.instantiateViewController(withIdentifier: "Settings")"#))
        XCTAssertFalse(computed(#"[storyboard instantiateViewControllerWithIdentifier:@"Settings"];"#))
        XCTAssertFalse(computed(#"storyboard.instantiateViewController(identifier: "Settings", creator: nil)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: identifier)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: "Scene" + suffix)"#))
        XCTAssertTrue(computed(#"storyboard.instantiateViewController(withIdentifier: "\(T.self)")"#))
        XCTAssertTrue(computed(#"[sb instantiateViewControllerWithIdentifier:NSStringFromClass([self class])];"#))
        XCTAssertFalse(computed(#"let text = "withIdentifier: is documented""#), "no instantiate call")
        XCTAssertTrue(computed("storyboard.instantiateViewController(\n    withIdentifier: name)"), "a label on the next line")
        XCTAssertFalse(computed(#"sb.instantiateViewController(withIdentifier:  "A\"B" )"#), "escaped quotes and spaces")
        XCTAssertTrue(computed(#"sb.instantiateViewController(withIdentifier: "unclosed"#), "a literal never closed")
        XCTAssertFalse(computed(#"instantiate"#), "the name alone at the end of a file")
    }

    func testClassesMadeFromComputedNames() {
        func computed(_ line: String) -> Bool { ComputedArgumentScan.hasComputedClassName(in: Data(line.utf8)) }
        XCTAssertFalse(computed(#"let type = NSClassFromString("MyApp.CardView")"#))
        XCTAssertFalse(computed(#"Class c = NSClassFromString(@"CardView");"#))
        XCTAssertFalse(computed(#"Bundle.main.classNamed ("CardView")"#))
        XCTAssertTrue(computed(#"let type = NSClassFromString(moduleName + "." + name)"#))
        XCTAssertTrue(computed(#"Bundle.main.classNamed("\(module).Card")"#))
        XCTAssertFalse(computed(#"// classNamed is not called here"#), "a name with no call")
        XCTAssertFalse(computed("static NSString *const kCardClass = @\"CardView\";\nClass c = NSClassFromString(kCardClass);"),
                       "a constant the file defines as a literal")
        XCTAssertFalse(computed("#define CARD_CLASS @\"CardView\"\nClass c = NSClassFromString(CARD_CLASS);"), "a macro defined as a literal")
        XCTAssertFalse(computed("let cardClass = \"CardView\"\nlet type = NSClassFromString(cardClass)"), "a Swift constant")
        XCTAssertTrue(computed("let cardClass = \"Card\" + kind\nlet type = NSClassFromString(cardClass)"), "a constant that computes")
        XCTAssertTrue(computed("let type = NSClassFromString(cardClass)"), "a name the file does not define")
        XCTAssertTrue(computed("if cardClass == \"CardView\" {}\nlet type = NSClassFromString(cardClass)"), "a comparison is no definition")
    }
}
