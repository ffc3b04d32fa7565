import Foundation

/// Turns catalog products into `Product` values for one locale and storefront, as
/// `Product.products(for:)` would return them.
struct ProductResolver: Sendable {
    let catalog: Catalog
    let locale: String
    let storefront: String

    var priceFormat: PriceFormat {
        PriceFormat(currencyCode: Storefront.currencyCode(forAlpha3: storefront), locale: locale)
    }

    func product(_ item: CatalogProduct) -> Product {
        let format = priceFormat
        let text = LocaleMatch.best(item.localizations, for: locale, fileDefault: catalog.settings.locale, key: \.locale)
        var subscription: Product.SubscriptionInfo?
        if let info = item.subscription {
            let group = catalog.group(id: info.groupID)
            let groupName = group.flatMap { LocaleMatch.best($0.localizations, for: locale, fileDefault: catalog.settings.locale, key: \.locale)?.displayName }
                .flatMap { $0.isEmpty ? nil : $0 } ?? group?.name ?? info.groupID
            subscription = .init(
                subscriptionGroupID: info.groupID, groupDisplayName: groupName, groupLevel: info.level,
                subscriptionPeriod: info.period, introductoryOffer: info.introductoryOffer.map { offer($0, format) },
                promotionalOffers: info.promotionalOffers.map { offer($0, format) },
                winBackOffers: info.winBackOffers.map { offer($0, format) },
                pricingTerms: pricingTerms(item, info, format))
        }
        return Product(id: item.id, type: item.type, displayName: text?.displayName ?? "", description: text?.description ?? "",
                       displayPrice: format.format(item.price), price: format.amountShown(item.price), priceFormatStyle: format,
                       isFamilyShareable: item.isFamilyShareable, subscription: subscription)
    }

    /// The enabled billing plans as pricing terms. Up front bills the product's own price once
    /// per period, as every purchase without a plan does (a file's up-front plan price is not
    /// what Xcode charges either); monthly bills the plan's price monthly over 12 months.
    func pricingTerms(_ item: CatalogProduct, _ info: CatalogSubscription, _ format: PriceFormat) -> [Product.PricingTerms] {
        info.billingPlans.filter(\.isEnabled).compactMap { plan in
            switch plan.type {
            case CatalogBillingPlan.billedUpfront:
                return .init(billingPlanType: .billedUpfront, billingPrice: format.amountShown(item.price),
                             billingDisplayPrice: format.format(item.price), billingPeriod: info.period,
                             commitmentPrice: format.amountShown(item.price), commitmentDisplayPrice: format.format(item.price),
                             commitmentPeriod: info.period)
            case CatalogBillingPlan.monthly:
                let months = BillingPlanRules.periodsPerCommitment
                let total = plan.commitmentPrice ?? plan.price * Decimal(months)
                return .init(billingPlanType: .monthly, billingPrice: format.amountShown(plan.price),
                             billingDisplayPrice: format.format(plan.price), billingPeriod: BillingPlanRules.billingPeriod,
                             commitmentPrice: format.amountShown(total), commitmentDisplayPrice: format.format(total),
                             commitmentPeriod: SubscriptionPeriod(value: months, unit: .month))
            default:
                return nil
            }
        }
    }

    func offer(_ offer: CatalogOffer, _ format: PriceFormat) -> Product.SubscriptionOffer {
        .init(id: offer.id, type: offer.type, displayPrice: format.format(offer.price), price: format.amountShown(offer.price),
              paymentMode: offer.paymentMode, period: offer.period, periodCount: offer.periodCount)
    }
}
