import ArgumentParser
import Foundation
import MockStore
import Paywall

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
    /// `reading`: the command only shows the ledger, so it creates none: a missing or empty
    /// file is one sentence and stays as it is.
    ///
    /// `startingCourier`: when notifications wait in the outbox (a courier was killed, or none
    /// ran), start one (`NotificationDispatch`), so any command on the ledger sends them.
    func openStore(reading: Bool = false, startingCourier: Bool = true) async throws -> Store {
        let store = try await openStoreOnly(reading: reading)
        if startingCourier { NotificationDispatch.startCourierIfNeeded(for: store) }
        return store
    }

    private func openStoreOnly(reading: Bool) async throws -> Store {
        try await userFacing {
            if let catalog {
                let loaded = try CatalogLoader.load(path: catalog)
                let ledger = try Ledger.open(path: self.ledger ?? DefaultLedger.path(forCatalog: catalog), mayCreate: !reading,
                                             onStaleRead: Self.note)
                return try Store(catalog: loaded, ledger: ledger, device: "cli", polling: false, role: .admin)
            }
            guard let path = ledger else {
                throw CLIError(Self.whichLedger())
            }
            // Without a catalog there is nothing to make a ledger for: a new path or an empty file
            // is left as it is (the ledger records its catalog, so only an existing one will do).
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            guard reading || (size ?? 0) > 0 else {
                let what = size == nil ? "no ledger at \(SourceText.path(path))" : "\(SourceText.path(path)) is empty (0 bytes), so it holds no ledger"
                throw CLIError("\(what): pass --catalog CATALOG as well to create one")
            }
            let opened = try Ledger.open(path: path, mayCreate: false, onStaleRead: Self.note)
            let recorded = try Self.recordedCatalog(of: opened)
            return try Store(catalog: try CatalogLoader.load(path: recorded), ledger: opened, device: "cli", polling: false, role: .admin)
        }
    }

    /// How many existing ledgers "say which ledger to use" lists.
    static let listedLedgers = 5

    /// "say which ledger to use", and the ledgers in the default folder to choose from, newest
    /// first, each with the catalog it records.
    static func whichLedger(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let sentence = "say which ledger to use: --ledger PATH, or --catalog CATALOG for that catalog's default ledger"
        let directory = Ledger.defaultDirectory(environment: environment)
        let (entries, more) = DefaultLedger.existing(limit: listedLedgers, environment: environment)
        guard !entries.isEmpty else { return "\(sentence) (\(directory) holds none yet)" }
        var lines = ["\(sentence); the ledgers in \(directory), newest first:"]
        // Quoted, controls escaped: file names and recorded paths are data, and a quoted path
        // pastes into a shell as it is.
        for entry in entries {
            let catalog = entry.catalog.map { "catalog \(SourceText.quoted($0, limit: 1024))" } ?? "records no catalog"
            lines.append("  --ledger \(SourceText.quoted(entry.path, limit: 1024))  (\(catalog))")
        }
        if more > 0 { lines.append("  and \(more) more") }
        return lines.joined(separator: "\n")
    }

    /// The catalog `ledger` was made for, which must still be there: a ledger without one (or
    /// whose catalog moved) is one sentence asking for `--catalog`.
    static func recordedCatalog(of ledger: Ledger) throws -> String {
        guard let recorded = try ledger.recordedCatalog() else {
            throw CLIError("\(SourceText.path(ledger.path)) does not record its catalog: pass --catalog CATALOG")
        }
        guard FileManager.default.fileExists(atPath: recorded) else {
            let relative = recorded.hasPrefix("/") ? "" : " (a path relative to the folder it was made from)"
            throw CLIError("\(SourceText.path(ledger.path)) was made for the catalog \(SourceText.quoted(recorded))\(relative), which is not there: pass --catalog CATALOG")
        }
        return recorded
    }
}
