import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// The `Set` lines read so far, and the launch they describe: the same files, language,
/// storefront, theme and rate `tollbooth run` would be given.
struct LaunchSettings {
    /// A fixed store date when the scenario sets none, so even a scenario without
    /// `Set StoreDate` gives the same ids, dates and recording on every run.
    static let defaultStoreDate = Date(timeIntervalSince1970: 1_767_258_000) // 2026-01-01T09:00:00Z
    static let defaultTypingSpeed: Duration = .milliseconds(50)

    var catalog: String?
    var manifest: String?
    var locale: String?
    var storefront: String?
    var theme: String?
    var size = Size(width: 80, height: 24)
    var device = "iphone"
    var rate: String?
    var typingSpeed = defaultTypingSpeed
    var title: String?
    var storeDate = defaultStoreDate
    /// The line of each setting, for messages about its value.
    var lines: [String: Int] = [:]

    mutating func apply(_ setting: ScenarioSetting, line: Int) {
        switch setting {
        case .catalog(let path): catalog = path; lines["Catalog"] = line
        case .manifest(let path): manifest = path; lines["Manifest"] = line
        case .locale(let value): locale = value
        case .storefront(let value): storefront = value; lines["Storefront"] = line
        case .theme(let value): theme = value; lines["Theme"] = line
        case .size(let value): size = value
        case .device(let value): device = value; lines["Device"] = line
        case .rate(let value): rate = value; lines["Rate"] = line
        case .typingSpeed(let value): typingSpeed = value
        case .title(let value): title = value
        case .storeDate(let value): storeDate = value
        }
    }

    /// The launch, with files read relative to the scenario's folder. A value that cannot be
    /// used fails with the line that set it (`line` when it was never set: the default failed).
    func launch(folder: URL, fail: (Int?, String) -> ScenarioError) throws -> (PaywallLaunch, catalogPath: String) {
        func path(_ relative: String) -> String {
            relative.hasPrefix("/") ? relative : folder.appendingPathComponent(relative).standardizedFileURL.path
        }
        let japan = storefront == "JPN" || (storefront == nil && locale?.lowercased().hasPrefix("ja") == true)
        let catalogPath: String
        var manifestPath = manifest.map(path)
        do {
            if let catalog {
                catalogPath = path(catalog)
                if manifestPath == nil { manifestPath = ManifestLocation.sibling(ofCatalog: catalogPath) }
            } else {
                catalogPath = try BundledExample.storeKitURL(japan: japan).path
                if manifestPath == nil { manifestPath = try BundledExample.manifestURL(japan: japan).path }
            }
        } catch {
            throw fail(lines["Catalog"], "\(error)")
        }
        let loaded: Catalog
        do {
            guard FileManager.default.fileExists(atPath: catalogPath) else {
                throw fail(lines["Catalog"], "\(SourceText.path(catalogPath)) does not exist: Set Catalog takes a .storekit file, relative to the scenario's folder")
            }
            loaded = try CatalogLoader.load(path: catalogPath)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw fail(lines["Catalog"], "\(error)")
        }
        let manifest: PaywallManifest
        do {
            manifest = try manifestPath.map { try ManifestLoader.load(path: $0) } ?? .empty
        } catch {
            throw fail(lines["Manifest"] ?? lines["Catalog"], "\(error)")
        }
        // No NO_COLOR here: the recording must not depend on who plays it (Set Theme mono).
        let theme: Theme
        do {
            let name = themeName(path)
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = nil
            theme = try ThemeLoader.resolve(name, environment: environment)
        } catch {
            throw fail(lines["Theme"], "\(error)")
        }
        if let storefront, Storefront(alpha3: storefront) == nil {
            throw fail(lines["Storefront"], "unknown storefront \(ScenarioText.quoted(storefront)); use an ISO 3166-1 alpha-3 code: \(Storefront.knownCountryCodes.joined(separator: ", "))")
        }
        var timeRate: TimeRate?
        if let rate {
            guard let preset = TimeRate(name: rate) else {
                throw fail(lines["Rate"], "unknown time rate \(ScenarioText.quoted(rate)); presets: \(TimeRate.allCases.map(\.name).joined(separator: ", "))")
            }
            timeRate = preset
        }
        if let problem = DeviceName.problem(with: device) {
            throw fail(lines["Device"], "the device name \(SourceText.quoted(device)) \(problem)")
        }
        let launch = PaywallLaunch(catalog: loaded, manifest: manifest, locale: locale, storefront: storefront, rate: timeRate,
                                   theme: theme, device: device, timeZone: TimeZone(identifier: "UTC")!, size: size)
        return (launch, catalogPath)
    }

    /// A bundled theme's name as it is; a theme file relative to the scenario's folder.
    private func themeName(_ path: (String) -> String) -> String {
        guard let value = theme else { return "default" }
        let isPath = value.contains("/") || value.hasSuffix(".yaml") || value.hasSuffix(".yml")
        return isPath ? path(value) : value
    }
}
