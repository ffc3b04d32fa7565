import Foundation

/// The administrative side of the store — Xcode's Transaction Manager, clock and fault
/// controls — inside one database transaction. Obtain one through `Store.admin { … }`.
public struct AdminSession {
    var context: LedgerContext

    init(context: LedgerContext) { self.context = context }

    /// Store time of this session.
    public var now: Date { context.now }
    public var clock: StoreClockState { context.clock }
    public var settings: StoreSettings { context.settings }

    // Transactions
    public func refund(_ id: UInt64, reason: RevocationReason = .other) throws -> String {
        try RefundRules.refund(id, reason: reason, in: context)
    }
    /// The customer asks for a refund of transaction `id`: a pending request, until Apple's
    /// decision (`decideRefund`) or a plain `refund` settles it (docs/domain.md §2.6).
    public func requestRefund(_ id: UInt64, reason: ConsumptionRequestReason = .unintendedPurchase) throws -> String {
        try RefundRules.request(id, reason: reason, in: context)
    }
    /// Apple decides the open refund request of `id`; nil: Tollbooth's rule (`RefundRules.ruling`).
    /// `millipercent`: a prorated refund's share (40% is 40000), else Tollbooth works it out.
    public func decideRefund(_ id: UInt64, _ decision: RefundDecision? = nil, millipercent: Int? = nil) throws -> String {
        try RefundRules.decide(id, decision, millipercent: millipercent, in: context)
    }
    /// Apple reverses the refund of `id` (REFUND_REVERSED): the entitlement returns.
    public func reverseRefund(_ id: UInt64) throws -> String { try RefundRules.reverse(id, in: context) }
    /// What Send Consumption Information received for the open refund request of `id`; throws
    /// `ConsumptionRefusal`.
    public func recordConsumption(_ id: UInt64, _ info: ConsumptionInformation) throws -> String {
        try RefundRules.recordConsumption(id, info, in: context)
    }
    public func expire(_ id: UInt64) throws -> String { try AdminRules.expire(id, in: context) }
    /// Expires the live subscription whose current product is `productID` now (auto-renew off).
    public func expire(productID: String) throws -> String { try AdminRules.expire(product: productID, in: context) }
    public func renew(_ id: UInt64) throws -> String { try AdminRules.renew(id, in: context) }
    /// Renews the live subscription whose current product is `productID` now.
    public func renew(productID: String) throws -> String { try AdminRules.renew(product: productID, in: context) }
    public func cancel(_ id: UInt64) throws -> String { try AdminRules.setAutoRenew(id, false, in: context) }
    public func resume(_ id: UInt64) throws -> String { try AdminRules.setAutoRenew(id, true, in: context) }
    public mutating func approve(_ id: UInt64) throws -> String { try AdminRules.approve(id, in: &context) }
    public func decline(_ id: UInt64) throws -> String { try AdminRules.decline(id, in: context) }
    public mutating func resolve(_ id: UInt64) throws -> String { try AdminRules.resolve(id, in: &context) }
    /// Deletes a transaction, or a pending purchase (they share one id space).
    public func delete(_ id: UInt64) throws -> String { try AdminRules.delete(id, in: context) }
    public func clear() throws -> String { try AdminRules.clear(in: context) }
    /// A purchase made outside the app or on another device: every running device gets it on `updates`.
    /// `options` as for `purchase` (quantity, token, promotional and code offers; an offer that does
    /// not exist or suit the customer throws its `PurchaseError`); `backdating` makes it earlier.
    public mutating func buy(_ productID: String, device: String? = nil, options: Set<PurchaseOption> = [],
                             backdating: Backdating? = nil) throws -> Transaction {
        if let device { try DeviceName.validate(device) }
        return try OutsidePurchaseRules.buy(productID, device: device, options: options, backdating: backdating, in: &context)
    }

    /// Extend a Subscription Renewal Date (App Store Server API): the active subscription whose
    /// original transaction is `originalTransactionID` ends `days` store days later.
    /// Throws `RenewalExtensionRefusal` when Apple's rules refuse it.
    public func extendRenewalDate(originalTransactionID: UInt64, byDays days: Int, reasonCode: Int,
                                  requestIdentifier: String) throws -> RenewalExtension {
        try RenewalExtensionRules.extend(originalTransactionID: originalTransactionID, byDays: days, reasonCode: reasonCode,
                                         requestIdentifier: requestIdentifier, in: context)
    }

    /// Set App Account Token (App Store Server API): the purchase whose original transaction is
    /// `originalTransactionID` carries `token`. Throws `AppAccountTokenRefusal`.
    @discardableResult
    public func setAppAccountToken(_ token: UUID, originalTransactionID: UInt64) throws -> String {
        try AppAccountTokenRules.set(token, originalTransactionID: originalTransactionID, in: context)
    }

