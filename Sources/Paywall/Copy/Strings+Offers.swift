import Chrome
import MockStore

/// Introductory-offer terms, always followed by the price after the offer (D12).
extension Strings {
    /// The length of a free trial ("3 days" / 「3日間」), from the configured offer (D15).
    public func trialLength(_ offer: Product.SubscriptionOffer) -> String {
        span(offer.period, count: offer.periodCount)
    }

    /// "3 days free, then ¥480/month" / 「3日間無料、その後 ¥480/月」, and the paid-offer forms.
    public func offerTerms(_ offer: Product.SubscriptionOffer, regularPrice: String,
                           period: SubscriptionPeriod) -> String {
        let after = pricePerPeriod(regularPrice, period)
        switch offer.paymentMode {
        case .freeTrial:
            let length = trialLength(offer)
            return text(.offerTerms, length, after)
        case .payAsYouGo:
            let each = pricePerPeriod(offer.displayPrice, offer.period)
            let span = span(offer.period, count: offer.periodCount)
            return text(.offerTerms_forThen, each, span, after)
        default:
            // payUpFront and any future mode: one price for the whole discounted span.
            let span = span(offer.period, count: offer.periodCount)
            return text(.offerTerms_forTheFirstThen, offer.displayPrice, span, after)
        }
    }
}
