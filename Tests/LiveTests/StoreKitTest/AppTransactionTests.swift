import Foundation
import MockStore
import Testing
import TollboothStoreKit
import TollboothStoreKitTest

/// `AppTransaction.shared` reads the account's app record from the store.
@Suite("TollboothStoreKitTest: AppTransaction", .isolatedStoreKitEnvironment)
struct AppTransactionSharedTests {
    @Test("the app transaction comes from the store, with a device verification value an app can check")
    func fromTheStore() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        let app = try await AppTransaction.shared.payloadValue
        #expect(app.bundleID == ProcessInfo.processInfo.environment["TOLLBOOTH_BUNDLE_ID"] ?? Bundle.main.bundleIdentifier
            ?? ProcessInfo.processInfo.processName)
        #expect(app.originalAppVersion == app.appVersion)
        #expect(app.environment == .xcode)
        // The check Apple documents for `deviceVerification`: SHA-384 of the lowercased nonce
        // followed by the lowercased `AppStore.deviceVerificationID`.
        let id = try #require(AppStore.deviceVerificationID)
        #expect(!app.deviceVerification.isEmpty)
        #expect(app.deviceVerification == AppTransactionRecord.deviceVerification(nonce: app.deviceVerificationNonce, deviceVerificationID: id))
        // The first launch stands for the download: a purchase later does not move it.
        let product = try #require(try await Product.products(for: ["dev.tollbooth.example.lifetime"]).first)
        session.disableDialogs = true
        _ = try await product.purchase()
        #expect(try await AppTransaction.shared.payloadValue.originalPurchaseDate == app.originalPurchaseDate)
    }

    @Test("the App Transaction fault makes AppTransaction.shared throw")
    func failable() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        try await session.setSimulatedError(.generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .appTransaction)
        await #expect(throws: (any Error).self) { try await AppTransaction.shared }
    }
}
