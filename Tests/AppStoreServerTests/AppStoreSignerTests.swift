import Crypto
import Foundation
import MockStore
import TestSupport
import Testing
@testable import AppStoreServer

/// Signed data as a backend checks it: the header's chain, the ES256 signature over the
/// payload, and a signature that fails for a transaction the store hands out unverified.
@Suite("AppStoreServer: signed transactions")
struct AppStoreSignerTests {
    static let context = SignedDataContext(environment: .sandbox, bundleID: "dev.tollbooth.test")

    static func transaction(unverified: Bool = false) -> MockStore.Transaction {
        let start = Date(timeIntervalSince1970: 1_769_850_000)
        return MockStore.Transaction(
            id: 42, originalID: 40, productID: "premium.monthly", productType: .autoRenewable, subscriptionGroupID: "PREMIUM01",
            purchaseDate: start, originalPurchaseDate: start, expirationDate: start.addingTimeInterval(30 * 86_400),
            offer: .init(id: "intro", type: .introductory, paymentMode: .freeTrial), price: Decimal(string: "4.99"),
            currencyCode: "USD", appAccountToken: UUID(uuidString: "6E5A7C1E-0000-4000-8000-000000000001"),
            verificationError: unverified ? .invalidSignature : nil)
    }

    /// Whether the JWS's signature verifies with the key of its `x5c` leaf, which must be the
    /// authority's.
    static func verifies(_ compact: String, authority: TestAuthority) throws -> Bool {
        let jws = try #require(CompactJWS(compact: compact))
        let header = try #require(try JSONSerialization.jsonObject(with: jws.header) as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        let chain = try #require(header["x5c"] as? [String])
        #expect(chain.compactMap { Data(base64Encoded: $0) } == authority.chainDER, "x5c is leaf, intermediate, root")
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: jws.signature)
        return authority.leafPublicKey.isValidSignature(signature, for: jws.signingInput)
    }

    /// A signer with an authority in a folder of its own.
    static func withSigner(_ name: String, _ body: (AppStoreSigner) throws -> Void) throws {
        let folder = try TemporaryFolder(name)
        defer { folder.remove() }
        try body(AppStoreSigner.shared(context: context, directory: folder.path("signing")))
    }

    @Test("a transaction's JWS verifies with the leaf key and carries Apple's fields")
    func verifiedTransaction() throws {
        try Self.withSigner("signer-verified") { signer in
            let compact = try signer.signedTransaction(Self.transaction())
            #expect(try Self.verifies(compact, authority: signer.authority))
            let parts = try #require(CompactJWS(compact: compact))
            let payload = try #require(try JSONSerialization.jsonObject(with: parts.payload) as? [String: Any])
            #expect(payload["bundleId"] as? String == "dev.tollbooth.test")
            #expect(payload["environment"] as? String == "Sandbox")
            #expect(payload["price"] as? Int == 4990, "prices in milliunits")
            #expect(payload["appAccountToken"] as? String == "6e5a7c1e-0000-4000-8000-000000000001")
            #expect(payload["webOrderLineItemId"] as? String == "42")
            #expect(payload["type"] as? String == "Auto-Renewable Subscription")
            #expect(payload["offerType"] as? Int == 1)
            #expect(payload["offerDiscountType"] as? String == "FREE_TRIAL")
            #expect(try signer.signedTransaction(Self.transaction()) == compact, "the same value signs the same in a process")
        }
    }

    @Test("an unverified transaction's JWS does not verify")
    func unverifiedTransaction() throws {
        try Self.withSigner("signer-unverified") { signer in
            let compact = try signer.signedTransaction(Self.transaction(unverified: true))
            #expect(try Self.verifies(compact, authority: signer.authority) == false)
            let verified = try signer.signedTransaction(Self.transaction())
            #expect(compact.split(separator: ".")[1] == verified.split(separator: ".")[1], "only the signature differs")
        }
    }

    @Test("a transaction without an appAccountToken leaves the field out")
    func noToken() throws {
        var transaction = Self.transaction()
        transaction.appAccountToken = nil
        let payload = try #require(try JSONSerialization.jsonObject(with: SignedPayload.transaction(transaction, context: Self.context)) as? [String: Any])
        #expect(payload["appAccountToken"] == nil)
        #expect(payload.keys.contains("transactionId"))
    }

    @Test("base64url: '-' and '_' for '+' and '/', no padding, and back")
    func base64URL() {
        let bytes = Data([0xfb, 0xff, 0xbf, 0x00, 0x3e])  // standard base64 "+/+/AD4="
        #expect(bytes.base64URL == "-_-_AD4")
        #expect(Data(base64URL: bytes.base64URL) == bytes)
        #expect(Data([0x61]).base64URL == "YQ")
    }
}
