import Foundation

/// Monthly billing plans with a 12-month commitment (docs/domain.md §1.12; Apple's "Supporting
/// monthly subscriptions with a 12-month commitment" and "Managing the life cycle of monthly
/// subscriptions with a 12-month commitment").
///
/// A yearly subscription bought with `.billingPlanType(.monthly)` is billed the plan's monthly
/// price every month: each payment is its own transaction, one month long, numbered 1 to 12 in
/// its commitment. The 12 payments are owed once agreed: turning auto-renew off stops only the
/// renewal after the commitment. When the commitment ends with auto-renew on, a new one begins
/// (period 1 again), on the plan the renewal info names.
enum BillingPlanRules {
    /// Payments in one commitment.
    static let periodsPerCommitment = 12
    /// How often a commitment bills.
    static let billingPeriod = SubscriptionPeriod.monthly

    /// The enabled catalog plan of `type` that `product` offers, if any.
    static func plan(_ type: BillingPlanType, of product: CatalogProduct) -> CatalogBillingPlan? {
        product.subscription?.billingPlans.first { $0.type == type.rawValue && $0.isEnabled }
    }

    /// The plan a purchase asks for: nil when it asks for none or for up-front billing, which
    /// is how every subscription was paid before billing plans (nothing changes).
    static func requested(_ options: Set<PurchaseOption>) -> BillingPlanType? {
        for case .billingPlanType(let type) in options where type != .billedUpfront { return type }
        return nil
    }

    /// Why a purchase cannot have the plan it asks for. Apple documents no error for a plan the
    /// product lacks; ours is `Product.PurchaseError.productUnavailable` (the product is not for
    /// sale that way). A commitment takes no offer: Tollbooth does not model offers on a
    /// commitment, and says so with `ineligibleForOffer` rather than charging a different price.
    static func error(for product: CatalogProduct, options: Set<PurchaseOption>) -> InjectedError? {
        guard let type = requested(options) else { return nil }
        guard type == .monthly, plan(.monthly, of: product) != nil else { return .purchase(.productUnavailable) }
        if options.promotionalOfferID != nil || options.winBackOfferID != nil || options.codeOfferReferenceName != nil {
            return .purchase(.ineligibleForOffer)
        }
        return nil
    }

    /// The end of billing period `number` of a commitment that started at `start`: months
    /// counted from the start (so the 12th ends when the commitment does), never before `after`.
    static func periodEnd(_ number: Int, commitmentStart start: Date, after: Date, rate: TimeRate) -> Date {
        let end = rate.end(of: SubscriptionPeriod(value: number, unit: .month), from: start)
        // A rate changed mid-commitment could put the computed end behind the period's start.
        return end > after ? end : rate.end(of: billingPeriod, from: after)
    }

    /// Starts a commitment of `product`'s monthly plan at `start` on `transaction` and `row`:
    /// the first payment. Returns false (changing nothing) when the product has no monthly plan.
    @discardableResult
    static func begin(_ product: CatalogProduct, transaction: inout Transaction, row: inout SubscriptionRow,
                      at start: Date, in context: LedgerContext) -> Bool {
        guard let plan = Self.plan(.monthly, of: product) else { return false }
        let rate = context.clock.rate
        let end = rate.end(of: SubscriptionPeriod(value: periodsPerCommitment, unit: .month), from: start)
        let total = context.charged(plan.commitmentPrice ?? plan.price * Decimal(periodsPerCommitment))
        row.billingPlanType = .monthly
        row.commitmentPeriod = 1
        row.commitmentPeriods = periodsPerCommitment
        row.commitmentPrice = total
        row.commitmentStartDate = start
        row.commitmentExpirationDate = end
        // Apple: the commitment renews on the same plan unless the customer chooses otherwise.
        row.renewalBillingPlanType = .monthly
        transaction.price = context.charged(plan.price)
        transaction.expirationDate = periodEnd(1, commitmentStart: start, after: start, rate: rate)
        transaction.billingPlanType = .monthly
        transaction.commitmentInfo = .init(billingPeriodNumber: 1, totalBillingPeriods: periodsPerCommitment,
                                           price: total, expirationDate: end)
        return true
    }

