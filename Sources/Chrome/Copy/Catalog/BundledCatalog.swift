import Foundation
import Synchronization

/// The String Catalog shipped in the Paywall resources, read one language at a time: a
/// session needs its language and English (the fallback), and switching language in the
/// Settings panel reads one more.
public enum BundledCatalog {
    private struct Loaded {
        var catalogs: [Language: StringCatalog] = [:]
        var failure: StringCatalogError?
    }

    /// Held while a language is read, so a caller that needs it waits for a read under way
    /// (`preload`'s) instead of starting a second one.
    private static let loaded = Mutex(Loaded())

    /// The catalog with `language` and English read, or nil when it cannot be read (`error`
    /// says why; the CLI checks that before showing anything).
    public static func catalog(for language: Language) -> StringCatalog? {
        loaded.withLock { loaded in
            if let catalog = loaded.catalogs[language] { return catalog }
            // A broken install is refused at start-up; don't read the file again for every string.
            guard loaded.failure == nil else { return nil }
            switch read(language) {
            case .success(let catalog):
                loaded.catalogs[language] = catalog
                return catalog
            case .failure(let error):
                loaded.failure = error
                return nil
            }
        }
    }

    /// Starts reading `language` on a thread of its own, so the read (a few milliseconds for
    /// the whole catalog) overlaps the rest of start-up instead of delaying the first frame.
    public static func preload(_ language: Language) {
        Thread.detachNewThread { _ = catalog(for: language) }
    }

    /// Why the catalog cannot be read for `language`, in one sentence; nil when it can.
    public static func error(for language: Language) -> String? {
        guard catalog(for: language) == nil else { return nil }
        return loaded.withLock { $0.failure }?.description ?? "Tollbooth's UI copy cannot be read; reinstall Tollbooth."
    }

    private static func read(_ language: Language) -> Result<StringCatalog, StringCatalogError> {
        let url: URL
        do { url = try PaywallResources.root().appendingPathComponent("Localizable.xcstrings") } catch {
            return .failure(.unavailable(reason: "\(error)"))
        }
        // Mapped, not read: the file's pages leave memory with the `Data`, where a heap copy of
        // a megabyte would stay in the process after it is freed.
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return .failure(.unreadable(path: url.path)) }
        do {
            return .success(try StringCatalog(data: data, path: url.path, languages: [language.rawValue, Language.en.rawValue]))
        } catch {
            return .failure(error)
        }
    }
}