    /// Extend Subscription Renewal Dates for All Active Subscribers (App Store Server API):
    /// every active subscription to `productID` on the account, in `storefronts` (nil: all),
    /// ends `days` store days later, as `extendRenewalDate` does; completes at once. Throws
    /// `RenewalExtensionRefusal.invalidDays` or `MassRenewalExtensionRefusal`.
    public func extendRenewalDatesForAllActiveSubscribers(productID: String, byDays days: Int, reasonCode: Int,
                                                          requestIdentifier: String, storefronts: [String]?) throws -> MassRenewalExtension {
        try MassRenewalExtensionRules.extend(productID: productID, byDays: days, reasonCode: reasonCode,
                                             requestIdentifier: requestIdentifier, storefronts: storefronts, in: context)
    }

    /// Finish Transaction (App Store Server API): the developer's server says it delivered the
    /// content, as the app's `finish()` would; the transaction is finished for every device.
    /// False when it was finished already.
    @discardableResult
    public func finishOnServer(_ id: UInt64) throws -> Bool {
        _ = try context.transaction(id)
        guard try Transaction.markFinished(id, by: Self.server, in: context.db) else { return false }
        try context.log(.finish, transaction: id, detail: "finished by \(Self.server) (Finish Transaction)")
        return true
    }

    /// Who finished a transaction through Finish Transaction (`finishedBy`).
    public static let server = "the App Store Server API"

    // Price increases (each a status change on every device)
    /// Asks for consent to a price increase: `priceIncreaseStatus` becomes `.pending`.
    public func requestPriceIncreaseConsent(_ id: UInt64) throws -> String { try PriceIncreaseRules.request(id, in: context) }
    /// The customer consents: `.agreed`, and the subscription renews.
    public func consentToPriceIncrease(_ id: UInt64) throws -> String { try PriceIncreaseRules.consent(id, in: context) }
    /// The customer declines: auto-renew off; at the period's end it expires (`.didNotConsentToPriceIncrease`).
    public func declinePriceIncrease(_ id: UInt64) throws -> String { try PriceIncreaseRules.decline(id, in: context) }
    public func finish(_ id: UInt64, by device: String) throws { try AdminRules.finish(id, by: device, in: context) }

    // Clock
    public mutating func advanceClock(_ advance: ClockAdvance) throws -> String { try ClockRules.advance(advance, in: &context) }
    /// The same, reporting progress every thousand subscription steps (a long advance at a fast
    /// rate runs for seconds inside one transaction).
    public mutating func advanceClock(_ advance: ClockAdvance, progress: @escaping @Sendable (ClockProgress.Update) -> Void) throws -> String {
        try ClockRules.advance(advance, progress: progress, in: &context)
    }
    public mutating func advanceToNextRenewal() throws -> String { try ClockRules.advanceToNextDue(in: &context) }
    public mutating func setRate(_ rate: TimeRate) throws -> String { try ClockRules.setRate(rate, in: &context) }
    public mutating func setPaused(_ paused: Bool) throws -> String { try ClockRules.setPaused(paused, in: &context) }
    /// Re-anchors the store clock from this session's wall clock (a script's) onto `wall`, the
    /// real time, keeping the store time it reads now.
    public mutating func handClockOver(toWall wall: Date) throws { try ClockRules.handOver(toWall: wall, in: &context) }

    // Faults and switches
    public func setFault(_ rule: FaultRule) throws { try FaultBook.set(rule, in: context) }
    public func clearFaults(_ api: FailableAPI? = nil) throws { try FaultBook.clear(api, in: context) }
    public func faults() throws -> [FaultRule] { try FaultBook.all(context.db) }

    /// Puts the catalog's settings back: switches, locale, storefront, time rate, StoreKit errors
    /// (SKTestSession's `resetToDefaultState()`). Transactions and store time stay.
    public mutating func restoreCatalogSettings() throws -> String { try LedgerSeed.restoreSettings(in: &context) }

    /// Changes settings (switches, locale, storefront, intro rule) and logs what changed.
    public mutating func updateSettings(_ change: (inout StoreSettings) -> Void) throws -> String {
        var settings = context.settings
        change(&settings)
        guard settings != context.settings else { return "settings unchanged" }
        let before = context.settings
        try settings.save(context.db)
        context.settings = settings
        var parts: [String] = []
        if before.switches != settings.switches {
            parts.append("switches: \(settings.switches.activeNames.isEmpty ? "none" : settings.switches.activeNames.joined(separator: ", "))")
            if before.switches.dialogsDisabled != settings.switches.dialogsDisabled {
                parts.append("dialogs \(settings.switches.dialogsDisabled ? "off" : "on")")
            }
        }
        if before.locale != settings.locale { parts.append("locale \(settings.locale)") }
        if before.storefront != settings.storefront { parts.append("storefront \(settings.storefront)") }
        if before.introRule != settings.introRule { parts.append("intro rule \(settings.introRule.rawValue)") }
        let text = parts.joined(separator: "; ")
        try context.log(.settingsChanged, detail: text)
        return text
    }

