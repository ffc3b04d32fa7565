import AppStoreServer
import Crypto
import Foundation
import TestSupport
import Testing
@testable import TollboothStoreKit

/// `jwsRepresentation` as a backend receives it from an app: signed by the test authority,
/// the payload the same bytes as `jsonRepresentation`, the environment the value states, and a
/// signature that fails exactly when the store handed the value out unverified.
@Suite("TollboothStoreKit: signed transactions", .timeLimit(.minutes(1)))
struct SignedFormTests {
    typealias F = StoreFixtures

    /// Whether `jws` verifies with the key of its `x5c` leaf, which must be the authority's.
    func verifies(_ jws: String, authority: TestAuthority) throws -> Bool {
        let parts = try #require(CompactJWS(compact: jws))
        let header = try #require(try JSONSerialization.jsonObject(with: parts.header) as? [String: Any])
        let chain = try #require(header["x5c"] as? [String]).compactMap { Data(base64Encoded: $0) }
        #expect(chain == authority.chainDER)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: parts.signature)
        return authority.leafPublicKey.isValidSignature(signature, for: parts.signingInput)
    }

    func purchase(unverified: Bool, environment: SignedDataContext.Environment, directory: String? = nil,
                  _ body: (VerificationResult<Transaction>, TestAuthority?) throws -> Void) async throws {
        let folder = try TemporaryFolder("storekit-signed")
        defer { folder.remove() }
        let directory = directory ?? folder.path("signing")
        try await SignedForm.$directory.withValue(directory) {
            try await AppStoreHost.withIsolatedAppStore {
                let store = try Outside.device()
                AppStoreHost.install(store, environment: environment)
                if unverified { try Outside.failVerification(on: store) }
                let product = try #require(try await Product.products(for: [F.lifetime]).first)
                guard case .success(let result) = try await product.purchase() else { Issue.record("the purchase did not succeed"); return }
                try body(result, try? AppStoreSigner.loadedAuthority(directory: directory))
            }
        }
    }

    @Test("a verified transaction's JWS verifies and signs its jsonRepresentation")
    func verified() async throws {
        try await purchase(unverified: false, environment: .sandbox) { result, authority in
            guard case .verified(let transaction) = result else { Issue.record("expected .verified"); return }
            #expect(try verifies(result.jwsRepresentation, authority: try #require(authority)))
            #expect(result.payloadData == transaction.jsonRepresentation)
            #expect(result.signedData == Data(result.jwsRepresentation.split(separator: ".").prefix(2).joined(separator: ".").utf8))
            #expect(result.signatureData.count == 64)
            let payload = try #require(try JSONSerialization.jsonObject(with: result.payloadData) as? [String: Any])
            #expect(transaction.environment == .sandbox)
            #expect(payload["environment"] as? String == "Sandbox")
            #expect(payload["bundleId"] as? String == transaction.appBundleID)
            #expect(!transaction.appBundleID.isEmpty)
        }
    }

    @Test("an unverified transaction's JWS does not verify; an SKTestSession's store says Xcode")
    func unverified() async throws {
        try await purchase(unverified: true, environment: .xcode) { result, authority in
            guard case .unverified(let transaction, _) = result else { Issue.record("expected .unverified"); return }
            #expect(try verifies(result.jwsRepresentation, authority: try #require(authority)) == false)
            #expect(transaction.environment == .xcode)
            let payload = try #require(try JSONSerialization.jsonObject(with: result.payloadData) as? [String: Any])
            #expect(payload["environment"] as? String == "Xcode")
        }
    }

    @Test("without a writable state directory the JWS is left unsigned and nothing crashes")
    func unwritable() async throws {
        let blocker = try TemporaryFolder("storekit-unwritable")
        defer { blocker.remove() }
        try Data().write(to: URL(fileURLWithPath: blocker.path("file")))
        // A folder cannot be made under a file, as under a read-only home.
        try await purchase(unverified: false, environment: .sandbox, directory: blocker.path("file/tollbooth/signing")) { result, authority in
            #expect(authority == nil)
            let parts = try #require(CompactJWS(compact: result.jwsRepresentation))
            #expect(String(decoding: parts.header, as: UTF8.self) == #"{"alg":"none"}"#)
            #expect(result.signatureData.isEmpty)
            #expect(result.payloadData == result.unsafePayloadValue.jsonRepresentation)
        }
    }
}
