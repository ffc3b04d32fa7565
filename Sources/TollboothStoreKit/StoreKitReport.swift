import Foundation
import MockStore
import Synchronization

/// Where a failure goes that StoreKit's API has no way to return (`Transaction.finish()` does
/// not throw, `Transaction.currentEntitlements` cannot fail): one sentence on standard error
/// and, when the ledger still takes writes, a line in the store's event log. Never swallowed.
enum StoreKitReport {
    private static let toldConfiguration = Mutex(false)

    static func failure(_ error: any Error, during call: String, connection: AppStoreConnection?) {
        let sentence = "TollboothStoreKit: \(call) failed: \(SourceText.quoted(String(describing: error), limit: 300))"
        printToStandardError(sentence)
        guard let store = connection?.store else { return }
        Task {
            _ = try? await store.admin { try $0.note(.appError, detail: sentence) }
        }
    }

    /// A missing or broken configuration, told once per process (every call would repeat it).
    static func unconfigured(_ error: AppStoreHost.ConfigurationError) {
        guard toldConfiguration.withLock({ told in defer { told = true }; return !told }) else { return }
        printToStandardError("TollboothStoreKit: \(error.description)")
    }

    private static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