    // Family Sharing
    /// Flags `device` as a family member's (it sees the shared products as `familyShared`) or
    /// as the purchaser's again. Takes effect at the device's next launch.
    public func setFamilyMember(_ device: String, _ member: Bool) throws -> String {
        try DeviceName.validate(device)
        return try FamilySharing.setMember(device, member, in: context)
    }
    /// The purchaser turns Family Sharing off (or on again) for a product the catalog marks
    /// shareable: family members lose (or regain) it.
    public func setFamilySharing(_ productID: String, shared: Bool) throws -> String {
        try FamilySharing.setSharing(productID, shared, in: context)
    }

    // Notifications
    /// Sends every store event's App Store Server Notification to `url` (http or https), or,
    /// with nil, stops. Throws one sentence for a URL that is not http(s).
    public func setNotificationURL(_ url: String?) throws -> String { try Outbox.setURL(url, in: context) }
    /// The receiver's URL, or nil when notifications are off.
    public func notificationURL() throws -> String? { try Outbox.url(context.db) }
    /// Enqueues a TEST notification (Request a Test Notification); its `notificationUUID` is
    /// the test notification token. Throws when no URL is set.
    public func requestTestNotification() throws -> OutboxNotification {
        guard let notification = try Outbox.enqueue(.init(type: .test, time: context.now), in: context) else {
            throw StoreOperationError("no notification URL is set; set one with `tollbooth notify url URL` first")
        }
        try context.log(.settingsChanged, detail: "TEST notification \(notification.id) queued for \(notification.url)")
        return notification
    }
    /// Queues an example of a notification type whose events Tollbooth does not emulate
    /// (`ExampleNotifications`), with `subtype` or the type's first.
    public func requestExampleNotification(_ type: NotificationType, subtype: NotificationSubtype?) throws -> OutboxNotification {
        guard let notification = try ExampleNotifications.enqueue(type, subtype: subtype, in: context) else {
            throw StoreOperationError("no notification URL is set; set one with `tollbooth notify url URL` first")
        }
        let name = [notification.type.rawValue, notification.subtype?.rawValue].compactMap { $0 }.joined(separator: " ")
        try context.log(.settingsChanged, detail: "example \(name) notification \(notification.id) queued for \(notification.url)")
        return notification
    }
    /// Sends notification `id` again, at once, with the same signed payload.
    public func resendNotification(_ id: Int64) throws -> OutboxNotification { try Outbox.resend(id, in: context) }

    // Reading
    /// `Transaction.currentEntitlements` as `device` sees it (nil: the purchaser's view).
    public func currentEntitlements(device: String? = nil) throws -> [Transaction] {
        let all = try AccountQueries.currentEntitlements(context.db)
        guard let device, try FamilySharing.isMember(device, in: context.db) else { return all }
        return try FamilySharing.memberView(all, catalog: context.catalog, in: context.db)
    }
    /// Whether `device` is flagged as a family member's.
    public func isFamilyMember(_ device: String) throws -> Bool { try FamilySharing.isMember(device, in: context.db) }
    public func transactions(limit: Int? = nil) throws -> [Transaction] { try AccountQueries.everything(context.db, limit: limit) }
    public func pending() throws -> [PendingPurchase] { try AccountQueries.pending(context.db) }
    public func events(after id: Int64 = 0, limit: Int = 10_000) throws -> [StoreEvent] {
        try AccountQueries.events(context.db, after: id, limit: limit)
    }
    public func statuses() throws -> [SubscriptionStatus] {
        try AccountQueries.statuses(context.db, catalog: context.catalog, currency: context.currencyCode)
    }
    public func devices() throws -> [String] { try DeviceRecords.launched(context.db) }
    /// The account's app transaction as `device` would receive it now; nil before any app
    /// launched on the ledger (its bundle ID is what signed data names, `SignedDataContext`).
    public func appTransaction(for device: String) throws -> AppTransactionRecord? {
        try AppTransactionRules.record(for: device, at: context.now, in: context.db)
    }

    /// Writes a line to the event log that changes nothing else (an app's failed call).
    public func note(_ kind: StoreEvent.Kind, detail: String) throws { try context.log(kind, detail: detail) }
}
