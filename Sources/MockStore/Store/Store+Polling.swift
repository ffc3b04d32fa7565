import Foundation

/// How a device hears of changes it did not make: other devices' and processes' writes, and
/// renewals falling due.
extension Store {
    /// Looks at the ledger whenever it may have changed (its bell rings: a write here, or a
    /// write to the file by anyone) and when the next renewal falls due; a file ledger also every
    /// `fallbackPollInterval`. An idle device on an in-memory ledger with nothing due never wakes.
    func startPolling() {
        guard pollTask == nil else { return }
        ledger.listen(ledgerChanged)
        let bell = ledgerChanged
        pollTask = Task { [weak self] in
            var rechecks: ArraySlice<Duration> = []
            while !Task.isCancelled {
                guard let next = await self?.pollUntilNext() else { return }
                let recheck = rechecks.popFirst()
                let timeout = [next.timeout, recheck].compactMap { $0 }.min()
                if await bell.wait(timeout: timeout) { rechecks = Store.rechecksAfterANotification[...] }
            }
        }
    }

    /// A file notification comes when another process writes its WAL frames, which may be a
    /// moment before SQLite's index (shared memory, which notifies nothing) makes the commit
    /// visible; a look at once can then find nothing new. So after each ring the device looks
    /// again after these waits (a change seen twice is delivered once: the cursor moved).
    static let rechecksAfterANotification: [Duration] = [.milliseconds(10), .milliseconds(60)]

    /// When the poll task looks next, besides whenever the ledger changes.
    struct NextPoll: Sendable {
        /// nil: only when the ledger changes.
        var timeout: Duration?
        /// Wall time until the next renewal falls due; nil: none is due (or the clock is paused).
        var untilDue: Duration?
    }

    /// Looks for changes from other processes, and processes renewals that fell due.
    public func poll() {
        _ = pollUntilNext()
    }

    /// `poll()`, and the wall time until the next renewal falls due (nil: none, or a paused
    /// clock): until then, with no change to the ledger, another poll finds nothing.
    public func pollReportingNextDue() -> Duration? {
        pollUntilNext().untilDue
    }

    /// `poll()`, and how long until it is needed again with no change to the ledger: until the
    /// next renewal falls due (store time runs with wall time, unless paused), and at most
    /// `fallbackPollInterval` on a file.
    func pollUntilNext() -> NextPoll {
        let fallback = ledger.isFile ? Store.fallbackPollInterval : nil
        do {
            let wallNow = wallClock.now()
            // Read the due time fresh: another device or process may have bought a
            // subscription since this device last looked.
            var (due, clock) = try ledger.read { db in (try AccountQueries.nextDue(db), try StoreClockState.load(db)) }
            let storeNow = clock.storeTime(atWall: wallNow)
            if let dueNow = due, dueNow <= storeNow, !ledger.isReadOnly {
                (due, clock) = try ledger.write { db in
                    var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
                    try SubscriptionRules.catchUp(in: &context)
                    return (try AccountQueries.nextDue(db), try StoreClockState.load(db))
                }
            }
            try deliverNewEvents()
            // Something still due now is on a read-only ledger, which cannot record it: only a
            // change brings news then, as with nothing due or a paused clock.
            guard let due, !clock.isPaused, due > storeNow else { return NextPoll(timeout: fallback) }
            let seconds = min(due.timeIntervalSince(storeNow), 86_400)
            let untilDue = Duration.milliseconds(Int((seconds * 1000).rounded(.up)) + 1)
            return NextPoll(timeout: fallback.map { min($0, untilDue) } ?? untilDue, untilDue: untilDue)
        } catch {
            // A locked or vanished ledger is retried soon; the next operation surfaces the
            // error to the caller.
            return NextPoll(timeout: fallback ?? .seconds(1))
        }
    }
}
