import Foundation
import TollboothStoreKit

extension Product.PurchaseOption {
    /// What a subscription bought with an earlier `purchaseDate` did since, as StoreKitTest's
    /// `Product.PurchaseOption.SubscriptionRenewalBehavior`.
    public enum SubscriptionRenewalBehavior: Codable, Hashable, Sendable {
        /// It renewed period by period up to now; each renewal is a transaction.
        case renewUntilNow
        /// Auto-renew went off at once, so it has expired by now if its period passed.
        case cancelImmediately
    }

    /// Makes `SKTestSession.buyProduct(identifier:options:)` buy at an earlier date.
    public static func purchaseDate(_ date: Date, renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow) -> Product.PurchaseOption {
        .init(.purchaseDate(date, renewUntilNow: renewalBehavior == .renewUntilNow))
    }

    /// Applies the promotional offer `identifier` (its `offerID`) without a signature.
    public static func promotionalOffer(id identifier: String) -> Product.PurchaseOption {
        .init(.promotionalOfferID(identifier))
    }

    /// Applies the offer code whose reference name is `referenceName`.
    public static func codeOffer(referenceName: String) -> Product.PurchaseOption {
        .init(.codeOffer(referenceName: referenceName))
    }
}
