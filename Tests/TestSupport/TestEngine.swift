import Foundation
import XCTest

/// The storage engine a store test runs against: SQLite in a temporary folder, or its own
/// schema in the PostgreSQL server of the test process (``TestPostgres``).
public enum TestEngine: String, Sendable, CaseIterable {
    case sqlite
    case postgres

    /// A fresh PostgreSQL database URL (its own schema), or `nil` for SQLite in the data directory.
    public func databaseURL() throws -> String? {
        switch self {
        case .sqlite: nil
        case .postgres: try TestPostgres.shared().makeIsolatedURL()
        }
    }
}

/// A test case whose tests run on both engines: each test calls ``onEachEngine(_:)``, and
/// a failure names the engine it happened on. (XCTest on Linux does not run tests a
/// subclass inherits, so one class runs both rather than one subclass per engine.)
open class EngineTestCase: XCTestCase {
    /// The engine the test is running on now.
    public private(set) var engine: TestEngine = .sqlite

    /// Runs `body` on SQLite, then on PostgreSQL; `prepare` sets up each run's state first.
    public func onEachEngine(_ body: () throws -> Void) throws {
        for next in TestEngine.allCases {
            engine = next
            do {
                try prepare(next)
                try body()
                try cleanUp(next)
            } catch {
                // The failure XCTest records for the error names the engine (below).
                try? cleanUp(next)
                throw error
            }
        }
    }

    /// Sets up the state of one run (a store, a server) on `engine`.
    open func prepare(_ engine: TestEngine) throws {}

    /// Tears down the state of one run.
    open func cleanUp(_ engine: TestEngine) throws {}

    override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        super.recordFailure(withDescription: "[\(engine)] \(description)", inFile: filePath, atLine: lineNumber, expected: expected)
    }
}
