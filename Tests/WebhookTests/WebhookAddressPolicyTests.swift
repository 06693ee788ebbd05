@testable import Server
import XCTest

/// The address policy on every refused range and on public addresses. Addresses here are
/// data only: nothing is dialled.
final class WebhookAddressPolicyTests: XCTestCase {
    private let policy = WebhookAddressPolicy()

    private func kind(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let address = IPAddress(text) else {
            XCTFail("\(text) does not parse", file: file, line: line)
            return nil
        }
        return WebhookAddressPolicy.classify(address)
    }

    func testEveryBlockedRangeIsRefusedAtItsEdges() {
        let blocked: [(address: String, kind: String)] = [
            ("10.0.0.0", "private"), ("10.255.255.255", "private"),
            ("172.16.0.0", "private"), ("172.31.255.255", "private"),
            ("192.168.0.0", "private"), ("192.168.255.255", "private"),
            ("169.254.0.1", "link-local"), ("169.254.255.255", "link-local"),
            ("169.254.169.254", "the cloud metadata service"),
            ("100.64.0.0", "shared carrier-grade NAT space"), ("100.127.255.255", "shared carrier-grade NAT space"),
            ("127.0.0.1", "loopback"), ("127.0.0.2", "loopback"), ("127.255.255.255", "loopback"),
            ("0.0.0.0", "unspecified (\"this network\")"),
            ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"),
            ("255.255.255.255", "broadcast"), ("240.0.0.1", "reserved"),
            ("::1", "loopback"), ("::", "unspecified"),
            ("fc00::1", "unique-local"), ("fd12:3456:789a::1", "unique-local"), ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique-local"),
            ("fe80::1", "link-local"), ("febf:ffff::1", "link-local"),
            ("ff02::1", "multicast"), ("2001:db8::1", "reserved for documentation"),
        ]
        for (address, expected) in blocked {
            XCTAssertEqual(kind(address), expected, address)
            guard let parsed = IPAddress(address) else { continue }
            XCTAssertEqual(policy.verdict(for: parsed, host: address),
                           .refused(reason: "address \(parsed) is \(expected) and not allowed (allow it with NIBSCAN_WEBHOOK_ALLOWED_HOSTS)"))
        }
    }

    func testNeighboursOfBlockedRangesArePublic() {
        for address in ["9.255.255.255", "11.0.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0",
                        "169.253.255.255", "169.255.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
                        "223.255.255.255", "fbff:ffff::1", "2000::1"] {
            XCTAssertNil(kind(address), address)
        }
    }

    func testPublicAddressesAreAllowed() {
        for address in ["8.8.8.8", "1.1.1.1", "93.184.216.34", "140.82.112.3", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e",
                        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"] {
            guard let parsed = IPAddress(address) else { return XCTFail("\(address) does not parse") }
            XCTAssertEqual(policy.verdict(for: parsed, host: "hooks.example.com"), .allowed(byOperator: nil), address)
        }
    }

    func testIPv6FormsCarryingIPv4AreJudgedByTheEmbeddedAddress() {
        XCTAssertEqual(kind("::ffff:127.0.0.1"), "an IPv4-mapped address of 127.0.0.1, which is loopback")
        XCTAssertEqual(kind("::ffff:7f00:1"), "an IPv4-mapped address of 127.0.0.1, which is loopback")
        XCTAssertEqual(kind("::ffff:10.1.2.3"), "an IPv4-mapped address of 10.1.2.3, which is private")
        XCTAssertEqual(kind("::ffff:169.254.169.254"), "an IPv4-mapped address of 169.254.169.254, which is the cloud metadata service")
        XCTAssertEqual(kind("::ffff:192.168.1.1"), "an IPv4-mapped address of 192.168.1.1, which is private")
        XCTAssertEqual(kind("::127.0.0.1"), "an IPv4-compatible address of 127.0.0.1, which is loopback")
        XCTAssertEqual(kind("64:ff9b::a00:1"), "a NAT64 address of 10.0.0.1, which is private")
        XCTAssertEqual(kind("2002:7f00:1::"), "a 6to4 address of 127.0.0.1, which is loopback")
        XCTAssertEqual(kind("2002:a9fe:a9fe::1"), "a 6to4 address of 169.254.169.254, which is the cloud metadata service")
    }

