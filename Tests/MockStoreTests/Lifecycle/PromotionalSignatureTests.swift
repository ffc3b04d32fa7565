import Foundation
import MockStore
import TestSupport
import Testing

/// A promotional offer bought in the app needs the signature its server made (docs/domain.md
/// §1.5): `missingOfferParameters` without one, `invalidOfferSignature` when it does not verify
/// with the catalog's subscription offers key.
@Suite("Lifecycle: promotional offer signatures")
struct PromotionalSignatureTests {
    typealias F = StoreFixtures

    /// A device whose yearly subscription has lapsed, so the "comeback" offer suits it.
    static func lapsed(catalog: Catalog = F.catalog) async throws -> (Store, ManualWallClock) {
        let (store, _, clock) = try F.device(catalog: catalog)
        let first = try await Life.buy(store, F.yearly)
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        return (store, clock)
    }

    @Test("without a signature, or with an empty one, the purchase throws missingOfferParameters")
    func missing() async throws {
        let (store, _) = try await Self.lapsed()
        await #expect(throws: PurchaseError.missingOfferParameters) {
            try await store.purchase(productID: F.yearly, options: [.promotionalOffer("comeback", signature: nil)])
        }
        let empty = PromotionalOfferSignature.parts(keyID: F.offersKey.id, nonce: UUID(), timestamp: 1_769_850_000_000, signature: Data())
        await #expect(throws: PurchaseError.missingOfferParameters) {
            try await store.purchase(productID: F.yearly, options: [.promotionalOffer("comeback", signature: empty)])
        }
        #expect(try await Life.status(store).state == .expired)
    }

    @Test("a signature from another key, or over other fields, throws invalidOfferSignature")
    func invalid() async throws {
        let (store, _) = try await Self.lapsed()
        let now = try await store.admin { $0.now }
        let stranger = SubscriptionOffersKey.generate(id: F.offersKey.id)
        let forged = try PromotionalOfferSigning.sign(offerID: "comeback", productID: F.yearly, appAccountToken: nil,
                                                      key: stranger, appBundleID: F.bundleID, at: now)
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [.promotionalOffer("comeback", signature: forged)])
        }
        // Signed for no account token, bought with one: the token is part of what is signed.
        let good = try await F.promotionalOffer("comeback", for: F.yearly, store: store)
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [good, .appAccountToken(UUID())])
        }
        let otherApp = try PromotionalOfferSigning.sign(offerID: "comeback", productID: F.yearly, appAccountToken: nil,
                                                        key: F.offersKey, appBundleID: "com.example.other", at: now)
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [.promotionalOffer("comeback", signature: otherApp)])
        }
        let events = try await store.admin { try $0.events() }
        #expect(events.contains { $0.detail.contains("does not verify") })
    }

    @Test("a good signature buys the offer: the transaction's offer is promotional with its id")
    func good() async throws {
        let (store, _) = try await Self.lapsed()
        let token = UUID()
        let option = try await F.promotionalOffer("comeback", for: F.yearly, store: store, appAccountToken: token)
        let tx = try await Life.buy(store, F.yearly, [option, .appAccountToken(token)])
        #expect(tx.offer == Transaction.Offer(id: "comeback", type: .promotional, paymentMode: .payAsYouGo))
        #expect(tx.price == Decimal(string: "1.99"))
    }

    @Test("a signature older than 24 hours of store time is refused")
    func stale() async throws {
        let (store, clock) = try await Self.lapsed()
        let option = try await F.promotionalOffer("comeback", for: F.yearly, store: store)
        await Life.move(store, clock, to: clock.now().addingTimeInterval(Life.day + 60))
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [option])
        }
    }

    @Test("with no subscription offers key in the catalog, a signed offer cannot be checked and is refused")
    func noKey() async throws {
        var catalog = F.catalog
        catalog.subscriptionOffersKey = nil
        let (store, _) = try await Self.lapsed(catalog: catalog)
        let option = try await F.promotionalOffer("comeback", for: F.yearly, store: store)
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [option])
        }
    }

    @Test("the compact-JWS form (signature version 2) verifies too, and is bound to its offer")
    func compactJWS() async throws {
        let (store, _) = try await Self.lapsed()
        let now = try await store.admin { $0.now }
        let wrongOffer = try PromotionalOfferSigning.signJWS(offerID: "other", productID: F.yearly, key: F.offersKey,
                                                             appBundleID: F.bundleID, at: now)
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.purchase(productID: F.yearly, options: [.promotionalOffer("comeback", signature: wrongOffer)])
        }
        let jws = try PromotionalOfferSigning.signJWS(offerID: "comeback", productID: F.yearly, key: F.offersKey,
                                                      appBundleID: F.bundleID, at: now)
        let tx = try await Life.buy(store, F.yearly, [.promotionalOffer("comeback", signature: jws)])
        #expect(tx.offer?.type == .promotional && tx.offer?.id == "comeback")
    }

    /// Made with Python's `cryptography` over the payload Apple's App Store Server Library
    /// builds (`PromotionalOfferSignatureCreator`): bundle, key id, product, offer, token and
    /// nonce in lowercase, and the timestamp, joined by U+2063.
    @Test("a signature made by Apple's reference payload verifies")
    func referenceVector() throws {
        let pem = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgJxPzglwlynwoj8ZA
            d4XcFbfKSZWlmkJEqpZSc7GDiwihRANCAAQctbfBM8PN5RRxBtXNtCA9Nd8j1aR8
            tcTEqpiEGdUF1OzACA6O5zqGMwRQrZk9DoEzbYlZAMllWr1zIy8svyDQ
            -----END PRIVATE KEY-----
            """
        var catalog = F.catalog
        catalog.subscriptionOffersKey = SubscriptionOffersKey(id: "KEY123", privateKey: pem)
        let signature = try #require(Data(base64Encoded: "MEUCIQDQ05vpEgs/0C8ic7ukxO2w7er7uyuSAN8d78S8P/wFHgIgU5RjEnf88P2BTv9Ej913CG33yMbJrstuVPZdtLV7e+c="))
        let parts = PromotionalOfferSignature.parts(
            keyID: "KEY123", nonce: UUID(uuidString: "5D2C0E61-3C4A-4F0B-9B8E-1B2A3C4D5E6F")!, timestamp: 1_769_850_000_000,
            signature: signature)
        let token = UUID(uuidString: "0E4C3A1F-2B5D-4C6E-8F70-A1B2C3D4E5F6")!
        let now = Date(timeIntervalSince1970: 1_769_850_060)
        #expect(PromotionalOfferSigning.verify(parts, offerID: "comeback", productID: F.yearly, appAccountToken: token,
                                               catalog: catalog, now: now) == nil)
        #expect(PromotionalOfferSigning.verify(parts, offerID: "comeback", productID: F.yearly, appAccountToken: nil,
                                               catalog: catalog, now: now) == .invalidOfferSignature)
    }

    @Test("from outside the app the signature may be left out, but one that is given must verify")
    func outside() async throws {
        let (store, _) = try await Self.lapsed()
        let forged = PromotionalOfferSignature.parts(keyID: F.offersKey.id, nonce: UUID(), timestamp: 1_769_850_000_000,
                                                     signature: Data(repeating: 7, count: 70))
        await #expect(throws: PurchaseError.invalidOfferSignature) {
            try await store.admin { try $0.buy(F.yearly, options: [.promotionalOffer("comeback", signature: forged)]) }
        }
        let tx = try await store.admin { try $0.buy(F.yearly, options: [.promotionalOffer("comeback", signature: nil)]) }
        #expect(tx.offer?.type == .promotional)
    }

    @Test("the bundle ID is the dotted prefix the catalog's product ids share")
    func bundleID() {
        var catalog = Catalog(products: ["dev.tollbooth.example.premium.yearly", "dev.tollbooth.example.premium.monthly",
                                         "dev.tollbooth.example.lifetime"].map { CatalogProduct(id: $0, type: .nonConsumable, price: 1) })
        #expect(PromotionalOfferSigning.appBundleID(for: catalog) == "dev.tollbooth.example")
        catalog.appBundleID = "com.example.app"
        #expect(PromotionalOfferSigning.appBundleID(for: catalog) == "com.example.app")
    }
}

@Suite("Check: promotional offers need a key")
struct PromotionalOfferKeyCheckTests {
    @Test("tollbooth check warns about promotional offers in a file with no subscription offers key")
    func warns() {
        var catalog = StoreFixtures.catalog
        #expect(!CatalogCheck.run(catalog).contains { $0.message.contains("subscription offers key") })
        catalog.subscriptionOffersKey = nil
        let finding = CatalogCheck.run(catalog).first { $0.message.contains("subscription offers key") }
        #expect(finding?.severity == .warning && finding?.productID == StoreFixtures.yearly)
    }
}
