import Foundation

/// One v5.0 `billingPlans[]` entry: how a subscription can be paid (storekit-format.md §5.5).
///
/// A yearly subscription may be billed up front (`BILLED_UPFRONT`) or monthly with a 12-month
/// commitment (`MONTHLY`, where `price` is the monthly amount and `commitmentPrice` the total).
public struct CatalogBillingPlan: Sendable, Equatable {
    /// `billingPlanType`, kept as written: only `BILLED_UPFRONT` and `MONTHLY` have been seen.
    public var type: String
    /// `displayPrice`: the amount charged each billing.
    public var price: Decimal
    /// `commitmentDisplayPrice`: the total over the commitment, when the file gives one.
    public var commitmentPrice: Decimal?
    public var isEnabled: Bool
    public var internalID: String?

    public init(type: String, price: Decimal, commitmentPrice: Decimal? = nil, isEnabled: Bool = true,
                internalID: String? = nil) {
        self.type = type
        self.price = price
        self.commitmentPrice = commitmentPrice
        self.isEnabled = isEnabled
        self.internalID = internalID
    }

    /// The plan type for paying the whole period at once (the only plan before v5).
    public static let billedUpfront = "BILLED_UPFRONT"
    /// The plan type for paying monthly over a 12-month commitment.
    public static let monthly = "MONTHLY"
}
