#if !os(Linux)
import Crypto  // swift-crypto, which is CryptoKit there; Linux: Platform/P256+OpenSSL.swift
#endif
import Foundation

/// The key promotional offers are signed with: the `.storekit` file's `subscriptionOffersKeyPair`
/// (Xcode's Editor ▸ Subscription Offers Key), or an App Store Connect in-app purchase key read
/// from a `.p8` file.
///
/// The private key is secret material: it is never printed, logged or stored in the ledger; its
/// `description` names only the key id.
public struct SubscriptionOffersKey: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The key identifier (`keyID` in the purchase option, `kid` in a JWS).
    public let id: String
    let privateKey: P256.Signing.PrivateKey

    /// Reads a P-256 private key as PEM (`-----BEGIN PRIVATE KEY-----`, as in a `.p8` file),
    /// base64 DER (PKCS #8 or SEC 1), or a base64 raw 32-byte scalar; nil when it is none of these.
    public init?(id: String, privateKey text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("-----BEGIN"), let key = try? P256.Signing.PrivateKey(pemRepresentation: trimmed) {
            self.init(id: id, key: key)
            return
        }
        let base64 = trimmed.filter { !$0.isWhitespace }
        guard let bytes = Data(base64Encoded: base64) else { return nil }
        if let key = try? P256.Signing.PrivateKey(derRepresentation: bytes) {
            self.init(id: id, key: key)
        } else if bytes.count == 32, let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) {
            self.init(id: id, key: key)
        } else {
            return nil
        }
    }

    init(id: String, key: P256.Signing.PrivateKey) {
        self.id = id
        self.privateKey = key
    }

    /// A new random key, for tests and for catalogs made in code.
    public static func generate(id: String) -> SubscriptionOffersKey {
        SubscriptionOffersKey(id: id, key: P256.Signing.PrivateKey())
    }

    /// The private key as PEM, for writing a `.p8` file or a `subscriptionOffersKeyPair` in tests.
    public var pemRepresentation: String { privateKey.pemRepresentation }

    public var description: String { "subscription offers key \(id)" }
    /// `dump` and debuggers see the id only.
    public var customMirror: Mirror { Mirror(self, children: ["id": id]) }

    public static func == (a: SubscriptionOffersKey, b: SubscriptionOffersKey) -> Bool {
        a.id == b.id && a.privateKey.rawRepresentation == b.privateKey.rawRepresentation
    }
}
