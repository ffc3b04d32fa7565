import Foundation
@testable import MockStore

/// The corpus of `.storekit` files in `Tests/Fixtures/storekit-samples`: real files copied from
/// public repositories and files written for the project (origins and licences in its
/// `SOURCES.md`).
enum Samples {
    /// `<package root>/Tests/Fixtures/storekit-samples`, from this file's path.
    static let directory: String = {
        let testsFolder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // MockStoreTests
            .deletingLastPathComponent()  // Tests
        return testsFolder.appendingPathComponent("Fixtures/storekit-samples").standardizedFileURL.path
    }()

    /// Every `.storekit` file in the corpus, sorted; empty if the corpus is missing (which
    /// `corpusIsComplete` turns into a failure rather than a silently empty parameter list).
    static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted()
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    static func load(_ name: String) throws -> Catalog {
        try CatalogLoader.load(path: path(name))
    }

    /// `SOURCES.md`, which names every file in the corpus.
    static func sources() throws -> String {
        try String(contentsOfFile: directory + "/SOURCES.md", encoding: .utf8)
    }

    /// A committed 0-byte file, which the loader refuses.
    static let empty = "handmade-empty-0bytes.storekit"
    /// A hand-written file in App Store Connect API shapes, which the loader refuses.
    static let notXcode = "handmade-nonxcode-invented-keys.storekit"
}

/// Loads `text` as if it were a file called `name`, for small crafted inputs.
func loadText(_ text: String, name: String = "Test.storekit") throws(CatalogError) -> Catalog {
    try CatalogLoader.load(data: Data(text.utf8), source: name)
}

/// The `CatalogError` loading `text` throws, or nil if it loads.
func loadError(_ text: String, name: String = "Test.storekit") -> CatalogError? {
    do {
        _ = try loadText(text, name: name)
        return nil
    } catch {
        return error
    }
}
