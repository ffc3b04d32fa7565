import Foundation

/// A fresh folder under the temporary directory (`$TMPDIR`, else `/tmp`) for one test's files:
/// ledgers, catalogs, a CLI's state. Named `tollbooth-<name>-<UUID>`, so a leftover names the
/// test that left it. Remove it with `defer { folder.remove() }` right after making it; a
/// deinit would not do, since Swift may release a value after its last use, mid-test.
public struct TemporaryFolder {
    public let url: URL

    public init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tollbooth-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder and everything in it (an open ledger's files included: the store keeps
    /// working on the unlinked files until it closes).
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
