import AppStoreServer
import Foundation
import MockStore

/// PENDING the signing branch: replaced by the test authority's signer when it is on main.
enum LedgerSigning {
    static func signer(for store: Store) async throws -> (any SignedDataSigning, NotificationApp) {
        throw CLIError("signing is not available in this build")
    }
}