    func testAllowListLetsTheOperatorReachRefusedAddresses() throws {
        let allowed = WebhookAddressPolicy(allowList: try WebhookAllowList(parsing: " 127.0.0.1 , 10.1.0.0/16, hooks.internal, *.corp.example., ::1 "))
        func verdict(_ address: String, _ host: String) -> WebhookAddressPolicy.Verdict {
            guard let parsed = IPAddress(address) else { return .refused(reason: "unparsable") }
            return allowed.verdict(for: parsed, host: host)
        }
        XCTAssertEqual(verdict("127.0.0.1", "127.0.0.1"), .allowed(byOperator: "127.0.0.1/32"))
        XCTAssertEqual(verdict("::ffff:127.0.0.1", "[::ffff:127.0.0.1]"), .allowed(byOperator: "127.0.0.1/32"))
        XCTAssertFalse(verdict("127.0.0.2", "127.0.0.2").isAllowed)
        XCTAssertEqual(verdict("10.1.200.3", "x"), .allowed(byOperator: "10.1.0.0/16"))
        XCTAssertFalse(verdict("10.2.0.1", "x").isAllowed)
        XCTAssertEqual(verdict("192.168.1.10", "HOOKS.internal."), .allowed(byOperator: "hooks.internal"))
        XCTAssertEqual(verdict("192.168.1.10", "a.corp.example"), .allowed(byOperator: "*.corp.example"))
        XCTAssertFalse(verdict("192.168.1.10", "corp.example").isAllowed, "a wildcard covers subdomains only")
        XCTAssertFalse(verdict("192.168.1.10", "evilcorp.example").isAllowed)
        XCTAssertEqual(verdict("::1", "[::1]"), .allowed(byOperator: "::1/128"))
        XCTAssertFalse(verdict("fe80::1", "[fe80::1]").isAllowed)
        XCTAssertEqual(verdict("8.8.8.8", "dns.example"), .allowed(byOperator: nil), "public addresses need no entry")
    }

    func testAllowListRejectsWhatIsNeitherHostNorBlock() {
        for bad in ["10.0.0.0/33", "::1/129", "exa mple", "http://x", "-bad.example", "a..b", "*.", "10.0.0.0/x"] {
            XCTAssertThrowsError(try WebhookAllowList(parsing: bad), bad) { error in
                XCTAssertTrue("\(error)".contains("NIBSCAN_WEBHOOK_ALLOWED_HOSTS"), "\(error)")
            }
        }
        XCTAssertTrue((try? WebhookAllowList(parsing: " , ,"))?.isEmpty == true)
    }

    func testCIDRContainment() throws {
        let block = try XCTUnwrap(CIDRBlock("172.16.0.0/12"))
        XCTAssertTrue(block.contains(try XCTUnwrap(IPAddress("172.20.1.1"))))
        XCTAssertFalse(block.contains(try XCTUnwrap(IPAddress("172.32.0.0"))))
        XCTAssertFalse(block.contains(try XCTUnwrap(IPAddress("::ffff:172.20.1.1"))), "families never match directly")
        XCTAssertTrue(try XCTUnwrap(CIDRBlock("0.0.0.0/0")).contains(try XCTUnwrap(IPAddress("203.0.113.9"))))
        XCTAssertTrue(try XCTUnwrap(CIDRBlock("fe80::/10")).contains(try XCTUnwrap(IPAddress("febf::1"))))
        XCTAssertNil(CIDRBlock("300.0.0.0/8"))
        XCTAssertNil(IPAddress("0x7f.1"), "only canonical spellings parse; odd ones are judged after resolution")
        XCTAssertEqual(IPAddress("[::1]")?.description, "::1")
    }
}
