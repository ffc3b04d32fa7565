import MockStore

/// The free trial a customer can really get on a plan: its configured introductory offer, when it
/// is a free trial and the store says the customer is eligible in the plan's group.
extension RenderedPaywall {
    func eligibleFreeTrial(_ product: Product) -> TrialLength? {
        guard let offer = configuredIntroOffer(product), offer.paymentMode == .freeTrial,
              isEligibleForIntroOffer(product) else { return nil }
        return TrialLength(offer: offer.period, count: offer.periodCount)
    }

    /// A trial the customer can start on `product`: its eligible free trial, or, for a free
    /// time-limited trial of a non-subscription app (D18), the length its name states.
    func startableTrial(_ product: Product) -> TrialLength? {
        if let trial = eligibleFreeTrial(product) { return trial }
        guard let trial = TimeLimitedTrial(product) else { return nil }
        return TrialLength(value: trial.length.value, unit: trial.length.unit)
    }

    /// Why `product` has no trial a customer can get, for messages.
    func noTrialReason(_ product: Product) -> String {
        guard let offer = configuredIntroOffer(product) else { return "\(product.id) has no introductory offer configured" }
        guard offer.paymentMode == .freeTrial else { return "\(product.id)'s introductory offer is not a free trial" }
        return "this customer is not eligible for \(product.id)'s introductory offer"
    }
}
