import Chrome
import Foundation
import MockStore

/// The ledger a catalog gets when none is named (`--ledger`), and the ledgers that exist.
///
/// An ordinary catalog's is `Ledger.defaultPath(forCatalog:)`, one per path. The bundled example
/// is one file reached by several paths: the copy in the build's resources (no argument), the
/// repository's `Examples/Example.storekit` (a link into `Sources/Chrome/Resources`), the
/// source file itself. A catalog whose real path (links resolved) is the example's file under any
/// of the places `PaywallResources` looks gets one ledger, `bundled-<name>.sqlite`, named
/// without a hash of any path, so every binary and every checkout of this Tollbooth agrees on it.
/// Identity is by path, not content, so an edited copy of the example does not silently change
/// ledger as it is edited (docs/architecture.md §8).
public enum DefaultLedger {
    /// The default ledger for the catalog at `catalogPath`.
    public static func path(forCatalog catalogPath: String,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let name = bundledName(ofCatalog: catalogPath, environment: environment) else {
            return Ledger.defaultPath(forCatalog: catalogPath, environment: environment)
        }
        let bundled = "\(Ledger.defaultDirectory(environment: environment))/bundled-\(name).sqlite"
        // Before the bundled example had one ledger, a run with no argument used the ledger of
        // the resources' copy: while the new file does not exist, that one (if any) is kept.
        guard !FileManager.default.fileExists(atPath: bundled),
              let legacy = try? Ledger.defaultPath(forCatalog: BundledExample.storeKitURL(japan: name.hasSuffix("-JP"), environment: environment).path,
                                                   environment: environment),
              FileManager.default.fileExists(atPath: legacy) else { return bundled }
        return legacy
    }

    /// The bundled example's default ledger (`japan`: its Japan-storefront twin's).
    public static func bundledPath(japan: Bool = false,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let catalog = try? BundledExample.storeKitURL(japan: japan, environment: environment) else { return nil }
        return path(forCatalog: catalog.path, environment: environment)
    }

    /// `Example` or `Example-JP` when `catalogPath` is that bundled catalog; nil otherwise.
    static func bundledName(ofCatalog catalogPath: String, environment: [String: String]) -> String? {
        guard let real = realPath(catalogPath), real.hasSuffix(".storekit") else { return nil }
        let name = URL(fileURLWithPath: real).deletingPathExtension().lastPathComponent
        guard name == "Example" || name == "Example-JP" else { return nil }
        for root in PaywallResources.candidateRoots(environment: environment) {
            let bundled = root.appendingPathComponent("Examples").appendingPathComponent("\(name).storekit")
            if realPath(bundled.path) == real { return name }
        }
        return nil
    }

    /// A ledger in the default folder: its path, the catalog it records (nil when it records
    /// none or cannot be read) and when it last changed.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var catalog: String?
        public var modified: Date
    }

    /// The ledgers (`*.sqlite`) in the default folder, newest first (a ledger's latest writes are
    /// in its `-wal`, so the later of the two times counts); `limit` of them read for their
    /// catalog, and how many more there are.
    public static func existing(limit: Int, environment: [String: String] = ProcessInfo.processInfo.environment) -> (entries: [Entry], more: Int) {
        let directory = Ledger.defaultDirectory(environment: environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let files = names.filter { $0.hasSuffix(".sqlite") }.map { "\(directory)/\($0)" }
        let dated = files.map { path in
            (path: path, modified: [path, path + "-wal"].compactMap(modificationDate).max() ?? .distantPast)
        }
        let newest = dated.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path < $1.path }
        let entries = newest.prefix(max(0, limit)).map { file in
            Entry(path: file.path, catalog: recordedCatalog(file.path), modified: file.modified)
        }
        return (entries, newest.count - entries.count)
    }

    /// The catalog the ledger at `path` records; nil when it cannot be opened (not a ledger)
    /// or records none. Opening creates nothing (`mayCreate: false`), but SQLite touches the
    /// file's time (and may leave a `-wal`): both times are put back, so listing the ledgers
    /// never reorders the list.
    static func recordedCatalog(_ path: String) -> String? {
        let wal = path + "-wal"
        let before = modificationDate(path)
        let walBefore = modificationDate(wal) ?? before
        let catalog = readCatalog(path)
        if let before { try? FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path) }
        if let walBefore, FileManager.default.fileExists(atPath: wal) {
            try? FileManager.default.setAttributes([.modificationDate: walBefore], ofItemAtPath: wal)
        }
        return catalog
    }

    /// Opens, reads and (when the ledger goes out of scope here) closes.
    private static func readCatalog(_ path: String) -> String? {
        guard let ledger = try? Ledger.open(path: path, mayCreate: false) else { return nil }
        return try? ledger.recordedCatalog()
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
