import ArgumentParser
import Foundation
import MockStore

/// How an admin command finds the ledger: `--ledger PATH`, or `--catalog CATALOG` for that
/// catalog's default ledger. A ledger records its catalog, so `--ledger` alone is enough once
/// it exists.
struct LedgerOptions: ParsableArguments {
    @Option(name: .long, help: "The ledger database to act on.")
    var ledger: String?

    @Option(name: .long, help: "The .storekit catalog (its default ledger, or the catalog for a new --ledger).")
    var catalog: String?

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    /// Opens the catalog and ledger and an administrative store on them.
    func openStore() async throws -> Store {
        try await userFacing {
            let (catalogPath, ledgerPath) = try resolve()
            let catalog = try CatalogLoader.load(path: catalogPath)
            let ledger = try Ledger.open(path: ledgerPath)
            return try Store(catalog: catalog, ledger: ledger, device: "cli", polling: false, role: .admin)
        }
    }

    func resolve() throws -> (catalog: String, ledger: String) {
        if let ledger {
            if let catalog { return (catalog, ledger) }
            guard FileManager.default.fileExists(atPath: ledger) else {
                throw CLIError("no ledger at \(ledger): pass --catalog CATALOG as well to create one")
            }
            guard let recorded = try Ledger.recordedCatalog(atPath: ledger) else {
                throw CLIError("\(ledger) does not record its catalog: pass --catalog CATALOG")
            }
            return (recorded, ledger)
        }
        if let catalog { return (catalog, Ledger.defaultPath(forCatalog: catalog)) }
        throw CLIError("say which ledger to use: --ledger PATH, or --catalog CATALOG for that catalog's default ledger")
    }
}
