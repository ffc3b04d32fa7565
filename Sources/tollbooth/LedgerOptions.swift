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

    /// A remark beside a command's output, on standard error so `--json` stays parseable.
    @Sendable static func note(_ sentence: String) {
        TerminalSafeOutput.complain("note: \(sentence)")
    }

    /// Opens the catalog and ledger and an administrative store on them. The catalog loads
    /// before a ledger is created for it (a bad catalog leaves no file behind); `--ledger`
    /// alone opens the ledger once and reads the catalog path it records from it.
    ///
    /// `startingCourier`: when notifications wait in the outbox (a courier was killed, or none
    /// ran), start one (`NotificationDispatch`), so any command on the ledger sends them.
    func openStore(startingCourier: Bool = true) async throws -> Store {
        let store = try await openStoreOnly()
        if startingCourier { NotificationDispatch.startCourierIfNeeded(for: store) }
        return store
    }

    private func openStoreOnly() async throws -> Store {
        try await userFacing {
            if let catalog {
                let loaded = try CatalogLoader.load(path: catalog)
                let ledger = try Ledger.open(path: self.ledger ?? Ledger.defaultPath(forCatalog: catalog), onStaleRead: Self.note)
                return try Store(catalog: loaded, ledger: ledger, device: "cli", polling: false, role: .admin)
            }
            guard let path = ledger else {
                throw CLIError("say which ledger to use: --ledger PATH, or --catalog CATALOG for that catalog's default ledger")
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIError("no ledger at \(path): pass --catalog CATALOG as well to create one")
            }
            let opened = try Ledger.open(path: path, onStaleRead: Self.note)
            guard let recorded = try opened.recordedCatalog() else {
                throw CLIError("\(path) does not record its catalog: pass --catalog CATALOG")
            }
            return try Store(catalog: try CatalogLoader.load(path: recorded), ledger: opened, device: "cli", polling: false, role: .admin)
        }
    }
}
