import Foundation
import MockStore

/// The store an unmodified app binary gets from its environment (see `AppStoreHost`).
enum EnvironmentStore {
    static func open(_ environment: [String: String]) throws(AppStoreHost.ConfigurationError) -> MockStore.Store {
        let device = environment["TOLLBOOTH_DEVICE"].flatMap { $0.isEmpty ? nil : $0 } ?? AppStoreHost.defaultDevice
        if let problem = DeviceName.problem(with: device) {
            throw fail("TOLLBOOTH_DEVICE \(SourceText.quoted(device)) \(problem); set it to a printable name of at most \(DeviceName.maximumLength) characters.")
        }
        let catalogPath = environment["TOLLBOOTH_CATALOG"].flatMap { $0.isEmpty ? nil : $0 }
        let ledgerPath = environment["TOLLBOOTH_LEDGER"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let ledger = try ledgerPath.map { try Ledger.open(path: $0) } ?? Ledger.inMemory()
            // A ledger made by `tollbooth run` names its catalog, so the ledger alone is enough.
            guard let path = try catalogPath ?? ledger.recordedCatalog() else {
                throw fail("No App Store to talk to: set TOLLBOOTH_CATALOG to your .storekit file (and TOLLBOOTH_LEDGER to share purchases with `tollbooth run`), or create an SKTestSession.")
            }
            let catalog = try CatalogLoader.load(path: path)
            return try MockStore.Store(catalog: catalog, ledger: ledger, device: device, app: AppTransaction.processIdentity)
        } catch let error as AppStoreHost.ConfigurationError {
            throw error
        } catch {
            throw fail("The App Store could not be opened: \(error)")
        }
    }

    private static func fail(_ sentence: String) -> AppStoreHost.ConfigurationError {
        AppStoreHost.ConfigurationError(description: sentence)
    }
}
