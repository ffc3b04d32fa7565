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
                winBackOffers: info.winBackOffers.map { offer($0, format) })
        }
        return Product(id: item.id, type: item.type, displayName: text?.displayName ?? "", description: text?.description ?? "",
                       displayPrice: format.format(item.price), price: format.amountShown(item.price), priceFormatStyle: format,
                       isFamilyShareable: item.isFamilyShareable, subscription: subscription)
    }

    func offer(_ offer: CatalogOffer, _ format: PriceFormat) -> Product.SubscriptionOffer {
        .init(id: offer.id, type: offer.type, displayPrice: format.format(offer.price), price: format.amountShown(offer.price),
              paymentMode: offer.paymentMode, period: offer.period, periodCount: offer.periodCount)
    }
}
