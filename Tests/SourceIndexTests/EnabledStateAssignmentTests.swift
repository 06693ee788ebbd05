import XCTest
@testable import Analysis

/// Where code switches a control on or off, and which blocks a constant condition rules out.
final class EnabledStateAssignmentTests: XCTestCase {
    private func assignments(_ text: String, _ language: SourceLanguage = .swift) -> [EnabledStateAssignment] {
        EnabledStateAssignment.scan(SourceTokenizer(language: language).stream(Array(text.utf8)))
    }

    func testSwiftAssignmentsReadPropertyReceiverTypeAndValue() {
        let found = assignments("""
        func configure() {
            let cell = (flag ? table.dequeue(a) : table.dequeue(b)) as! PairCell
            cell.first.isEnabled = false
            cell?.second!.isUserInteractionEnabled = true
            let other: OtherCell = make()
            other.first.isEnabled = editable
            note.isEnabled = false
            self.note.enabled = false
            self.isEnabled = true
        }
        """)
        XCTAssertEqual(found.map(\.property), ["first", "second", "first", "note", "note"])
        XCTAssertEqual(found.map(\.receiverType), ["PairCell", "PairCell", "OtherCell", nil, nil])
        XCTAssertEqual(found.map(\.value), [false, true, nil, false, false])
        XCTAssertEqual(found.map(\.line), [3, 4, 6, 7, 8])
    }

    func testObjectiveCSettersAndDotSyntax() {
        let found = assignments("""
        - (void)viewDidLoad {
            PairCell *cell = [table dequeue];
            [cell.first setEnabled:NO];
            [_note setUserInteractionEnabled:YES];
            self.note.enabled = NO;
        }
        """, .objc)
        XCTAssertEqual(found.map(\.property), ["first", "note", "note"])
        XCTAssertEqual(found.map(\.receiverType), ["PairCell", nil, nil])
        XCTAssertEqual(found.map(\.value), [false, true, false])
    }

    func testBlocksAConstantConditionRulesOutNeverRun() {
        let swift = assignments("""
        private let EDITING = false
        struct Flags { static let live = true }
        func f() {
            if EDITING { note.isEnabled = true } else { note.isEnabled = false }
            if !EDITING { title.isEnabled = true }
            if live { body.isEnabled = true } else { body.isEnabled = false }
            if false { footer.isEnabled = true }
        }
        """)
        XCTAssertEqual(swift.map(\.neverRuns), [true, false, false, false, true, true])
        let objc = assignments("""
        #define EDITING 0
        - (void)f {
            if (EDITING) { [note setEnabled:YES]; }
            if (YES) { note.enabled = NO; } else { note.enabled = YES; }
        }
        """, .objc)
        XCTAssertEqual(objc.map(\.neverRuns), [true, false, true])
    }

    func testAFlagThatIsNotOneConstantRulesNothingOut() {
        let found = assignments("""
        var editing = false
        let shown = false
        func f(shown: Bool) {
            let shown = shown
            if editing { note.isEnabled = true }
            if shown { title.isEnabled = true }
            if editing && ready { body.isEnabled = true }
            func g() { let local = false; if local { footer.isEnabled = true } }
        }
        """)
        XCTAssertEqual(found.map(\.neverRuns), [false, false, false, false])
    }
}
