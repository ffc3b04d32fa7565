import Foundation
import MockStore
import TestSupport
import Testing

/// The account's app transaction (`AppTransaction.shared`): where each value comes from.
@Suite("Lifecycle: app transaction")
struct AppTransactionTests {
    typealias F = StoreFixtures
    static let knownDigest = "f0ab434b80568938eb0f4e9271c31f6d0c1c3624167848063beab7c0ab0c89e80dab885cbb666e68816a187c515cf636"

    @Test("the first launch fixes the original version and date; later launches set the current version")
    func originalAndCurrent() async throws {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let first = try Store(catalog: F.catalog, ledger: ledger, device: "iphone", wallClock: clock, polling: false,
                              app: AppIdentity(bundleID: "com.example.app", version: "3"))
        let launched = try #require(try await first.appTransaction())
        #expect(launched.bundleID == "com.example.app")
        #expect(launched.appVersion == "3")
        #expect(launched.originalAppVersion == "3")
        #expect(launched.originalPurchaseDate == F.start)
        #expect(launched.environment == "Xcode")
        clock.advance(by: 86400)
        let updated = try Store(catalog: F.catalog, ledger: ledger, device: "ipad", wallClock: clock, polling: false,
                                app: AppIdentity(bundleID: "com.example.app", version: "4"))
        let later = try #require(try await updated.appTransaction())
        #expect(later.appVersion == "4")
        #expect(later.originalAppVersion == "3")
        #expect(later.originalPurchaseDate == F.start)
        #expect(later.signedDate == F.start.addingTimeInterval(86400))
        #expect(later.appTransactionID == launched.appTransactionID)
        #expect(try await updated.ledgerContents().appTransaction?.appVersion == "4")
    }

    @Test("deviceVerification is SHA-384 of the lowercased nonce and the device's verification ID")
    func deviceVerification() async throws {
        let (store, _, _) = try F.device("iphone")
        let record = try #require(try await store.appTransaction())
        let id = StableUUID.deviceVerificationID(of: "iphone")
        #expect(record.deviceVerification == AppTransactionRecord.deviceVerification(nonce: record.deviceVerificationNonce, deviceVerificationID: id))
        #expect(record.deviceVerification.count == 48)
        // Computed as an app would (SHA-384 of "<nonce><id>", both lowercased): checked against
        // `printf %s "$nonce$id" | sha384sum` for these two UUIDs.
        let known = AppTransactionRecord.deviceVerification(nonce: UUID(uuidString: "A1B2C3D4-0000-4000-8000-000000000001")!,
                                                            deviceVerificationID: UUID(uuidString: "00000000-0000-4000-8000-00000000ABCD")!)
        #expect(known.map { String(format: "%02x", $0) }.joined() == Self.knownDigest)
    }

    @Test("the App Transaction fault makes the call throw")
    func fault() async throws {
        let (store, _, _) = try F.device("iphone")
        try await store.admin { try $0.setFault(FaultRule(api: .appTransaction, error: .storeKit(.networkError))) }
        await #expect(throws: (any Error).self) { try await store.appTransaction() }
    }
}
