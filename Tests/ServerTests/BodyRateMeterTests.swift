import Foundation
@testable import Server
import XCTest

/// The body rate floor as a value: byte counts and times in, a verdict out; nothing sleeps.
final class BodyRateMeterTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_000)

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    func testATrickleIsJudgedAfterTheGraceAndOneWindow() {
        var meter = BodyRateMeter(floor: BodyRateFloor(bytesPerSecond: 100, grace: 5, window: 2), start: start)
        XCTAssertEqual(meter.checkpoint, at(7))
        for second in 0 ..< 7 { XCTAssertNil(meter.record(1, at: at(Double(second))), "within the grace and the first window") }
        let rate = meter.record(0, at: at(7))
        XCTAssertEqual(rate ?? -1, 1, accuracy: 0.001, "two bytes (at 5 s and 6 s) in the two-second window")
    }

    func testBytesDuringTheGraceDoNotCountAndAFastWindowStartsTheNext() {
        var meter = BodyRateMeter(floor: BodyRateFloor(bytesPerSecond: 100, grace: 1, window: 2), start: start)
        XCTAssertNil(meter.record(10_000, at: at(0.5)), "a burst in the grace is not credited to later windows")
        XCTAssertNil(meter.record(150, at: at(2)))
        XCTAssertNil(meter.record(100, at: at(3)), "250 bytes in 2 s is above the floor")
        XCTAssertEqual(meter.checkpoint, at(5), "the next window starts where the last one was judged")
        XCTAssertNil(meter.record(250, at: at(5)))
        XCTAssertNotNil(meter.record(0, at: at(7.5)), "a window with nothing in it is below any floor")
    }

    func testAFloorOfZeroIsOff() {
        var meter = BodyRateMeter(floor: BodyRateFloor(bytesPerSecond: 0, grace: 0, window: 1), start: start)
        XCTAssertNil(meter.checkpoint)
        XCTAssertNil(meter.record(0, at: at(3_600)))
    }
}
