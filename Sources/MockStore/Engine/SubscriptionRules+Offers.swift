import Foundation

/// Offers on a subscription: applied when it starts or changes plan at once, or kept for the
/// renewal at which a downgrade takes effect.
extension SubscriptionRules {
    /// The offer a plan change asks for: a promotional, win-back or code offer named in the
    /// options (an introductory offer never applies to a change within a group).
    static func changeOffer(_ info: CatalogSubscription, options: Set<PurchaseOption>) -> CatalogOffer? {
        if let id = options.promotionalOfferID { return info.promotionalOffers.first { $0.id == id } }
        if let id = options.winBackOfferID { return info.winBackOffers.first { $0.id == id } }
        if let name = options.codeOfferReferenceName { return info.codeOffers.first { $0.referenceName == name } }
        return nil
    }

    /// Apple's offer id: an offer code's is its reference name.
    static func offerID(_ offer: CatalogOffer) -> String? { offer.type == .code ? offer.referenceName : offer.id }

    /// How long one transaction under `offer` lasts: one period of a pay-as-you-go offer, the
    /// whole span (period × count) of a free trial or a pay-up-front offer.
    static func span(of offer: CatalogOffer) -> SubscriptionPeriod {
        offer.paymentMode == .payAsYouGo ? offer.period : duration(of: offer)
    }

    /// An offer's whole duration, Apple's `offerPeriod`: one period × the number of periods. The
    /// count comes from a catalog file: one too large to multiply counts as one.
    static func duration(of offer: CatalogOffer) -> SubscriptionPeriod {
        let (value, overflow) = offer.period.value.multipliedReportingOverflow(by: max(1, offer.periodCount))
        return SubscriptionPeriod(value: overflow ? offer.period.value : value, unit: offer.period.unit)
    }

    /// `offer` on a transaction starting now: its price and its first period's end; the
    /// pay-as-you-go periods after the first are kept on the row for the renewals.
    static func apply(_ offer: CatalogOffer, to transaction: inout Transaction, row: inout SubscriptionRow, in context: LedgerContext) {
        transaction.offer = .init(id: offerID(offer), type: offer.type, paymentMode: offer.paymentMode)
        transaction.offerPeriod = duration(of: offer)
        if offer.paymentMode == .payAsYouGo {
            row.offerPeriodsLeft = max(0, offer.periodCount - 1)
            row.offerPrice = offer.price
            row.offerType = offer.type
            row.offerPaymentMode = offer.paymentMode
            row.offerID = offerID(offer)
        }
        transaction.price = context.charged(offer.price)
        transaction.expirationDate = context.clock.rate.end(of: span(of: offer), from: context.now)
    }

    /// A downgrade's offer, kept for the renewal at which the downgrade takes effect: every
    /// pay-as-you-go period of it, or its one span.
    static func pend(_ offer: CatalogOffer, on row: inout SubscriptionRow) {
        row.offerPeriodsLeft = offer.paymentMode == .payAsYouGo ? max(1, offer.periodCount) : 1
        row.offerPrice = offer.price
        row.offerType = offer.type
        row.offerPaymentMode = offer.paymentMode
        row.offerID = offerID(offer)
    }

    /// Whether the row's offer is one a downgrade to `info`'s product was bought with (not what
    /// is left of the old product's introductory offer).
    static func isPendingChangeOffer(_ row: SubscriptionRow, _ info: CatalogSubscription) -> Bool {
        row.offerType != .introductory && configuredOffer(info, type: row.offerType, id: row.offerID) != nil
    }

    /// A cancelled downgrade takes its offer with it.
    static func dropPendingChangeOffer(_ row: inout SubscriptionRow, catalog: Catalog) {
        guard row.autoRenewProductID != row.productID, let pending = catalog.product(id: row.autoRenewProductID)?.subscription,
              isPendingChangeOffer(row, pending) else { return }
        row.offerPeriodsLeft = 0
        row.offerPrice = nil
        row.offerType = nil
        row.offerPaymentMode = nil
        row.offerID = nil
    }

    /// The event log's note of an offer.
    static func offerText(_ offer: CatalogOffer?) -> String { offer.map { ", \($0.type) offer \($0.paymentMode)" } ?? "" }
}
