import Foundation
import MockStore

/// Finds the files Tollbooth ships with: `Themes/` and `Examples/`.
///
/// They live in `Sources/Chrome/Resources` (the repository's root `Themes` and `Examples` are
/// symlinks to them) and SwiftPM copies that folder into `Tollbooth_Chrome.resources` beside
/// the executable. The generated `Bundle.module` traps when the bundle is missing; a trap is
/// never an acceptable answer to a user (docs/architecture.md), so the bundle is looked up by
/// hand and a missing one becomes `PaywallSetupError.resourcesMissing`.
public enum PaywallResources {
    static let bundleName = "Tollbooth_Chrome.resources"

    /// The `Resources` folder, trying in order: `$TOLLBOOTH_RESOURCES`; the bundle next to the
    /// running executable (found through `Bundle.main` and `RunningExecutable`, so any cwd works);
    /// the source tree this module was built from (a development checkout).
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        let candidates = candidateRoots(environment: environment)
        for url in candidates where isDirectory(url.appendingPathComponent("Themes")) {
            return url
        }
        throw .resourcesMissing(searched: candidates.map(\.path))
    }

    /// `<root>/Themes`.
    public static func themesDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try root(environment: environment).appendingPathComponent("Themes")
    }

    /// `<root>/Examples`.
    public static func examplesDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try root(environment: environment).appendingPathComponent("Examples")
    }

    package static func candidateRoots(environment: [String: String]) -> [URL] {
        var roots: [URL] = []
        if let override = environment["TOLLBOOTH_RESOURCES"], !override.isEmpty {
            roots.append(URL(fileURLWithPath: override))
        }
        var executableDirs = [Bundle.main.bundleURL]
        if let exe = RunningExecutable.path {
            executableDirs.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        for dir in executableDirs {
            roots.append(dir.appendingPathComponent(bundleName).appendingPathComponent("Resources"))
        }
        // This file is Sources/Chrome/Bundled/PaywallResources.swift.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        roots.append(sourceRoot.appendingPathComponent("Resources"))
        return roots
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The most a hand-written file (theme, manifest, metadata) may hold: Tollbooth's own
    /// limit, a hundred times the largest real one, so a wrong file is refused at once rather
    /// than parsed for seconds (docs/architecture.md, "Limits").
    public static let largestTextFile = 1 << 20

    /// Reads a text file, turning every failure into a sentence.
    package static func readText(_ path: String, what: String) throws(PaywallSetupError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path, what: what) }
        let data: Data
        switch BoundedFile.read(path, limit: largestTextFile) {
        case .data(let bytes): data = bytes
        case .tooLarge: throw .tooLarge(path: path, what: what, limit: largestTextFile)
        case .unreadable: throw .unreadable(path: path, reason: "permission denied or not a regular file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not valid UTF-8")
        }
        return text
    }
}
