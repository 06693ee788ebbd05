import Foundation
import TestSupport
import XCTest

/// Runs an external tool (Info-ZIP's `zip`, `python3`) directly, with no shell in between, so
/// its exit status is never lost in a pipeline, and in the C locale, so its output does not
/// depend on the machine's language settings.
///
/// With `standardOutputTo`, the tool writes to a pipe, which it cannot seek back in (this is
/// what makes `zip -` and Python's `zipfile` stream with data descriptors); the test copies
/// what arrives into that file in `folder`. A tool that exits non-zero throws, with what it
/// printed on standard error.
func runTool(_ arguments: [String], in folder: URL, standardOutputTo outputName: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    let output = Pipe()
    process.standardOutput = outputName == nil ? FileHandle.nullDevice : output
    try process.run()
    // Both pipes are drained while the tool runs, so neither can fill up and block it.
    let collectedErrors = PipeDrain(errors.fileHandleForReading)
    let collectedOutput = outputName.map { _ in PipeDrain(output.fileHandleForReading) }
    process.waitUntilExit()
    let stderr = String(decoding: collectedErrors.wait(), as: UTF8.self)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw ExternalToolFailed(command: arguments.joined(separator: " "), status: process.terminationStatus, stderr: stderr)
    }
    if let outputName, let collectedOutput {
        try collectedOutput.wait().write(to: folder.appendingPathComponent(outputName))
    }
}

/// The error `runTool` throws when the tool fails: the test stops there, naming the command.
struct ExternalToolFailed: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var stderr: String
    var description: String { "'\(command)' exited with status \(status): \(stderr)" }
}
