import Crypto
import Foundation
import MockStore
import Testing

/// MockStore signs promotional offers with the system's libcrypto on Linux and with swift-crypto
/// elsewhere; an app's server, Apple's libraries and the signed-data side use swift-crypto or
/// OpenSSL. Each side must read the other's keys and signatures.
@Suite("Promotional offer signatures against swift-crypto")
struct OfferSignatureInteropTests {
    let bundleID = "dev.tollbooth.example"
    let now = Date(timeIntervalSince1970: 1_769_850_000)
    let nonce = UUID(uuidString: "5D2C0E61-3C4A-4F0B-9B8E-1B2A3C4D5E6F")!
    let token = UUID(uuidString: "0E4C3A1F-2B5D-4C6E-8F70-A1B2C3D4E5F6")!

    @Test("a swift-crypto key read by MockStore signs what swift-crypto verifies (DER parts and JWS)")
    func theirKeyOurSignature() throws {
        let theirs = P256.Signing.PrivateKey()
        let key = try #require(SubscriptionOffersKey(id: "KEY1", privateKey: theirs.pemRepresentation))
        let signed = try PromotionalOfferSigning.sign(offerID: "comeback", productID: "p.yearly", appAccountToken: token,
                                                      key: key, appBundleID: bundleID, at: now, nonce: nonce)
        guard case .parts(_, _, let timestamp, let der) = signed else { Issue.record("not the parts form"); return }
        let payload = PromotionalOfferSigning.payload(appBundleID: bundleID, keyID: "KEY1", productID: "p.yearly",
                                                      offerID: "comeback", appAccountToken: token, nonce: nonce, timestamp: timestamp)
        #expect(theirs.publicKey.isValidSignature(try P256.Signing.ECDSASignature(derRepresentation: der), for: payload))

        let jws = try PromotionalOfferSigning.signJWS(offerID: "comeback", productID: "p.yearly", key: key,
                                                      appBundleID: bundleID, at: now)
        guard case .compactJWS(let compact) = jws else { Issue.record("not the JWS form"); return }
        let parts = compact.split(separator: ".").map(String.init)
        let signature = try #require(Data(base64Encoded: base64(parts[2])))
        #expect(theirs.publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: signature),
                                                  for: Data("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test("a key MockStore makes is written as PKCS #8 PEM that swift-crypto reads as the same key")
    func ourKeyTheirReader() throws {
        let key = SubscriptionOffersKey.generate(id: "KEY2")
        #expect(key.pemRepresentation.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(key.pemRepresentation.split(separator: "\n").allSatisfy { $0.count <= 64 })
        let theirs = try P256.Signing.PrivateKey(pemRepresentation: key.pemRepresentation)
        // Read back by MockStore from swift-crypto's own forms: the same key.
        #expect(SubscriptionOffersKey(id: "KEY2", privateKey: theirs.pemRepresentation) == key)
        #expect(SubscriptionOffersKey(id: "KEY2", privateKey: theirs.derRepresentation.base64EncodedString()) == key)
        #expect(SubscriptionOffersKey(id: "KEY2", privateKey: theirs.rawRepresentation.base64EncodedString()) == key)
        #expect(SubscriptionOffersKey(id: "KEY2", privateKey: theirs.x963Representation.base64EncodedString()) == nil)
    }

    @Test("a signature swift-crypto makes opens the offer; one over other fields does not")
    func theirSignatureOurCheck() throws {
        let theirs = P256.Signing.PrivateKey()
        let key = try #require(SubscriptionOffersKey(id: "KEY3", privateKey: theirs.pemRepresentation))
        var catalog = Catalog(products: [], groups: [])
        catalog.appBundleID = bundleID
        catalog.subscriptionOffersKey = key
        let timestamp = Int(now.timeIntervalSince1970 * 1000)
        let payload = PromotionalOfferSigning.payload(appBundleID: bundleID, keyID: "KEY3", productID: "p.yearly",
                                                      offerID: "comeback", appAccountToken: nil, nonce: nonce, timestamp: timestamp)
        let der = try theirs.signature(for: payload).derRepresentation
        let parts = PromotionalOfferSignature.parts(keyID: "KEY3", nonce: nonce, timestamp: timestamp, signature: der)
        #expect(PromotionalOfferSigning.verify(parts, offerID: "comeback", productID: "p.yearly", appAccountToken: nil,
                                               catalog: catalog, now: now) == nil)
        #expect(PromotionalOfferSigning.verify(parts, offerID: "other", productID: "p.yearly", appAccountToken: nil,
                                               catalog: catalog, now: now) == .invalidOfferSignature)
    }

    @Test("deviceVerification is swift-crypto's SHA-384 of the lowercased nonce and device id")
    func deviceVerification() {
        let device = UUID(uuidString: "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF")!
        let expected = Data(SHA384.hash(data: Data((nonce.uuidString.lowercased() + device.uuidString.lowercased()).utf8)))
        #expect(AppTransactionRecord.deviceVerification(nonce: nonce, deviceVerificationID: device) == expected)
    }

    func base64(_ url: String) -> String {
        let text = url.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return text + String(repeating: "=", count: (4 - text.count % 4) % 4)
    }
}
