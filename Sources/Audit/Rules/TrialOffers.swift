import MockStore

/// The free trial a customer can really get on a plan: its configured introductory offer, when it
/// is a free trial and the store says the customer is eligible in the plan's group.
extension RenderedPaywall {
    func eligibleFreeTrial(_ product: Product) -> TrialLength? {
        guard let offer = configuredIntroOffer(product), offer.paymentMode == .freeTrial,
              isEligibleForIntroOffer(product) else { return nil }
        return TrialLength(offer: offer.period, count: offer.periodCount)
    }

    /// Why `product` has no trial a customer can get, for messages.
    func noTrialReason(_ product: Product) -> String {
        guard let offer = configuredIntroOffer(product) else { return "\(product.id) has no introductory offer configured" }
        guard offer.paymentMode == .freeTrial else { return "\(product.id)'s introductory offer is not a free trial" }
        return "this customer is not eligible for \(product.id)'s introductory offer"
    }
}
