import Analysis
import Foundation

/// Webhooks as one unit the server starts and stops: the subscriptions store, the outbox
/// hook, and the senders that deliver due messages with libcurl, retrying on schedule.
/// Pending messages live in the database, so a restart resumes them.
final class WebhookService: Sendable {
    let store: WebhookStore
    let configuration: NibscanServer.WebhookConfiguration
    let machine: WebhookDeliveryMachine
    private let sender: CurlWebhookSender
    private let links: PublicLinks
    private let log: ServerLog
    private let metrics: Metrics
    private let clock: @Sendable () -> Date
    private let random: @Sendable () -> Double
    private let state = Locked(State())
    private let threads = BackgroundThreads()
    private let wakeUp = DispatchSemaphore(value: 0)

    struct State {
        var baseURL = ""
        var stopping = false
    }

    init(analyses: AnalysisStore, configuration: NibscanServer.WebhookConfiguration, links: PublicLinks, metrics: Metrics, log: ServerLog,
         clock: @escaping @Sendable () -> Date = { Date() }, random: @escaping @Sendable () -> Double = { Double.random(in: 0 ..< 1) }) {
        store = WebhookStore(analyses: analyses)
        self.configuration = configuration
        machine = WebhookDeliveryMachine(schedule: configuration.schedule)
        sender = CurlWebhookSender(policy: WebhookAddressPolicy(allowList: configuration.allowList),
                                   connectTimeout: configuration.connectTimeout, timeout: configuration.timeout)
        self.links = links
        self.metrics = metrics
        self.log = log
        self.clock = clock
        self.random = random
        analyses.addCompletionHook(WebhookOutbox(baseURL: { [state] in state.current.baseURL }, links: links, wake: { [weak self] in self?.notify() }))
    }

    var now: Date { clock() }

    /// The absolute URL payload links start with.
    var baseURL: String { state.current.baseURL }

    /// Starts the senders; `host` and `port` make the default public URL.
    func start(host: String, port: Int) {
        state.withLock { [links] in $0.baseURL = links.base(listeningOn: host, port: port) }
        threads.start(configuration.senders, name: "nibscan-webhooks") { [self] in work() }
    }

    /// Wakes an idle sender: a message was queued.
    func notify() {
        wakeUp.signal()
    }

    /// Stops the senders: transfers in progress are abandoned (their message stays due,
    /// no attempt is counted); waits up to `timeout` seconds for the threads to exit.
    func stop(timeout: TimeInterval = 5) {
        state.withLock { $0.stopping = true }
        for _ in 0 ..< threads.running { wakeUp.signal() }
        threads.waitForExit(timeout: timeout)
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func work() {
        // A lease longer than any attempt: a crash mid-attempt makes the message due again after it.
        let lease = configuration.timeout + configuration.connectTimeout + 60
        while !isStopping {
            let claimed: (WebhookDelivery, WebhookSubscription)?
            do {
                claimed = try store.claimDue(now: now, lease: lease)
            } catch {
                log.event("webhook-claim-failed", ["error": "\(error)"])
                claimed = nil
            }
            guard let (delivery, subscription) = claimed else {
                _ = wakeUp.wait(timeout: .now() + idleWait())
                continue
            }
            deliver(delivery, to: subscription)
        }
    }

    /// Until the next message is due, at most the poll interval.
    private func idleWait() -> TimeInterval {
        let due = (try? store.nextDue()).flatMap { $0 }.map { $0.timeIntervalSince(now) } ?? configuration.pollInterval
        return min(max(due, 0.005), configuration.pollInterval)
    }

    /// One attempt: sign, send, log, and store what the delivery machine makes of it.
    func deliver(_ delivery: WebhookDelivery, to subscription: WebhookSubscription) {
        let attemptedAt = now
        let request = WebhookSigning.request(for: delivery, to: subscription, at: attemptedAt)
        let response = sender.send(request) { [weak self] in self?.isStopping ?? true }
        if response.abandoned {
            try? store.release(deliveryID: delivery.id, due: attemptedAt)
            return
        }
        let attempt = WebhookAttempt(response: response, at: attemptedAt)
        metrics.recordWebhookAttempt(Metrics.WebhookAttemptResult(response))
        let outcome = response.outcome(now: attemptedAt)
        do {
            let (state, disabled) = try store.record(attempt, of: delivery, outcome: outcome, random: random(), machine: machine,
                                                     health: configuration.health)
            log.event("webhook-attempt", attempt.logFields(delivery: delivery, state: state))
            if let disabled { log.event("webhook-disabled", ["webhookId": subscription.id, "reason": disabled]) }
        } catch {
            log.event("webhook-record-failed", ["deliveryId": delivery.id, "error": "\(error)"])
        }
    }
}
