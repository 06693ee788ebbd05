@testable import Analysis
import Foundation
import XCTest

/// Source patterns around one word, read from the bytes: the storyboards code names after a
/// class, SwiftGen's and R.swift's initial scenes.
final class WordTemplateTests: XCTestCase {
    private func words(_ template: String, _ text: String) -> [String] {
        WordTemplate(template).words(in: Data(text.utf8))
    }

    func testTheWordBetweenItsTextIsRead() {
        XCTAssertEqual(words("StoryboardScene.@.initialScene", "let a = StoryboardScene.Main.initialScene.instantiate()"), ["Main"])
        XCTAssertEqual(words("R.storyboard.@.instantiateInitial", "R.storyboard.main.instantiateInitialViewController()\nR.storyboard.login.instantiateInitialViewController()"),
                       ["main", "login"])
    }

    func testASpaceStandsForAnyWhiteSpaceOrNone() {
        let template = "UIStoryboard(name: String(describing: @.self)"
        XCTAssertEqual(words(template, "UIStoryboard(name: String(describing: FeedViewController.self), bundle: nil)"), ["FeedViewController"])
        XCTAssertEqual(words(template, "UIStoryboard(name:String(describing:Feed.self)"), ["Feed"])
        XCTAssertEqual(words(template, "UIStoryboard(name:\n    String(describing:\tFeed.self)"), ["Feed"])
        XCTAssertEqual(words("storyboardWithName: NSStringFromClass([@ class])", "[UIStoryboard storyboardWithName:NSStringFromClass([Feed class]) bundle:nil]"), ["Feed"])
    }

    func testTextThatDiffersReadsNothing() {
        let template = "UIStoryboard(name: String(describing: @.self)"
        XCTAssertEqual(words(template, "UIStoryboard(name: String(describing: type(of: self)))"), [], "not a word before .self")
        XCTAssertEqual(words(template, "UIStoryboard(name: String(describing: Feed.self"), [], "the text ends early")
        XCTAssertEqual(words(template, "UIStoryboard(name: name)"), [])
        XCTAssertEqual(words("StoryboardScene.@.initialScene", "StoryboardScene..initialScene"), [], "no word")
    }

    func testALiteralIsReadAfterAQuoteAndATildeSkipsAWord() {
        let template = #">(storyboard: ~.self, identifier: "@")"#
        XCTAssertEqual(words(template, #"static let settings = SceneType<SettingsViewController>(storyboard: Main.self, identifier: "Settings")"#), ["Settings"])
        XCTAssertEqual(words(template, #"SceneType<A>(storyboard:Main.self,identifier:"A B")"#), ["A B"])
        XCTAssertEqual(words(template, #"InitialSceneType<A>(storyboard: Main.self)"#), [])
        XCTAssertEqual(words(template, #"SceneType<A>(storyboard: .self, identifier: "A")"#), [], "no word where ~ stands")
        XCTAssertEqual(words(template, #"SceneType<A>(storyboard: Main.self, identifier: "A\(b)")"#), [], "an escape is not read")
        XCTAssertEqual(words(template, #"SceneType<A>(storyboard: Main.self, identifier: "")"#), [], "an empty literal")
    }
}
