import Crypto
import Foundation

/// The App Store Server API's bearer token (Apple: "Generating JSON Web Tokens for API
/// requests"): a JWT signed with ES256 by the developer's App Store Connect API key.
/// Header `alg` ES256, `kid` the key id (`typ` JWT, not checked); claims `iss` the issuer id,
/// `aud` "appstoreconnect-v1", `bid` the app's bundle ID, `exp` (Unix seconds), and optionally
/// `iat`. Apple refuses a token that has expired, whose `iat` is in the future, or whose `exp`
/// is more than 60 minutes after its `iat` (or after now, when it has no `iat`). Apple's page
/// names no `nbf`; a token that has one is refused before that time, as RFC 7519 §4.1.5 says
/// (ours, docs/server.md). Values from the token are repeated in a refusal only quoted, with
/// anything unprintable escaped.
public struct BearerToken: Sendable, Hashable {
    public var keyID: String
    public var issuer: String
    public var audience: String
    public var bundleID: String
    public var expiry: Date
    public var issuedAt: Date?

    /// The audience Apple's tokens carry.
    public static let audience = "appstoreconnect-v1"
    /// The longest life Apple accepts.
    public static let maximumLifetime: TimeInterval = 60 * 60
    /// How far ahead of this machine's clock an `iat` may be: the client's clock may run a
    /// little ahead (ours: Apple does not say how much it allows).
    public static let clockSkew: TimeInterval = 60

    /// Checks an `Authorization` header against `key` at `now` (wall time: the client's clock,
    /// not the store's). Throws `Refusal`, whose description says why, for a 401.
    public static func verify(authorization: String?, key: RegisteredKey, now: Date) throws(Refusal) -> BearerToken {
        guard let authorization, !authorization.isEmpty else { throw Refusal("no Authorization header") }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw Refusal("the Authorization header is not `Bearer TOKEN`") }
        let sections = parts[1].trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard sections.count == 3, let headerData = JWTBase64.decode(sections[0]), let claimsData = JWTBase64.decode(sections[1]),
              let signatureData = JWTBase64.decode(sections[2]) else { throw Refusal("the token is not a compact JWT") }
        guard let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any] else {
            throw Refusal("the token's header or claims are not JSON objects")
        }
        guard header["alg"] as? String == "ES256" else { throw Refusal("the token is not signed with ES256") }
        guard let kid = header["kid"] as? String else { throw Refusal("the token's header has no kid") }
        guard kid == key.keyID else { throw Refusal("the token is for key \(APIError.quoted(kid)), not the registered key") }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
              key.publicKey.isValidSignature(signature, for: Data("\(sections[0]).\(sections[1])".utf8)) else {
            throw Refusal("the token's signature does not verify with the registered key")
        }
        guard let issuer = claims["iss"] as? String, issuer == key.issuer else { throw Refusal("the token's iss is not the registered issuer") }
        guard claims["aud"] as? String == audience else { throw Refusal("the token's aud is not \(audience)") }
        guard let bundleID = claims["bid"] as? String, !bundleID.isEmpty else { throw Refusal("the token has no bid (the app's bundle ID)") }
        let times = try TokenTimes(claimsData)
        guard let expiry = try times.exp?.date("exp") else { throw Refusal("the token has no exp") }
        guard expiry > now else { throw Refusal("the token expired") }
        let issuedAt = try times.iat?.date("iat")
        if let issuedAt, issuedAt > now.addingTimeInterval(clockSkew) { throw Refusal("the token's iat is in the future") }
        if let notBefore = try times.nbf?.date("nbf"), notBefore > now.addingTimeInterval(clockSkew) {
            let ahead = Int(notBefore.timeIntervalSince(now).rounded(.up))
            throw Refusal("the token is not valid yet: its nbf is \(ahead) seconds ahead of this machine's clock")
        }
        guard expiry.timeIntervalSince(issuedAt ?? now) <= maximumLifetime else {
            throw Refusal("the token is valid for more than 60 minutes")
        }
        return BearerToken(keyID: kid, issuer: issuer, audience: audience, bundleID: bundleID, expiry: expiry, issuedAt: issuedAt)
    }

    /// Why a token was refused (the answer is 401 whatever the reason; the reason goes in the
    /// body and the `WWW-Authenticate` header, for the developer).
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Base64url without padding (RFC 7515), as JWT and JWS sections are written.
enum JWTBase64 {
    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
