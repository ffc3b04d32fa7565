import Foundation
import MockStore

extension Product {
    /// An option of a purchase, as `Product.PurchaseOption`.
    public struct PurchaseOption: Equatable, Hashable, Sendable {
        /// What the option asks for. Package-visible so `TollboothStoreKitTest` can add the
        /// StoreKitTest-only options.
        package enum Kind: Hashable, Sendable {
            case appAccountToken(UUID)
            case quantity(Int)
            case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
            case signedPromotionalOffer(offerID: String, compactJWS: String)
            case winBackOffer(offerID: String)
            case simulatesAskToBuyInSandbox(Bool)
            case custom(key: String, value: String)
            case introductoryOfferEligibility(compactJWS: String)
            case onStorefrontChange(StorefrontChangeDecision)
            case billingPlanType(String)
            // StoreKitTest's `buyProduct(identifier:options:)` only.
            case purchaseDate(Date, renewUntilNow: Bool)
            case codeOffer(referenceName: String)
            case promotionalOfferID(String)
        }
        package let kind: Kind

        package init(_ kind: Kind) { self.kind = kind }

        public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption { .init(.appAccountToken(token)) }
        public static func quantity(_ quantity: Int) -> Product.PurchaseOption { .init(.quantity(quantity)) }
        public static func promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int) -> Product.PurchaseOption {
            .init(.promotionalOffer(offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
        }
        public static func promotionalOffer(offerID: String, signature: Product.SubscriptionOffer.Signature) -> Product.PurchaseOption {
            .promotionalOffer(offerID: offerID, keyID: signature.keyID, nonce: signature.nonce, signature: signature.signature, timestamp: signature.timestamp)
        }
        public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [Product.PurchaseOption] {
            [.init(.signedPromotionalOffer(offerID: offerID, compactJWS: compactJWS))]
        }
        public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption {
            .init(.winBackOffer(offerID: offer.id ?? ""))
        }
        public static func simulatesAskToBuyInSandbox(_ simulateAskToBuy: Bool) -> Product.PurchaseOption {
            .init(.simulatesAskToBuyInSandbox(simulateAskToBuy))
        }
        public static func custom(key: String, value: String) -> Product.PurchaseOption { .init(.custom(key: key, value: value)) }
        public static func custom(key: String, value: Double) -> Product.PurchaseOption { .init(.custom(key: key, value: "\(value)")) }
        public static func custom(key: String, value: Bool) -> Product.PurchaseOption { .init(.custom(key: key, value: "\(value)")) }
        public static func custom(key: String, value: Data) -> Product.PurchaseOption { .init(.custom(key: key, value: value.base64EncodedString())) }
        public static func introductoryOfferEligibility(compactJWS: String) -> Product.PurchaseOption {
            .init(.introductoryOfferEligibility(compactJWS: compactJWS))
        }
        @preconcurrency
        public static func onStorefrontChange(shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool) -> Product.PurchaseOption {
            .init(.onStorefrontChange(StorefrontChangeDecision(shouldContinuePurchase)))
        }

        /// The store's form of this option; nil for options the store has no use for (`custom`
        /// goes to the server in StoreKit; a storefront never changes during a purchase here).
        package var storeOption: MockStore.PurchaseOption? {
            switch kind {
            case .appAccountToken(let token): .appAccountToken(token)
            case .quantity(let quantity): .quantity(quantity)
            case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
                .promotionalOffer(offerID, signature: .parts(keyID: keyID, nonce: nonce, timestamp: timestamp, signature: signature))
            case .signedPromotionalOffer(let offerID, let compactJWS):
                .promotionalOffer(offerID, signature: .compactJWS(compactJWS))
            case .promotionalOfferID(let offerID): .promotionalOffer(offerID, signature: nil)
            case .winBackOffer(let offerID): .winBackOffer(offerID)
            case .codeOffer(let referenceName): .codeOffer(referenceName: referenceName)
            case .simulatesAskToBuyInSandbox(let simulate): .simulatesAskToBuyInSandbox(simulate)
            case .billingPlanType(let raw): .billingPlanType(MockStore.BillingPlanType(rawValue: raw))
            case .custom, .introductoryOfferEligibility, .onStorefrontChange, .purchaseDate: nil
            }
        }
    }
}

/// The app's decision function of `onStorefrontChange`, compared by identity (closures have no
/// equality, and options live in a `Set`).
package final class StorefrontChangeDecision: Hashable, Sendable {
    let decide: @Sendable (Storefront) -> Bool
    init(_ decide: @escaping @Sendable (Storefront) -> Bool) { self.decide = decide }
    package static func == (a: StorefrontChangeDecision, b: StorefrontChangeDecision) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
