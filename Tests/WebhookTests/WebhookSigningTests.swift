import Foundation
@testable import Server
import XCTest

/// Secrets, signatures and URL checks, with the Standard Webhooks test vector.
final class WebhookSigningTests: XCTestCase {
    func testStandardWebhooksTestVector() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let signature = secret.signature(messageID: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330,
                                         body: Data(#"{"test": 2432232314}"#.utf8))
        XCTAssertEqual(signature, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    func testGeneratedSecretsAreWellFormedAndDistinct() throws {
        let secrets = try (0 ..< 20).map { _ in try WebhookSecret.generate() }
        XCTAssertEqual(Set(secrets.map(\.text)).count, 20)
        for secret in secrets {
            XCTAssertTrue(secret.text.hasPrefix("whsec_"))
            XCTAssertEqual(secret.key.count, 32)
            XCTAssertEqual(try WebhookSecret(secret.text), secret)
            XCTAssertFalse("\(secret)".contains(secret.text.dropFirst(6)), "printing never shows the key")
        }
    }

    func testMalformedSecretsAreRefused() {
        for bad in ["", "whsec_", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_!!!", "whsec_" + Data(count: 8).base64EncodedString(),
                    "whsec_" + Data(count: 65).base64EncodedString()] {
            XCTAssertThrowsError(try WebhookSecret(bad), bad)
        }
    }

    func testRequestHeadersSignWithEveryActiveSecret() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000.7)
        var subscription = WebhookSubscription(id: "wh_1", url: "https://hooks.example.com/x", events: [.ping], repository: nil,
                                               secret: try WebhookSecret.generate(), createdAt: now)
        let delivery = WebhookDelivery(id: "msg_1", subscriptionID: "wh_1", event: .ping, analysisID: nil, payload: Data("{}".utf8), createdAt: now)
        let single = WebhookSigning.request(for: delivery, to: subscription, at: now)
        let fields = Dictionary(single.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(fields["webhook-id"], "msg_1")
        XCTAssertEqual(fields["webhook-timestamp"], "1800000000")
        XCTAssertEqual(fields["webhook-signature"], subscription.secret.signature(messageID: "msg_1", timestamp: 1_800_000_000, body: Data("{}".utf8)))
        XCTAssertEqual(fields["nibscan-event"], "ping")
        XCTAssertEqual(fields["Content-Type"], "application/json")
        XCTAssertEqual(single.host, "hooks.example.com")

        subscription.previousSecret = try WebhookSecret.generate()
        subscription.previousSecretExpiresAt = now.addingTimeInterval(60)
        let both = WebhookSigning.request(for: delivery, to: subscription, at: now)
        XCTAssertEqual(both.headers.first { $0.name == "webhook-signature" }?.value.split(separator: " ").count, 2)
        let later = WebhookSigning.request(for: delivery, to: subscription, at: now.addingTimeInterval(61))
        XCTAssertEqual(later.headers.first { $0.name == "webhook-signature" }?.value.split(separator: " ").count, 1)
    }

    func testURLValidationAndHostExtraction() {
        for good in ["http://example.com", "https://example.com:8443/a?b=c", "http://[::1]:80/x", "http://2130706433/", "HTTPS://Example.COM/"] {
            XCTAssertNoThrow(try WebhookURL.validate(good), good)
        }
        let bad: [(String, String)] = [
            ("gopher://example.com/", "only http and https"), ("http://u@example.com/", "user information"),
            ("http://u:p@example.com/", "user information"), ("http:example.com", "no authority"), ("http://", "no host"),
            ("http://example.com:0/", "outside 1...65535"), ("http://exa\tmple.com/", "whitespace"), ("http://bücher.de/", "non-ASCII"),
            ("", "empty"),
        ]
        for (url, reason) in bad {
            XCTAssertThrowsError(try WebhookURL.validate(url), url) { error in
                guard case WebhookError.invalidURL(let detail) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(detail.contains(reason), "\(url): \(detail)")
            }
        }
        XCTAssertEqual(WebhookURL.host(of: "http://[::ffff:127.0.0.1]:9/x"), "::ffff:127.0.0.1")
        XCTAssertEqual(WebhookURL.host(of: "https://Hooks.Example.com:8443/x?y#z"), "hooks.example.com")
        XCTAssertEqual(WebhookURL.host(of: "http://0x7f.1/"), "0x7f.1")
    }

    func testSettingsParseTheWebhookFlags() throws {
        let configuration = try NibscanServer.Configuration.resolve(
            arguments: ["--webhook-allowed-hosts", "127.0.0.1,hooks.internal", "--webhook-max-attempts=4", "--public-url", "https://nibscan.example/"],
            environment: ["NIBSCAN_WEBHOOK_TIMEOUT_SECONDS": "7"])
        XCTAssertEqual(configuration.webhooks.allowList.hostNames, ["hooks.internal"])
        XCTAssertEqual(configuration.webhooks.allowList.blocks.map(\.description), ["127.0.0.1/32"])
        XCTAssertEqual(configuration.webhooks.schedule.maxAttempts, 4)
        XCTAssertEqual(configuration.webhooks.timeout, 7)
        XCTAssertEqual(configuration.publicURL, "https://nibscan.example/")
        XCTAssertEqual(PublicLinks(publicURL: configuration.publicURL).base(listeningOn: "0.0.0.0", port: 1), "https://nibscan.example")
        XCTAssertThrowsError(try NibscanServer.Configuration.resolve(arguments: ["--webhook-allowed-hosts", "10.0.0.0/40"], environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("--webhook-allowed-hosts:"), "\($0)")
        }
        XCTAssertThrowsError(try NibscanServer.Configuration.resolve(arguments: [], environment: ["NIBSCAN_PUBLIC_URL": "ftp://x"]))
        XCTAssertTrue(NibscanServer.Configuration.helpText().contains("NIBSCAN_WEBHOOK_ALLOWED_HOSTS"))
        XCTAssertTrue(NibscanServer.Configuration.helpText().contains("NIBSCAN_PUBLIC_URL"))
    }
}

/// The response excerpt stays within 1 KiB even when the limit cuts a character.
final class ResponseExcerptTests: XCTestCase {
    func testExcerptNeverExceedsTheLimit() {
        let limit = WebhookAttempt.excerptLimit
        let cut = Array(String(repeating: "é", count: limit).utf8.prefix(limit - 1)) + [0xC3]
        XCTAssertLessThanOrEqual(CurlTransfer.boundedText(cut).utf8.count, limit)
        XCTAssertEqual(CurlTransfer.boundedText(Array("ok".utf8)), "ok")
        XCTAssertEqual(CurlTransfer.boundedText(Array(repeating: 0x41, count: limit)).utf8.count, limit)
    }
}
