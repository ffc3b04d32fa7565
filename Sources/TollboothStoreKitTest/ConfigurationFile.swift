import Foundation

/// Finds the `.storekit` file `SKTestSession(configurationFileNamed:)` names, where a test's
/// resources end up: in a loaded bundle, in a SwiftPM resource bundle next to the test
/// executable (`<Package>_<Target>.resources` on Linux, `.bundle` on macOS), or in the working
/// directory.
enum ConfigurationFile {
    static func locate(_ filename: String) throws -> URL {
        let name = filename.hasSuffix(".storekit") ? String(filename.dropLast(".storekit".count)) : filename
        let file = name + ".storekit"
        for bundle in Bundle.allBundles + [Bundle.main] {
            if let url = bundle.url(forResource: name, withExtension: "storekit") { return url }
        }
        let manager = FileManager.default
        var searched: [URL] = []
        for folder in executableFolders() {
            let bundles = ((try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { ["resources", "bundle"].contains($0.pathExtension) }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            for bundle in bundles {
                for place in [bundle, bundle.appendingPathComponent("Contents/Resources")] {
                    let url = place.appendingPathComponent(file)
                    if manager.fileExists(atPath: url.path) { return url }
                }
            }
            searched.append(folder)
        }
        let workingDirectory = URL(fileURLWithPath: manager.currentDirectoryPath)
        let here = workingDirectory.appendingPathComponent(file)
        if manager.fileExists(atPath: here.path) { return here }
        let places = searched.map { "the resource bundles in \($0.path)" } + ["the loaded bundles", "the working directory \(workingDirectory.path)"]
        throw SKTestError(.fileNotFound,
                          "No configuration file \(file) in \(places.joined(separator: ", ")); add it to the test target's resources (resources: [.copy(\"\(file)\")]) or pass its URL to SKTestSession(contentsOf:).")
    }

    /// The folders a test executable and its resource bundles sit in.
    private static func executableFolders() -> [URL] {
        var folders: [URL] = []
        let candidates = [Bundle.main.executableURL, Bundle.main.bundleURL,
                          CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }]
        for case let url? in candidates {
            var folder = url.resolvingSymlinksInPath().deletingLastPathComponent()
            // macOS: the executable is inside `Name.xctest/Contents/MacOS`.
            if let range = folder.path.range(of: ".xctest/") {
                folder = URL(fileURLWithPath: String(folder.path[..<range.lowerBound])).deletingLastPathComponent()
            }
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }
}
