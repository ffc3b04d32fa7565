import AppStoreServer
import Crypto
import Foundation
import MockStore
import Testing

@Suite("Bearer tokens")
struct BearerTokenTests {
    let maker = TokenMaker()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func verify(_ header: String?) throws -> BearerToken {
        try BearerToken.verify(authorization: header, key: maker.registered, now: now)
    }

    func refusal(_ header: String?) -> String? {
        do {
            _ = try BearerToken.verify(authorization: header, key: maker.registered, now: now)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a token like Apple's library makes is accepted")
    func accepted() throws {
        let token = try verify(try maker.bearer(now: now))
        #expect(token.bundleID == AppIdentity.paywall.bundleID)
        #expect(token.keyID == maker.keyID)
    }

    @Test("a missing or malformed header is refused")
    func malformed() {
        #expect(refusal(nil) == "no Authorization header")
        #expect(refusal("Basic abc") == "the Authorization header is not `Bearer TOKEN`")
        #expect(refusal("Bearer abc.def") == "the token is not a compact JWT")
        #expect(refusal("Bearer !!.!!.!!") == "the token is not a compact JWT")
    }

    @Test("a token signed by another key, or for another key id or issuer, is refused")
    func wrongKey() throws {
        let other = try maker.token(claims: maker.claims(now: now), signedBy: P256.Signing.PrivateKey())
        #expect(refusal("Bearer " + other) == "the token's signature does not verify with the registered key")
        var elsewhere = maker
        elsewhere.keyID = "OTHERKEY00"
        #expect(refusal("Bearer " + (try elsewhere.token(claims: maker.claims(now: now)))) == "the token is for key \"OTHERKEY00\", not the registered key")
        elsewhere = maker
        elsewhere.issuer = "another-team"
        #expect(refusal("Bearer " + (try elsewhere.token(claims: elsewhere.claims(now: now)))) == "the token's iss is not the registered issuer")
    }

    @Test("an expired token, or one valid for more than an hour, is refused")
    func lifetime() throws {
        #expect(refusal("Bearer " + (try maker.token(claims: maker.claims(now: now, lifetime: -1)))) == "the token expired")
        #expect(refusal("Bearer " + (try maker.token(claims: maker.claims(now: now, lifetime: 3601)))) == "the token is valid for more than 60 minutes")
        #expect(refusal("Bearer " + (try maker.token(claims: maker.claims(now: now, lifetime: 3600)))) == nil)
        var claims = maker.claims(now: now, lifetime: 3000)
        claims["iat"] = Int(now.timeIntervalSince1970) - 1000
        #expect(refusal("Bearer " + (try maker.token(claims: claims))) == "the token is valid for more than 60 minutes")
    }

    @Test("a token for another audience, without a bundle ID or not ES256 is refused")
    func claims() throws {
        var claims = maker.claims(now: now)
        claims["aud"] = "appstoreconnect-v2"
        #expect(refusal("Bearer " + (try maker.token(claims: claims))) == "the token's aud is not appstoreconnect-v1")
        claims = maker.claims(now: now)
        claims["bid"] = nil
        #expect(refusal("Bearer " + (try maker.token(claims: claims))) == "the token has no bid (the app's bundle ID)")
        let none = try maker.token(claims: maker.claims(now: now), header: ["alg": "none", "kid": maker.keyID])
        #expect(refusal("Bearer " + none) == "the token is not signed with ES256")
    }

    @Test("the registered key may be a PEM public key or the .p8 private key")
    func keyFiles() throws {
        let key = P256.Signing.PrivateKey()
        #expect(try RegisteredKey.publicKey(pem: key.publicKey.pemRepresentation).rawRepresentation == key.publicKey.rawRepresentation)
        #expect(try RegisteredKey.publicKey(pem: key.pemRepresentation).rawRepresentation == key.publicKey.rawRepresentation)
        #expect(throws: RegisteredKey.KeyFileError.self) { try RegisteredKey.publicKey(pem: "hello") }
        let rsaLike = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----\n"
        #expect(throws: RegisteredKey.KeyFileError.self) { try RegisteredKey.publicKey(pem: rsaLike) }
    }
}
