import AppStoreServer
import Crypto
import Foundation
import MockStore
import TestSupport

/// An API over a fresh in-memory ledger with a manual clock, signing with the stand-in.
struct APIFixture {
    let api: AppStoreServerAPI
    let store: Store
    let ledger: Ledger
    let clock: ManualWallClock

    init(key: RegisteredKey? = nil, ledger: Ledger? = nil, start: Date = StoreFixtures.start) throws {
        let (store, ledger, clock) = try StoreFixtures.device(ledger: ledger, clock: ManualWallClock(start))
        self.store = store
        self.ledger = ledger
        self.clock = clock
        api = AppStoreServerAPI(store: store, signer: StandInSigner(), key: key, wallNow: { clock.now() })
    }

    /// Buys from outside the app (the store's own operation).
    @discardableResult
    func buy(_ productID: String) async throws -> MockStore.Transaction {
        try await store.admin { try $0.buy(productID) }
    }

    func get(_ path: String, _ query: [(String, String)] = [], authorization: String? = nil) async -> Answer {
        Answer(await api.respond(to: APIRequest(method: "GET", path: path, query: query.map { .init($0.0, $0.1) },
                                                authorization: authorization)))
    }

    func put(_ path: String, json: String) async -> Answer {
        await send("PUT", path, json: json)
    }

    func send(_ method: String, _ path: String, json: String = "") async -> Answer {
        Answer(await api.respond(to: APIRequest(method: method, path: path, body: Data(json.utf8))))
    }
}

/// A response, read.
struct Answer {
    let response: APIResponse
    init(_ response: APIResponse) { self.response = response }

    var status: Int { response.status }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:] }
    var errorCode: Int? { json["errorCode"] as? Int }
    var text: String { String(decoding: response.body, as: UTF8.self) }

    /// The payloads of `signedTransactions`.
    var transactions: [[String: Any]] { (json["signedTransactions"] as? [String] ?? []).map(payload) }
    var transactionIDs: [String] { transactions.map { $0["transactionId"] as? String ?? "?" } }
}

/// The decoded payload of a compact JWS (not verified: the stand-in does not sign).
func payload(_ jws: String) -> [String: Any] {
    let sections = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard sections.count == 3 else { return [:] }
    var base64 = sections[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return [:] }
    return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
}

/// Apple's bearer tokens, made the way Apple's server libraries make them.
struct TokenMaker {
    var key = P256.Signing.PrivateKey()
    var keyID = "KEY123ABCD"
    var issuer = "57246542-96fe-1a63-e053-0824d011072a"

    var registered: RegisteredKey { RegisteredKey(keyID: keyID, issuer: issuer, publicKey: key.publicKey) }

    func token(claims: [String: Any], header: [String: Any]? = nil, signedBy other: P256.Signing.PrivateKey? = nil) throws -> String {
        func section(_ object: [String: Any]) throws -> String {
            base64URL(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        }
        let input = try section(header ?? ["alg": "ES256", "kid": keyID, "typ": "JWT"]) + "." + section(claims)
        let signature = try (other ?? key).signature(for: Data(input.utf8))
        return input + "." + base64URL(signature.rawRepresentation)
    }

    func claims(now: Date, lifetime: TimeInterval = 300, bundleID: String = AppIdentity.paywall.bundleID) -> [String: Any] {
        ["iss": issuer, "aud": "appstoreconnect-v1", "bid": bundleID, "exp": Int(now.timeIntervalSince1970 + lifetime)]
    }

    func bearer(now: Date) throws -> String { "Bearer " + (try token(claims: claims(now: now))) }
}

func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
