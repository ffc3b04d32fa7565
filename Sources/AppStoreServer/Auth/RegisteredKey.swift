import Crypto
import Foundation

/// The App Store Connect API key a developer registers with `tollbooth serve`: its key id, the
/// issuer (team) id, and its public key, against which each request's bearer token is checked.
public struct RegisteredKey: Sendable {
    public var keyID: String
    public var issuer: String
    public var publicKey: P256.Signing.PublicKey

    public init(keyID: String, issuer: String, publicKey: P256.Signing.PublicKey) {
        self.keyID = keyID
        self.issuer = issuer
        self.publicKey = publicKey
    }

    /// The public key from PEM text: a `PUBLIC KEY`, or the `PRIVATE KEY` of the `.p8` file App
    /// Store Connect gives out (its public half is derived; nothing else is kept of it).
    public static func publicKey(pem: String) throws -> P256.Signing.PublicKey {
        if pem.contains("-----BEGIN PUBLIC KEY-----") {
            guard let key = try? P256.Signing.PublicKey(pemRepresentation: pem) else {
                throw KeyFileError("holds a public key that is not a P-256 (ES256) key")
            }
            return key
        }
        if pem.contains("-----BEGIN PRIVATE KEY-----") || pem.contains("-----BEGIN EC PRIVATE KEY-----") {
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) else {
                throw KeyFileError("holds a private key that is not a P-256 (ES256) key")
            }
            return key.publicKey
        }
        throw KeyFileError("is not a PEM public key or an App Store Connect .p8 private key")
    }

    /// Why a key file cannot be used; the caller names the file.
    public struct KeyFileError: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
