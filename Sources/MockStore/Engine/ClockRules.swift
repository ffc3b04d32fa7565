import Foundation
import GRDB

/// Changes to the store clock. Time never goes backwards; every change brings the
/// subscriptions up to the new time in the same database transaction.
enum ClockRules {
    static func advance(_ advance: ClockAdvance, progress: ((ClockProgress.Update) -> Void)? = nil,
                        in context: inout LedgerContext) throws -> String {
        try move(to: advance.apply(to: context.now), label: advance.description, progress: progress, in: &context)
    }

    /// Jump to the next moment a subscription needs attention (renewal, expiry, end of grace
    /// or retry). Does nothing when no subscription is live.
    static func advanceToNextDue(in context: inout LedgerContext) throws -> String {
        let dues = try SubscriptionRow.fetchAll(context.db).compactMap(\.nextDue)
        let due = dues.filter { $0 > context.now }.min() ?? dues.min()
        guard let due else { return "no live subscription: nothing to renew or expire" }
        return try move(to: max(due, context.now), label: "to the next renewal", in: &context)
    }

    static func move(to target: Date, label: String, progress: ((ClockProgress.Update) -> Void)? = nil,
                     in context: inout LedgerContext) throws -> String {
        let estimate = try checkWorkBound(to: target, label: label, in: context)
        var clock = context.clock.reanchored(atWall: context.wallNow)
        clock.anchorStore = max(target, clock.anchorStore)
        try clock.save(context.db)
        context.clock = clock
        context.now = clock.anchorStore
        try context.log(.clockChanged, detail: "advanced \(label) → \(iso(context.now))")
        let steps = try SubscriptionRules.catchUp(in: &context, progress: progress.map { ClockProgress(estimate: estimate, send: $0) })
        return "store time \(iso(context.now))" + (steps > 0 ? " (\(steps) subscription step\(steps == 1 ? "" : "s"))" : "")
    }

    static func setRate(_ rate: TimeRate, in context: inout LedgerContext) throws -> String {
        var clock = context.clock.reanchored(atWall: context.wallNow)
        clock.rate = rate
        try clock.save(context.db)
        context.clock = clock
        // B16: dates already computed stay; the new rate applies from the next period.
        try context.log(.clockChanged, detail: "rate \(rate.name) from the next period")
        return "time rate \(rate.name)"
    }

    static func setPaused(_ paused: Bool, in context: inout LedgerContext) throws -> String {
        var clock = context.clock.reanchored(atWall: context.wallNow)
        clock.isPaused = paused
        try clock.save(context.db)
        context.clock = clock
        try context.log(.clockChanged, detail: paused ? "paused at \(iso(context.now))" : "resumed at \(iso(context.now))")
        return paused ? "store clock paused at \(iso(context.now))" : "store clock running from \(iso(context.now))"
    }

    /// Leaves the store clock where a script's virtual clock had it, running on from `wall` (the
    /// real time now): a ledger a scenario played on reads, to the next real command, as the
    /// scenario left it, not jumped to the real date.
    static func handOver(toWall wall: Date, in context: inout LedgerContext) throws {
        var clock = context.clock.reanchored(atWall: context.wallNow)
        clock.anchorWall = wall
        try clock.save(context.db)
        context.clock = clock
    }

    /// The most subscription steps (renewals, billing failures, expiries) one advance may take.
    /// Apple sets no such limit; ours keeps one advance to a few seconds, since it is one write
    /// transaction that every other process sharing the ledger waits behind.
    static let mostStepsInOneAdvance = 100_000

    /// Refuses, before anything is written, an advance whose catch-up would take more steps than
    /// `mostStepsInOneAdvance` (a year at "one renewal every two seconds" is 15 million).
    /// Returns the estimate.
    @discardableResult
    static func checkWorkBound(to target: Date, label: String, in context: LedgerContext) throws -> Int {
        var steps = 0.0
        for row in try SubscriptionRow.fetchAll(context.db) where row.willAutoRenew || row.isCommitted {
            guard let due = row.nextDue, due <= target,
                  var period = context.catalog.product(id: row.autoRenewProductID)?.subscription?.period else { continue }
            // A commitment renews every month, whatever the product's period.
            if row.billingPlanType == .monthly { period = BillingPlanRules.billingPeriod }
            steps += 1 + target.timeIntervalSince(due) / max(1, context.clock.rate.duration(of: period))
        }
        // Written so that NaN and infinity (dates from a damaged ledger) refuse, never trap.
        guard !(steps <= Double(mostStepsInOneAdvance)) else { return Int(steps) }
        let about = steps < 1e15 ? "about \(Int(steps))" : "far too many"
        throw StoreOperationError(
            "advancing \(label) at the rate \(context.clock.rate.name) would take \(about) renewals, and one advance takes at most \(mostStepsInOneAdvance) (a limit of Tollbooth's own); advance less at a time or choose a slower rate")
    }
}
