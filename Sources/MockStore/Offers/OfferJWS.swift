#if !os(Linux)
import Crypto  // swift-crypto, which is CryptoKit there; Linux: Platform/P256+OpenSSL.swift
#endif
import Foundation

/// The compact-JWS form of a promotional offer signature (signature version 2): header
/// `{"alg": "ES256", "kid": …}`, claims `bid`, `aud` = `promotional-offer`, `iat` (seconds),
/// `nonce`, `productId`, `offerIdentifier` and an optional `transactionId`.
enum OfferJWS {
    static func check(_ jws: String, key: SubscriptionOffersKey, appBundleID: String, productID: String,
                      offerID: String, now: Date) -> (error: PurchaseError, reason: String)? {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = decode(parts[0]), let claimsData = decode(parts[1]),
              let signatureData = decode(parts[2]),
              let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any]
        else {
            return (.invalidOfferSignature, "the JWS of promotional offer \(offerID) is not a compact JWS")
        }
        guard header["alg"] as? String == "ES256", header["kid"] as? String == key.id else {
            return (.invalidOfferSignature, "the JWS of promotional offer \(offerID) is not ES256 with key \(key.id)")
        }
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
              key.privateKey.publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8))
        else {
            return (.invalidOfferSignature, "the JWS of promotional offer \(offerID) does not verify with key \(key.id)")
        }
        guard claims["productId"] as? String != nil, claims["offerIdentifier"] as? String != nil,
              let issued = (claims["iat"] as? NSNumber)?.doubleValue
        else {
            return (.missingOfferParameters, "the JWS of promotional offer \(offerID) lacks productId, offerIdentifier or iat")
        }
        guard claims["aud"] as? String == "promotional-offer", claims["bid"] as? String == appBundleID,
              claims["productId"] as? String == productID, claims["offerIdentifier"] as? String == offerID
        else {
            return (.invalidOfferSignature, "the JWS is for another app, product or offer than \(appBundleID), \(productID), \(offerID)")
        }
        return PromotionalOfferSigning.expired(Date(timeIntervalSince1970: issued), now: now, offerID: offerID)
    }

    /// Signs a version-2 promotional offer JWS, as the App Store Server Library does.
    static func sign(productID: String, offerID: String, key: SubscriptionOffersKey, appBundleID: String,
                     at date: Date) throws -> String {
        let header = ["alg": "ES256", "kid": key.id, "typ": "JWT"]
        let claims: [String: Any] = [
            "bid": appBundleID, "aud": "promotional-offer", "iat": Int(date.timeIntervalSince1970),
            "nonce": UUID().uuidString.lowercased(), "productId": productID, "offerIdentifier": offerID,
        ]
        let head = encode(try JSONSerialization.data(withJSONObject: header, options: .sortedKeys))
        let body = encode(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
        let signature = try key.privateKey.signature(for: Data("\(head).\(body)".utf8))
        return "\(head).\(body).\(encode(signature.rawRepresentation))"
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

extension PromotionalOfferSigning {
    /// Signs a promotional offer as a compact JWS (signature version 2), as an app's server would.
    public static func signJWS(offerID: String, productID: String, key: SubscriptionOffersKey, appBundleID: String,
                               at date: Date) throws -> PromotionalOfferSignature {
        .compactJWS(try OfferJWS.sign(productID: productID, offerID: offerID, key: key, appBundleID: appBundleID, at: date))
    }
}
