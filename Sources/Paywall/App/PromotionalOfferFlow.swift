import Chrome
import Foundation
import MockStore
import TerminalUI

/// Buying the focused plan with its promotional offer (`p`): offered to a customer who has or
/// had a subscription in the plan's group, confirmed in a sheet, and signed by the app as its
/// server would, with the catalog's subscription offers key (docs/domain.md §1.5).
package enum PromotionalOfferFlow {
    /// The promotional offer of the focused plan, when the customer may get one.
    static func offer(for productID: String, in state: PaywallState) -> Product.SubscriptionOffer? {
        guard let product = state.product(id: productID), let info = product.subscription,
              state.snapshot?.status(forGroup: info.subscriptionGroupID) != nil
        else { return nil }
        return info.promotionalOffers.first
    }

    static func choose(_ state: inout PaywallState) -> [PaywallEffect] {
        guard state.inFlight == nil, case .plan(let productID)? = state.focus else { return [] }
        guard let offer = offer(for: productID, in: state), let offerID = offer.id else {
            state.message = .noPromotionalOffer(productID: productID)
            return []
        }
        state.overlay = .promoConfirm(productID: productID, offerID: offerID, focus: .confirm)
        return []
    }

    static func sheetKey(_ state: inout PaywallState, productID: String, offerID: String, focus: SheetButton,
                         _ key: Key) -> [PaywallEffect] {
        switch key {
        case .escape:
            return Input.cancelSheet(&state)
        case .enter, .character(" "):
            guard focus == .confirm else { return Input.cancelSheet(&state) }
            state.overlay = nil
            guard let product = state.product(id: productID) else { return [] }
            state.inFlight = .purchasing(productID: productID, change: state.facts(for: product).change)
            state.message = nil
            return [.purchaseWithOffer(productID: productID, offerID: offerID)]
        case .tab, .backTab, .left, .right, .up, .down, .character("h"), .character("l"), .character("j"), .character("k"):
            state.overlay = .promoConfirm(productID: productID, offerID: offerID, focus: focus.other)
        default:
            break
        }
        return []
    }

    /// The purchase option an app's server would hand the app: signed at store time with the
    /// catalog's key, or unsigned when the catalog has none (the store then refuses it with
    /// `missingOfferParameters`, as StoreKit refuses an app that could not get a signature).
    package static func signedOption(_ offerID: String, productID: String, store: Store) async throws -> PurchaseOption {
        guard let key = store.catalog.subscriptionOffersKey else { return .promotionalOffer(offerID, signature: nil) }
        let now = try await store.snapshot().storeTime
        let signature = try PromotionalOfferSigning.sign(
            offerID: offerID, productID: productID, appAccountToken: nil, key: key,
            appBundleID: PromotionalOfferSigning.appBundleID(for: store.catalog), at: now)
        return .promotionalOffer(offerID, signature: signature)
    }
}
