import Foundation
import TestSupport
import XCTest

/// Verifies a received webhook with the `standardwebhooks` reference library from PyPI
/// (`Webhook(secret).verify(body, headers)`), run by python3 in a child process.
enum ReferenceVerifier {
    enum Verdict: Equatable {
        case verified
        case rejected(String)
    }

    private static let script = """
        import json, sys
        try:
            from standardwebhooks.webhooks import Webhook
        except ImportError as error:
            print("MISSING " + str(error)); sys.exit(3)
        secret, headers = sys.argv[1], json.loads(sys.argv[2])
        body = sys.stdin.buffer.read()
        try:
            Webhook(secret).verify(body, headers)
        except Exception as error:
            print("REJECTED " + type(error).__name__ + ": " + str(error)); sys.exit(1)
        print("VERIFIED")
        """

    /// Runs the reference check (bounded to 30 s); fails the test when the library is missing.
    static func verify(secret: String, headers: [String: String], body: Data, file: StaticString = #filePath, line: UInt = #line) throws -> Verdict {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let headerJSON = String(decoding: try JSONSerialization.data(withJSONObject: headers), as: UTF8.self)
        process.arguments = ["python3", "-c", script, secret, headerJSON]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(body)
        try input.fileHandleForWriting.close()
        let deadline = Date(timeIntervalSinceNow: 30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("python3 did not finish in 30 s", file: file, line: line)
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("MISSING") || process.terminationStatus == 3 {
            XCTFail("the standardwebhooks Python package is missing (\(text)); run scripts/setup", file: file, line: line)
        }
        return text == "VERIFIED" ? .verified : .rejected(text)
    }

    /// The three Standard Webhooks headers of a received request.
    static func signatureHeaders(_ request: LoopbackReceiver.Request) -> [String: String] {
        ["webhook-id": request.headers["webhook-id"] ?? "", "webhook-timestamp": request.headers["webhook-timestamp"] ?? "",
         "webhook-signature": request.headers["webhook-signature"] ?? ""]
    }
}
