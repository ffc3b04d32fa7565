import Foundation
import MockStore

/// A subscription's second way to pay: monthly, over a 12-month commitment (a v5 catalog's
/// enabled `MONTHLY` billing plan; Apple's "monthly subscriptions with a 12-month commitment").
///
/// The amounts are the catalog's numbers, formatted by the product's own price format, so a
/// storefront shows them in its currency as it shows the product's price.
public struct CommitmentTerms: Sendable, Hashable {
    /// The amount charged each month.
    public var monthlyPrice: Decimal
    /// What the 12 payments come to: the file's `commitmentDisplayPrice`, else 12 × the monthly
    /// amount.
    public var totalPrice: Decimal
    /// Payments in one commitment: Apple's commitment is 12 months, billed monthly.
    public var payments: Int

    public static let monthsPerCommitment = 12

    public init(monthlyPrice: Decimal, totalPrice: Decimal, payments: Int = CommitmentTerms.monthsPerCommitment) {
        self.monthlyPrice = monthlyPrice
        self.totalPrice = totalPrice
        self.payments = payments
    }

    /// The commitment of `product` in `catalog`, nil when it has no enabled monthly plan.
    public init?(_ product: CatalogProduct) {
        guard let plan = product.subscription?.billingPlans.first(where: {
            $0.isEnabled && $0.type == CatalogBillingPlan.monthly
        }) else { return nil }
        self.init(monthlyPrice: plan.price,
                  totalPrice: plan.commitmentPrice ?? plan.price * Decimal(Self.monthsPerCommitment))
    }

    /// Every product of `catalog` that can be paid monthly, by product id.
    public static func all(in catalog: Catalog) -> [String: CommitmentTerms] {
        var found: [String: CommitmentTerms] = [:]
        for product in catalog.products { found[product.id] = CommitmentTerms(product) }
        return found
    }

    /// "$4.99" in `product`'s currency and format.
    public func monthly(for product: Product) -> String { product.priceFormatStyle.format(monthlyPrice) }

    /// "$59.88" in `product`'s currency and format.
    public func total(for product: Product) -> String { product.priceFormatStyle.format(totalPrice) }
}
