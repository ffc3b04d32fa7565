import Foundation

/// An offer code a customer can type into the App Store's redeem sheet.
///
/// A `.storekit` file holds no code strings, only each `codeOffers[]` entry's reference name and
/// internal id (storekit-format.md §5.3); so Tollbooth takes either of them, ignoring case, as
/// the code (docs/domain.md §1.3).
public struct OfferCode: Sendable, Equatable {
    /// The subscription the code is for.
    public let productID: String
    /// The offer, by the reference name `PurchaseOption.codeOffer(referenceName:)` takes.
    public let referenceName: String

    /// The offer code `code` names in `catalog`, or nil.
    public static func find(_ code: String, in catalog: Catalog) -> OfferCode? {
        let wanted = code.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        // Codes spelled exactly win over ones that differ only in case ("test2" and "Test2"
        // can both exist).
        for exact in [true, false] {
            for product in catalog.products {
                for offer in product.subscription?.codeOffers ?? [] {
                    guard let name = offer.referenceName else { continue }
                    let names = [name, offer.internalID].compactMap { $0 }
                    if names.contains(where: { exact ? $0 == wanted : $0.caseInsensitiveCompare(wanted) == .orderedSame }) {
                        return OfferCode(productID: product.id, referenceName: name)
                    }
                }
            }
        }
        return nil
    }

    /// Every code the catalog offers (reference names), for messages and the CLI.
    public static func all(in catalog: Catalog) -> [String] {
        catalog.products.flatMap { $0.subscription?.codeOffers.compactMap(\.referenceName) ?? [] }
    }
}

extension AdminSession {
    /// Redeems an offer code, as in the App Store's redeem sheet: a purchase from outside the
    /// app that every running device, `device` included, receives on `updates`, with an offer of
    /// type `.code`. A code the catalog does not have throws `StoreOperationError`; one the
    /// customer may not use throws its `PurchaseError`.
    public mutating func redeem(code: String, device: String? = nil) throws -> Transaction {
        guard let found = OfferCode.find(code, in: context.catalog) else {
            let known = OfferCode.all(in: context.catalog)
            throw StoreOperationError("\(SourceText.quoted(code)) is not an offer code of this catalog; "
                + (known.isEmpty ? "it has none (offer codes are a subscription's codeOffers in Xcode)" : "its codes are \(known.joined(separator: ", "))"))
        }
        if let device { try DeviceName.validate(device) }
        let transaction = try OutsidePurchaseRules.buy(found.productID, device: device, options: [.codeOffer(referenceName: found.referenceName)],
                                                       backdating: nil, in: &context)
        return transaction
    }
}
