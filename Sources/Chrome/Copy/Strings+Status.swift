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
}
