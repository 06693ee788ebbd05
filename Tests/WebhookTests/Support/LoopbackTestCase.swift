import TestSupport
import XCTest

/// A test with a nibscan server and a loopback receiver, both stopped (and the server's
/// data removed) after each test.
class LoopbackTestCase: XCTestCase {
    var server: WebhookTestServer!
    var receiver: LoopbackReceiver!

    override func tearDown() {
        receiver?.stop()
        server?.stop()
        server?.removeData()
        super.tearDown()
    }
}
