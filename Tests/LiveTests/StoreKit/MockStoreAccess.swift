import Foundation
import MockStore
import TestSupport
import Testing

/// What the tests do to the store from outside the app (Xcode's Transaction Manager). Kept in
/// a file that does not import TollboothStoreKit, whose types share MockStore's names.
enum Outside {
    typealias Device = MockStore.Store

    static func device() throws -> Device { try StoreFixtures.device("app").0 }

    /// A purchase made outside the app; its transaction id.
    static func buy(_ productID: String, on store: Device) throws -> UInt64 {
        try store.adminNow { try $0.buy(productID) }.id
    }

    static func refund(_ id: UInt64, on store: Device) throws {
        _ = try store.adminNow { try $0.refund(id) }
    }

    /// The customer asks for a refund and the App Store grants it prorated, at `percent`.
    static func refundProrated(_ id: UInt64, percent: Int, on store: Device) throws {
        _ = try store.adminNow { try $0.requestRefund(id) }
        _ = try store.adminNow { try $0.decideRefund(id, .grantProrated, millipercent: percent * 1000) }
    }

    static func reverseRefund(_ id: UInt64, on store: Device) throws {
        _ = try store.adminNow { try $0.reverseRefund(id) }
    }

    static func failLoadProducts(with error: MockStore.StoreKitError, on store: Device) throws {
        try store.adminNow { try $0.setFault(FaultRule(api: .loadProducts, error: .storeKit(error))) }
    }

    /// Every purchase from now on is handed out unverified (a Verification API fault).
    static func failVerification(on store: Device) throws {
        try store.adminNow { try $0.setFault(FaultRule(api: .verification, error: .verification(.invalidSignature))) }
    }

    /// The detail of the first event of this kind, once it is in the log (the report is
    /// written by a task of its own).
    static func waitForEvent(named kind: String, on store: Device) async throws -> String {
        var detail = ""
        try await Polling.wait(for: "a \(kind) event in the log") {
            guard let found = try await store.recentEvents(limit: 50).first(where: { $0.kind.rawValue == kind }) else { return false }
            detail = found.detail
            return true
        }
        return detail
    }

    /// Buys `productID` a year ago with auto-renew off, so it has lapsed by now.
    static func lapse(_ productID: String, on store: Device) throws {
        _ = try store.adminNow { session in
            try session.buy(productID, backdating: Backdating(purchaseDate: session.now.addingTimeInterval(-400 * 86400),
                                                               renewal: .cancelImmediately))
        }
    }

    /// The parts of a promotional offer signature made as an app's server would, with the
    /// fixture's key at the store's time.
    static func signedParts(_ offerID: String, for productID: String, on store: Device) throws
        -> (keyID: String, nonce: UUID, timestamp: Int, signature: Data) {
        let now = try store.adminNow { $0.now }
        let signature = try PromotionalOfferSigning.sign(offerID: offerID, productID: productID, appAccountToken: nil,
                                                         key: StoreFixtures.offersKey, appBundleID: StoreFixtures.bundleID, at: now)
        guard case .parts(let keyID, let nonce, let timestamp, let data) = signature else { throw CancellationError() }
        return (keyID, nonce, timestamp, data)
    }

    /// A compact JWS for the offer, signed with the fixture's key.
    static func signedJWS(_ offerID: String, for productID: String, on store: Device) throws -> String {
        let now = try store.adminNow { $0.now }
        let signature = try PromotionalOfferSigning.signJWS(offerID: offerID, productID: productID, key: StoreFixtures.offersKey,
                                                            appBundleID: StoreFixtures.bundleID, at: now)
        guard case .compactJWS(let jws) = signature else { throw CancellationError() }
        return jws
    }
}
