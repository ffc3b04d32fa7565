@testable import Chrome
import Foundation
import MockStore
@testable import Paywall
import TestSupport
import Testing

/// Issue 24: the ledger a catalog gets when none is named, and the ledgers that exist.
@Suite struct DefaultLedgerTests {
    /// The repository's root: this file is Tests/PaywallTests/DefaultLedgerTests.swift.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["XDG_STATE_HOME": folder.url.path, "HOME": folder.url.path]
    }

    @Test func everyPathToTheBundledExampleIsOneLedger() throws {
        let folder = try TemporaryFolder("default-ledger")
        defer { folder.remove() }
        let env = environment(folder)
        let link = folder.path("mine.storekit")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.repository.path + "/Examples/Example.storekit")
        let names = [
            try BundledExample.storeKitURL(environment: env).path,  // the build's copy: no argument
            Self.repository.path + "/Examples/Example.storekit",  // the README's path, a link
            Self.repository.path + "/Examples/../Examples/Example.storekit",
            Self.repository.path + "/Sources/Chrome/Resources/Examples/Example.storekit",  // the file itself
            link,
        ]
        for name in names {
            #expect(DefaultLedger.path(forCatalog: name, environment: env) == folder.path("tollbooth/bundled-Example.sqlite"), "\(name)")
        }
        #expect(DefaultLedger.path(forCatalog: Self.repository.path + "/Examples/Example-JP.storekit", environment: env)
                == folder.path("tollbooth/bundled-Example-JP.sqlite"))
        #expect(DefaultLedger.bundledPath(environment: env) == folder.path("tollbooth/bundled-Example.sqlite"))
    }

    /// Another catalog keeps the ledger it always had, even a copy of the example: identity is
    /// the file, so editing a copy never moves it to another ledger.
    @Test func anyOtherCatalogKeepsItsLedger() throws {
        let folder = try TemporaryFolder("default-ledger")
        defer { folder.remove() }
        let env = environment(folder)
        let copy = folder.path("Example.storekit")
        try FileManager.default.copyItem(atPath: Self.repository.path + "/Examples/Example.storekit", toPath: copy)
        for path in [copy, Self.repository.path + "/Tests/Fixtures/storekit-samples/apple-skdemo-wwdc21-products-v1.1.storekit",
                     folder.path("missing/Example.storekit")] {
            #expect(DefaultLedger.path(forCatalog: path, environment: env) == Ledger.defaultPath(forCatalog: path, environment: env))
        }
    }

    /// Nothing is lost: the ledger a no-argument run used before stays the example's while the
    /// new one does not exist.
    @Test func theEarlierNoArgumentLedgerIsKept() throws {
        let folder = try TemporaryFolder("default-ledger")
        defer { folder.remove() }
        let env = environment(folder)
        let earlier = Ledger.defaultPath(forCatalog: try BundledExample.storeKitURL(environment: env).path, environment: env)
        try FileManager.default.createDirectory(atPath: folder.path("tollbooth"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: earlier))
        #expect(DefaultLedger.path(forCatalog: Self.repository.path + "/Examples/Example.storekit", environment: env) == earlier)
        try Data().write(to: URL(fileURLWithPath: folder.path("tollbooth/bundled-Example.sqlite")))
        #expect(DefaultLedger.path(forCatalog: Self.repository.path + "/Examples/Example.storekit", environment: env)
                == folder.path("tollbooth/bundled-Example.sqlite"))
    }

    @Test func existingLedgersComeNewestFirstWithTheirCatalogs() async throws {
        let folder = try TemporaryFolder("default-ledger")
        defer { folder.remove() }
        let env = environment(folder)
        #expect(DefaultLedger.existing(limit: 5, environment: env).entries.isEmpty)
        let catalogs = [Self.repository.path + "/Examples/Example.storekit",
                        Self.repository.path + "/Tests/Fixtures/storekit-samples/apple-skdemo-wwdc21-products-v1.1.storekit"]
        var paths: [String] = []
        for catalog in catalogs {
            let path = DefaultLedger.path(forCatalog: catalog, environment: env)
            let store = try Store(catalog: try CatalogLoader.load(path: catalog), ledger: try Ledger.open(path: path), device: "iphone")
            await store.close()
            paths.append(path)
        }
        let notALedger = folder.path("tollbooth/notes.sqlite")
        try Data("not a ledger".utf8).write(to: URL(fileURLWithPath: notALedger))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: folder.path("tollbooth/readme.txt")))
        let now = Date()
        // A ledger's age is its newest file's: its -wal stays after the last process closes it
        // (SQLite's own checkpoint on close is off, docs/architecture.md).
        for (path, age) in [(paths[0], 30.0), (paths[1], 10.0), (notALedger, 20.0)] {
            for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
                try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: file)
            }
        }
        let all = DefaultLedger.existing(limit: 5, environment: env)
        #expect(all.entries.map(\.path) == [paths[1], notALedger, paths[0]])
        #expect(all.entries.map(\.catalog) == [catalogs[1], nil, catalogs[0]])
        #expect(all.more == 0)
        let two = DefaultLedger.existing(limit: 2, environment: env)
        #expect(two.entries.map(\.path) == [paths[1], notALedger])
        #expect(two.more == 1)
    }
}
