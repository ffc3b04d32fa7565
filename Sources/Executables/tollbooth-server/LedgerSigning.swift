import AppStoreServer
import Foundation
import MockStore

/// What a ledger's notifications are signed with: the state directory's test authority, as
/// `tollbooth txn signed` signs (environment Sandbox, the bundle ID of the newest app launched
/// on the ledger), and the app facts a notification's `data` carries.
enum LedgerSigning {
    static func signer(for store: Store) async throws -> (any SignedDataSigning, NotificationApp) {
        let app = try await store.admin { try $0.appTransaction(for: store.device) }
        let context = SignedDataContext.ledger(app: app)
        let signer = try AppStoreSigner.shared(context: context)
        return (signer, NotificationApp(bundleID: context.bundleID, bundleVersion: app?.appVersion,
                                        environment: context.environment.rawValue))
    }
}
