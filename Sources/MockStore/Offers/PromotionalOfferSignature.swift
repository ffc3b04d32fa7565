#if !os(Linux)
import Crypto  // swift-crypto, which is CryptoKit there; Linux: Platform/P256+OpenSSL.swift
#endif
import Foundation

/// The signature an app's server made for a promotional offer, as the app passes it to
/// `purchase` (docs/domain.md §1.5).
public enum PromotionalOfferSignature: Sendable, Hashable {
    /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`: ECDSA P-256 with SHA-256,
    /// DER-encoded, over the fields of Apple's "Generating a signature for promotional offers";
    /// `timestamp` is UNIX time in milliseconds.
    case parts(keyID: String, nonce: UUID, timestamp: Int, signature: Data)
    /// `promotionalOffer(_:compactJWS:)`: an ES256 JWS made by the App Store Server Library's
    /// `PromotionalOfferV2SignatureCreator` (audience `promotional-offer`).
    case compactJWS(String)
}

/// Making and checking promotional offer signatures, as an app's server and the App Store do.
public enum PromotionalOfferSigning {
    /// How long a signature stays good after its timestamp (Apple: "The timestamp keeps the
    /// offer active for 24 hours"), in store time.
    public static let lifetime: TimeInterval = 24 * 60 * 60

    /// The string Apple's documentation has the server sign: the fields joined by U+2063
    /// (INVISIBLE SEPARATOR), the account token and nonce in lowercase.
    public static func payload(appBundleID: String, keyID: String, productID: String, offerID: String,
                               appAccountToken: UUID?, nonce: UUID, timestamp: Int) -> Data {
        let fields = [appBundleID, keyID, productID, offerID, appAccountToken?.uuidString.lowercased() ?? "",
                      nonce.uuidString.lowercased(), String(timestamp)]
        return Data(fields.joined(separator: "\u{2063}").utf8)
    }

    /// Signs an offer as an app's server would, for the CLI and the paywall.
    public static func sign(offerID: String, productID: String, appAccountToken: UUID?, key: SubscriptionOffersKey,
                            appBundleID: String, at date: Date, nonce: UUID = UUID()) throws -> PromotionalOfferSignature {
        let timestamp = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let data = payload(appBundleID: appBundleID, keyID: key.id, productID: productID, offerID: offerID,
                           appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp)
        let signature = try key.privateKey.signature(for: data)
        return .parts(keyID: key.id, nonce: nonce, timestamp: timestamp, signature: signature.derRepresentation)
    }

    /// The bundle ID signatures are made and checked with. A `.storekit` file does not record
    /// the app's (Xcode takes it from the target it runs), so: the catalog's `appBundleID` when
    /// set in code, else `TOLLBOOTH_BUNDLE_ID`, else the dotted prefix the catalog's product
    /// identifiers share (`dev.tollbooth.example` for `dev.tollbooth.example.premium.yearly` and
    /// `dev.tollbooth.example.lifetime`), else `dev.tollbooth.app`.
    public static func appBundleID(for catalog: Catalog) -> String {
        if let id = catalog.appBundleID { return id }
        if let id = ProcessInfo.processInfo.environment["TOLLBOOTH_BUNDLE_ID"], !id.isEmpty { return id }
        let ids = catalog.products.map { $0.id.split(separator: ".").map(String.init) }
        guard var prefix = ids.first else { return fallbackBundleID }
        if ids.count == 1 { prefix.removeLast() }
        for id in ids.dropFirst() {
            prefix = Array(zip(prefix, id).prefix { $0 == $1 }.map(\.0))
            // A product id is never the bundle id itself.
            if prefix.count == id.count { prefix.removeLast() }
        }
        return prefix.count >= 2 ? prefix.joined(separator: ".") : fallbackBundleID
    }

    static let fallbackBundleID = "dev.tollbooth.app"

    /// Why a signature does not open the offer, or nil when it does. `missingOfferParameters`
    /// when a part is absent or empty; `invalidOfferSignature` when it does not verify with the
    /// catalog's key, names another key, or is older than a day of store time.
    static func check(_ signature: PromotionalOfferSignature?, offerID: String, productID: String, appAccountToken: UUID?,
                      catalog: Catalog, now: Date) -> (error: PurchaseError, reason: String)? {
        guard let signature else {
            return (.missingOfferParameters, "promotional offer \(offerID) came without a key id, nonce, timestamp and signature")
        }
        switch signature {
        case .parts(let keyID, let nonce, let timestamp, let data):
            if keyID.isEmpty || data.isEmpty || timestamp <= 0 {
                return (.missingOfferParameters, "promotional offer \(offerID) lacks its key id, timestamp or signature")
            }
            guard let key = catalog.subscriptionOffersKey else { return noKey(offerID) }
            guard keyID == key.id else {
                return (.invalidOfferSignature, "the signature names key \(keyID), but the catalog's subscription offers key is \(key.id)")
            }
            let message = payload(appBundleID: appBundleID(for: catalog), keyID: keyID, productID: productID, offerID: offerID,
                                  appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp)
            guard let ecdsa = try? P256.Signing.ECDSASignature(derRepresentation: data),
                  key.privateKey.publicKey.isValidSignature(ecdsa, for: message)
            else {
                return (.invalidOfferSignature, "the signature of promotional offer \(offerID) does not verify for \(appBundleID(for: catalog)), \(productID) with key \(keyID)")
            }
            return expired(Date(timeIntervalSince1970: Double(timestamp) / 1000), now: now, offerID: offerID)
        case .compactJWS(let jws):
            if jws.isEmpty { return (.missingOfferParameters, "promotional offer \(offerID) came with an empty JWS") }
            guard let key = catalog.subscriptionOffersKey else { return noKey(offerID) }
            return OfferJWS.check(jws, key: key, appBundleID: appBundleID(for: catalog), productID: productID,
                                  offerID: offerID, now: now)
        }
    }

    /// The check of an app's purchase; nil when it names no promotional offer.
    static func check(_ signature: PromotionalOfferSignature?, options: Set<PurchaseOption>, product: CatalogProduct,
                      in context: LedgerContext) -> (error: PurchaseError, reason: String)? {
        guard let offerID = options.promotionalOfferID else { return nil }
        return check(signature, offerID: offerID, productID: product.id, appAccountToken: options.appAccountToken,
                     catalog: context.catalog, now: context.now)
    }

    private static func noKey(_ offerID: String) -> (error: PurchaseError, reason: String) {
        (.invalidOfferSignature, "the catalog has no subscription offers key to check promotional offer \(offerID) with; add one in Xcode (Editor ▸ Subscription Offers Key)")
    }

    static func expired(_ signed: Date, now: Date, offerID: String) -> (error: PurchaseError, reason: String)? {
        guard now.timeIntervalSince(signed) > lifetime else { return nil }
        return (.invalidOfferSignature, "the signature of promotional offer \(offerID) was made more than 24 hours ago (store time)")
    }
}

extension PromotionalOfferSigning {
    /// The error a purchase with this signature would throw, or nil when it verifies: what an
    /// app's tests can ask without buying.
    public static func verify(_ signature: PromotionalOfferSignature?, offerID: String, productID: String,
                              appAccountToken: UUID?, catalog: Catalog, now: Date) -> PurchaseError? {
        check(signature, offerID: offerID, productID: productID, appAccountToken: appAccountToken, catalog: catalog, now: now)?.error
    }
}