    /// The next payment of the commitment in progress, on `transaction` (a renewal starting at
    /// `start`). A new commitment begins when the last one is paid and the row's renewal plan
    /// is monthly; otherwise the row leaves billing plans and the renewal is billed up front.
    static func renew(_ product: CatalogProduct, transaction: inout Transaction, row: inout SubscriptionRow,
                      at start: Date, in context: LedgerContext) {
        if row.isCommitted, let commitmentStart = row.commitmentStartDate, let end = row.commitmentExpirationDate,
           let plan = Self.plan(.monthly, of: product) ?? context.catalog.product(id: row.productID).flatMap({ Self.plan(.monthly, of: $0) }) {
            row.commitmentPeriod += 1
            transaction.price = context.charged(plan.price)
            // The last payment's period ends with the commitment itself.
            transaction.expirationDate = row.commitmentPeriod == row.commitmentPeriods && end > start
                ? end
                : periodEnd(row.commitmentPeriod, commitmentStart: commitmentStart, after: start, rate: context.clock.rate)
            transaction.billingPlanType = .monthly
            transaction.commitmentInfo = .init(billingPeriodNumber: row.commitmentPeriod, totalBillingPeriods: row.commitmentPeriods,
                                               price: row.commitmentPrice ?? 0, expirationDate: end)
            return
        }
        let renewsMonthly = row.billingPlanType == .monthly && row.renewalBillingPlanType == .monthly
        leave(&row)
        if renewsMonthly {
            begin(product, transaction: &transaction, row: &row, at: start, in: context)
        }
    }

    /// Clears the commitment fields: the subscription is billed up front from here on.
    static func leave(_ row: inout SubscriptionRow) {
        row.billingPlanType = nil
        row.commitmentPeriod = 0
        row.commitmentPeriods = 0
        row.commitmentPrice = nil
        row.commitmentStartDate = nil
        row.commitmentExpirationDate = nil
        row.renewalBillingPlanType = nil
    }

    /// What the renewal info says of a subscription's billing plan: `committed` while payments
    /// remain owed (the next period renews whatever auto-renew says), the next payment's plan
    /// and price, and the commitment's terms. All nil for a subscription billed up front.
    static func renewalTerms(of row: SubscriptionRow, in catalog: Catalog, shown: (Decimal) -> Decimal)
        -> (committed: Bool, type: BillingPlanType?, price: Decimal?, commitment: RenewalInfo.CommitmentInfo?) {
        guard row.billingPlanType == .monthly, let end = row.commitmentExpirationDate else { return (false, nil, nil, nil) }
        let live = [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(row.state)
        let committed = live && row.isCommitted
        let nextPlan = row.renewalBillingPlanType ?? .billedUpfront
        let nextProduct = catalog.product(id: row.autoRenewProductID)
        // The next commitment's total, or the up-front price when it renews billed up front.
        let nextCommitmentPrice: Decimal? = nextPlan == .monthly
            ? nextProduct.flatMap { plan(.monthly, of: $0) }.map { $0.commitmentPrice ?? $0.price * Decimal(periodsPerCommitment) }
            : nextProduct?.price
        let monthlyPrice = catalog.product(id: committed ? row.productID : row.autoRenewProductID)
            .flatMap { plan(.monthly, of: $0) }?.price
        let type: BillingPlanType = committed ? .monthly : nextPlan
        let price: Decimal? = type == .monthly ? monthlyPrice : nextProduct?.price
        let commitment = RenewalInfo.CommitmentInfo(
            renewalDate: end, renewalPrice: nextCommitmentPrice.map(shown), willAutoRenew: row.willAutoRenew,
            autoRenewPreference: row.autoRenewProductID, renewalBillingPlanType: nextPlan)
        return (committed, type, price, commitment)
    }
}
