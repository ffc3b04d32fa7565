import MockStore

/// The customer's current state for a product, and the store status line.
extension Strings {
    public func subscribedRenews(_ date: String) -> String { text(.subscribedRenews, date) }
    public var subscribedBadge: String { text(.subscribedBadge) }
    /// "Free trial until Nov 25, 2026 09:00, then $39.99/year".
    public func freeTrialUntil(_ date: String, then after: String) -> String {
        text(.freeTrialUntil, date, after)
    }
    /// An introductory price whose last discounted period ends on `date`.
    public func introPriceUntil(_ price: String, _ date: String, then after: String) -> String {
        text(.introPriceUntil, price, date, after)
    }
    /// An introductory price with more discounted periods after this one.
    public func introPriceRenews(_ price: String, _ date: String) -> String {
        text(.introPriceRenews, price, date)
    }
    /// A non-renewing subscription's current period.
    public func activeUntil(_ date: String) -> String { text(.activeUntil, date) }
    /// A non-renewing subscription whose product states no length.
    public func boughtOn(_ date: String) -> String {
        text(.boughtOn, date)
    }
    public func willExpire(_ date: String) -> String { text(.willExpire, date) }
    /// "Subscribed, payment 3 of 12, next on DATE": a monthly plan inside its commitment.
    public func commitmentPayment(_ payment: Int, of total: Int, next date: String) -> String {
        text(.commitmentPayment, payment, total, date)
    }
    /// "Payment 3 of 12; the commitment ends on DATE and does not renew": auto-renew turned off.
    public func commitmentPaymentEnds(_ payment: Int, of total: Int, endsOn date: String) -> String {
        text(.commitmentPaymentEnds, payment, total, date)
    }
    public var billingRetry: String { text(.billingRetry) }
    public func gracePeriod(_ date: String) -> String { text(.gracePeriod, date) }
    public var gracePeriodNoDate: String { text(.gracePeriodNoDate) }
    public var revoked: String { text(.revoked) }
    public var owned: String { text(.owned) }
    public var pendingApproval: String { text(.pendingApproval) }
    public var interrupted: String { text(.interrupted) }
    public func changesTo(_ name: String, _ date: String) -> String { text(.changesTo, name, date) }
    public func startsOn(_ date: String) -> String { text(.startsOn, date) }
    /// A scheduled change whose renewal waits on a billing problem.
    public var startsAtNextRenewal: String { text(.startsAtNextRenewal) }
    public var unverified: String { text(.unverified) }
    public func expiredOn(_ date: String) -> String { text(.expiredOn, date) }
    public var priceIncreasePending: String { text(.priceIncreasePending) }
    public var familyShared: String { text(.familyShared) }

    // MARK: Status line

    public var storeTimeLabel: String { text(.storeTimeLabel) }
    public var rateLabel: String { text(.rateLabel) }
    public var paused: String { text(.paused) }
    public var faultsLabel: String { text(.faultsLabel) }
    public var switchesLabel: String { text(.switchesLabel) }
    public var lastEventLabel: String { text(.lastEventLabel) }

    /// The clock's rate in words: "real time", "1 month = 30 s", "every period = 10 s".
    public func rateSummary(_ rate: TimeRate) -> String {
        if rate.isRealTime { return text(.statusRate_realTime) }
        let every = rate.rawValue >= 1000 ? text(.statusRate_everyPeriod) : period(.monthly)
        return "\(every) = \(duration(rate.duration(of: .monthly)))"
    }

    /// What an event was, in words: "purchase", "settings changed" / 「設定の変更」.
    public func eventKindName(_ kind: StoreEvent.Kind) -> String {
        switch kind {
        case .purchase: text(.eventKind_purchase)
        case .renewal: text(.eventKind_renewal)
        case .upgrade: text(.eventKind_upgrade)
        case .downgrade: text(.eventKind_downgrade)
        case .crossgrade: text(.eventKind_crossgrade)
        case .billingFailure: text(.eventKind_billingFailure)
        case .gracePeriod: text(.eventKind_gracePeriod)
        case .billingRetry: text(.eventKind_billingRetry)
        case .billingRecovered: text(.eventKind_billingRecovered)
        case .expiry: text(.eventKind_expiry)
        case .autoRenewOff: text(.eventKind_autoRenewOff)
        case .autoRenewOn: text(.eventKind_autoRenewOn)
        case .priceIncrease: text(.eventKind_priceIncrease)
        case .refund: text(.eventKind_refund)
        case .revoke: text(.eventKind_revoke)
        case .renewalExtended: text(.eventKind_renewalExtended)
        case .refundRequest: text(.eventKind_refundRequest)
        case .refundDeclined: text(.eventKind_refundDeclined)
        case .refundReversed: text(.eventKind_refundReversed)
        case .askToBuyRequest: text(.eventKind_askToBuyRequest)
        case .approve: text(.eventKind_approve)
        case .decline: text(.eventKind_decline)
        case .interrupted: text(.eventKind_interrupted)
        case .resolve: text(.eventKind_resolve)
        case .finish: text(.eventKind_finish)
        case .sync: text(.eventKind_sync)
        case .delete: text(.eventKind_delete)
        case .clear: text(.eventKind_clear)
        case .faultFired: text(.eventKind_faultFired)
        case .faultChanged: text(.eventKind_faultChanged)
        case .clockChanged: text(.eventKind_clockChanged)
        case .settingsChanged: text(.eventKind_settingsChanged)
        case .launch: text(.eventKind_launch)
        case .appError: text(.eventKind_appError)
        case .notification: text(.eventKind_notification)
        }
    }
}
