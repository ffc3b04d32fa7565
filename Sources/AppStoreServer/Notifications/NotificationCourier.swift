import Foundation
import MockStore
import Synchronization

/// Delivers the ledger's outbox: claims each notification as it falls due, signs its payload
/// once, POSTs it through a `NotificationPosting`, and records the attempt (the outbox then
/// schedules Apple's retries in store time).
///
/// It sleeps until the next attempt is due (wall time derived from the store clock) or the
/// ledger changes (a new notification, from this process or any other), whichever is first.
/// Deliveries run beside each other, up to `concurrency`, on their own tasks: a receiver that
/// is down, slow or failing delays only its own deliveries, never the store or the paywall,
/// which write the ledger and move on.
public final class NotificationCourier: Sendable {
    public let store: Store
    let signer: any SignedDataSigning
    let app: NotificationApp
    let poster: any NotificationPosting
    /// Who claims: unique per courier, so a lease names its holder.
    public let owner: String
    /// How long a claim holds a notification (wall seconds): longer than a POST can take.
    let lease: TimeInterval
    let concurrency: Int
    private let inFlight = Mutex(0)
    private let bell = Doorbell()
    /// The outbox on the database's own queues: the courier runs on Swift's pool, beside the
    /// work of its process (a paywall, a server), which a write waiting on a lock must not stop.
    private var outbox: CourierOutbox { store.courierOutbox }

    /// `lease` must exceed the poster's timeout, so a live courier's claim never runs out
    /// mid-POST.
    public init(store: Store, signer: any SignedDataSigning, app: NotificationApp, poster: any NotificationPosting,
                lease: TimeInterval = 20, concurrency: Int = 8, owner: String? = nil) {
        self.store = store
        self.signer = signer
        self.app = app
        self.poster = poster
        self.lease = lease
        self.concurrency = max(1, concurrency)
        self.owner = owner ?? "courier-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    }

    /// Delivers until the task is cancelled. `exitWhenIdle`: return instead once nothing is in
    /// flight and no attempt falls due within that many wall seconds (a one-shot
    /// `tollbooth notify deliver`, which leaves later retries to the next Tollbooth process).
    public func run(exitWhenIdle: TimeInterval? = nil) async {
        store.ledger.listen(bell)
        defer { store.ledger.stopListening(bell) }
        var rechecks: ArraySlice<Duration> = []
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let wait: TimeInterval?
                do {
                    wait = try await outbox.wait()
                    if wait == 0, inFlight.withLock({ $0 }) < concurrency {
                        if let delivery = try await outbox.claim(owner: owner, lease: lease) {
                            inFlight.withLock { $0 += 1 }
                            group.addTask { await self.deliver(delivery) }
                        }
                        continue
                    }
                } catch {
                    // A locked or busy ledger: look again soon.
                    _ = await bell.wait(timeout: .seconds(1))
                    continue
                }
                let busy = inFlight.withLock { $0 } > 0
                if let exitWhenIdle, !busy, rechecks.isEmpty, (wait ?? .infinity) > exitWhenIdle { return }
                var timeout: Duration? = (wait == 0) ? nil : wait.map { .milliseconds(Int(($0 * 1000).rounded(.up)) + 1) }
                if let recheck = rechecks.popFirst() { timeout = min(timeout ?? recheck, recheck) }
                if await bell.wait(timeout: timeout) { rechecks = Self.rechecksAfterARing[...] }
            }
        }
    }

    /// A ring from another process's write may come a moment before its commit is visible
    /// (`Store.rechecksAfterANotification`), longer on a busy machine, where the writer may
    /// be off the CPU between writing its log and publishing the commit: look again after
    /// these waits (each a cheap read), so a notification is not left for the next ring.
    static let rechecksAfterARing: [Duration] = [.milliseconds(5), .milliseconds(15), .milliseconds(40), .milliseconds(100),
                                                 .milliseconds(250)]

    /// Delivers everything due now and returns how many attempts were made: for tests and
    /// one-shot use, without waiting for anything to fall due.
    @discardableResult
    public func deliverDue() async throws -> Int {
        var count = 0
        while let delivery = try await outbox.claim(owner: owner, lease: lease) {
            inFlight.withLock { $0 += 1 }
            await deliver(delivery)
            count += 1
        }
        return count
    }

    /// One attempt: the payload (signed once, then kept), the POST, the record.
    func deliver(_ delivery: OutboxDelivery) async {
        defer {
            inFlight.withLock { $0 -= 1 }
            bell.ring()
        }
        let id = delivery.notification.id
        // A URL queued before it was checked (an older ledger, one edited by hand) is never
        // handed to the HTTP stack, which traps on some (a port past 65535): the notification
        // fails at once, saying why.
        if let problem = NotificationURL.problem(delivery.notification.url) {
            _ = try? store.recordSendAttempt(id, owner: owner, result: .other, httpStatus: nil, refused: problem)
            return
        }
        let outcome: PostOutcome
        do {
            let payload: String
            if let kept = delivery.notification.signedPayload {
                payload = kept
            } else {
                payload = try await outbox.keep(NotificationPayload.signed(delivery, app: app, signer: signer), for: id)
            }
            outcome = await poster.post(NotificationPayload.requestBody(signedPayload: payload), to: delivery.notification.url)
        } catch {
            // Nothing was sent: a payload that cannot be signed is an attempt that failed.
            outcome = PostOutcome(result: .other, httpStatus: nil)
        }
        // A record lost to a busy ledger leaves the claim to run out: the attempt is made again.
        _ = try? await outbox.record(id, owner: owner, result: outcome.result, httpStatus: outcome.httpStatus)
    }
}
