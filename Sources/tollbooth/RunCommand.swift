import ArgumentParser
import Audit
import Chrome
import Foundation
import MockStore
import Paywall
import Scenario
import TerminalUI
import TollboothApp

/// `tollbooth run [CATALOG_OR_MANIFEST]`: the paywall, in this terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the paywall for a .storekit catalog or paywall manifest (default: the bundled example).")

    @Argument(help: "A .storekit file or package, or a paywall manifest (NAME.paywall.yaml next to NAME.storekit).")
    var target: String?

    @Option(help: "A paywall manifest (title, features, product order, links). Default: NAME.paywall.yaml beside the catalog, if any.")
    var manifest: String?

    @Option(help: ArgumentHelp("UI and product language, e.g. de_DE; Tollbooth speaks \(Language.commandLineNames) (default: the catalog's _locale)."))
    var locale: String?

    @Option(help: "Storefront, ISO 3166-1 alpha-3, e.g. USA or JPN (sets the account's storefront).")
    var storefront: String?

    @Option(help: "Theme name (default, light, high-contrast, mono) or a theme file path.")
    var theme: String?

    @Option(help: "The ledger database (default: one per catalog under $XDG_STATE_HOME/tollbooth).")
    var ledger: String?

    @Flag(help: "Keep nothing: an in-memory ledger for this run only.")
    var ephemeral = false

    @Option(help: "Set the store's time rate, e.g. monthlyRenewalEveryThirtySeconds.")
    var rate: String?

    @Option(help: "The name of this device; several devices may share one ledger.")
    var device: String = "iphone"

    @Option(help: ArgumentHelp("Run as a family member's device of this name: it sees the purchaser's family-shareable products as familyShared, and nothing else.", valueName: "NAME"))
    var familyMember: String?

    /// The device this run is: the family member's, if one is named.
    var deviceName: String { familyMember ?? device }

    @Option(name: .customLong("record"), help: ArgumentHelp("Also write what the terminal shows to an asciicast v2 file.", valueName: "OUT.cast"))
    var recordPath: String?

    @Option(help: ArgumentHelp("In the recording, shorten pauses longer than this many seconds to it.", valueName: "SECONDS"))
    var idleLimit: Double = 2

    func validate() throws {
        if let problem = DeviceName.problem(with: deviceName) {
            throw CLIError("the device name \(SourceText.quoted(deviceName)) \(problem) (at most \(DeviceName.maximumLength) characters)")
        }
        if familyMember != nil && device != "iphone" { throw ValidationError("choose either --device or --family-member, not both") }
        if ephemeral && ledger != nil { throw ValidationError("choose either --ledger or --ephemeral, not both") }
        // Bad values are one sentence without the usage: they are not about how to call `run`.
        try DidYouMean.checkRate(rate)
        // A day is Tollbooth's own ceiling: a longer pause is no pause, and the cast writes it as
        // a whole number of microseconds.
        if !(idleLimit > 0 && idleLimit <= 86_400) {
            throw CLIError("--idle-limit must be a positive number of seconds, at most 86400 (a day)")
        }
        try DidYouMean.checkLocale(locale, languages: true)
        try DidYouMean.checkStorefront(storefront)
    }

    func run() async throws {
        // The UI copy is read while the ledger and catalog open, not after them.
        BundledCatalog.preload(Language(locale: locale ?? "en_US"))
        // Opened before the ledger and the terminal, so a bad path is a plain error and nothing
        // is made for a run that cannot record (it writes a temporary file, discarded unless the
        // run ends well). The UI thread takes it over; nothing else touches it.
        nonisolated(unsafe) let writer = try recordPath.map { path in
            do { return try AsciicastWriter(path: path) } catch let error as RecordingError { throw CLIError(error.description) }
        }
        let setup = try await userFacing { try await prepare() }
        let title = "Tollbooth — \(setup.catalogName)", idleLimit = idleLimit
        // The paywall is a long-lived process on the ledger: its notifications go out while it
        // runs, through a courier process it starts (it opens no connection itself).
        let ledger = setup.runtime.store.ledger
        let courier = Task.detached { await NotificationDispatch.watch(ledger: ledger) }
        let ending = await withCheckedContinuation { (continuation: CheckedContinuation<Result<PaywallRuntime.Ending, CLIError>, Never>) in
            // curses wants one thread: the UI loop gets its own, off the async pool.
            let thread = Thread {
                do {
                    let screen = try NcursesTerminal()
                    let recording = writer.map { RecordingTerminal(wrapping: screen, writer: $0, title: title, idleLimit: idleLimit) }
                    let terminal: any Terminal = recording ?? screen
                    let ending = setup.runtime.run(on: terminal)
                    terminal.shutdown()
                    if let error = recording?.recordingError {
                        continuation.resume(returning: .failure(CLIError(error.description)))
                        return
                    }
                    continuation.resume(returning: .success(ending))
                } catch {
                    continuation.resume(returning: .failure(CLIError("\(error)")))
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        courier.cancel()
        await setup.runtime.store.close()
        switch ending {
        case .success(let ending):
            if ending.exitStatus != 0 { throw ExitCode(ending.exitStatus) }
        case .failure(let error):
            throw error
        }
    }

    struct Setup: Sendable {
        var runtime: PaywallRuntime
        /// The catalog file's name without its extension, for the recording's title.
        var catalogName: String
    }

    func prepare() async throws -> Setup {
        // `--ledger` alone, on a ledger in use: the paywall of the catalog it was made for.
        // An empty file records no catalog: it is made a ledger below, once everything is judged.
        let opened = try ledger.flatMap { path in
            try target == nil && ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0) > 0
                ? Ledger.open(path: path) : nil
        }
        let (catalogPath, manifestPath) = try opened.flatMap(recordedFiles) ?? resolveFiles()
        let catalog = try CatalogLoader.load(path: catalogPath)
        let manifest = try manifestPath.map { path -> PaywallManifest in try ManifestLoader.load(path: path) } ?? .empty
        let resolvedTheme = try ThemeLoader.resolve(theme)
        // Without a terminal nothing can be shown: said before a ledger is made or a file written.
        try NcursesTerminal.usableTerminal()
        let ledger: Ledger = try opened ?? (ephemeral ? Ledger.inMemory() : Ledger.open(path: ledger ?? DefaultLedger.path(forCatalog: catalogPath)))
        // A device named with --family-member is flagged in the ledger; one named with --device
        // keeps whatever the ledger says about it.
        let store = try Store(catalog: catalog, ledger: ledger, device: deviceName, familyMember: familyMember == nil ? nil : true)
        let launch = PaywallLaunch(catalog: catalog, manifest: manifest, locale: locale, storefront: storefront,
                                   rate: rate.flatMap(TimeRate.init(name:)), theme: resolvedTheme, device: deviceName)
        try await launch.prepare(store)
        var state = launch.state
        state.ledgerPath = ledger.path
        if let problem = BundledCatalog.error(for: state.language) { throw CLIError(problem) }
        // The control room's relaunch, reinstall and "start as another device" open the same
        // ledger again, as a real app reopens StoreKit's connection to the same account.
        let reopen: @Sendable (String) async throws -> Store = { device in
            try Store(catalog: catalog, ledger: ledger, device: device)
        }
        let catalogName = URL(fileURLWithPath: catalogPath).deletingPathExtension().lastPathComponent
        return Setup(runtime: PaywallRuntime(store: store, state: state, reopen: reopen, auditing: LiveAudit(catalog: catalog).auditing),
                     catalogName: catalogName)
    }

    /// The catalog `ledger` records and its manifest; nil for a ledger not used yet (it
    /// records none). A recorded catalog that is gone is one sentence, never another catalog's
    /// products on this ledger.
    func recordedFiles(_ ledger: Ledger) throws -> (catalog: String, manifest: String?)? {
        guard let recorded = try ledger.recordedCatalog() else { return nil }
        guard FileManager.default.fileExists(atPath: recorded) else {
            let relative = recorded.hasPrefix("/") ? "" : " (a path relative to the folder it was made from)"
            throw CLIError("\(ledger.path) was made for the catalog \(SourceText.quoted(recorded))\(relative), which is not there: name the catalog (tollbooth run CATALOG --ledger \(ledger.path))")
        }
        return try Self.resolveFiles(target: recorded, manifest: manifest, japan: false, command: "run")
    }

    /// The catalog and manifest to use: the bundled example, a catalog (with NAME.paywall.yaml
    /// beside it if present), or a manifest (with NAME.storekit beside it).
    func resolveFiles() throws -> (catalog: String, manifest: String?) {
        // The bundled example has a Japan-storefront twin with yen prices for Japanese demos.
        let japan = storefront?.uppercased() == "JPN" || (storefront == nil && locale?.lowercased().hasPrefix("ja") == true)
        return try Self.resolveFiles(target: target, manifest: manifest, japan: japan, command: "run")
    }

    /// The catalog and manifest `target` names (see `resolveFiles()`); `japan` picks the bundled
    /// example's yen twin when there is no target. `command` is named in the advice.
    static func resolveFiles(target: String?, manifest: String?, japan: Bool, command: String) throws -> (catalog: String, manifest: String?) {
        guard let target else {
            let catalog = try BundledExample.storeKitURL(japan: japan).path
            if let manifest { return (catalog, manifest) }
            return (catalog, try BundledExample.manifestURL(japan: japan).path)
        }
        let url = URL(fileURLWithPath: target)
        let name = url.lastPathComponent
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let stem = ManifestLocation.catalogStem(ofManifest: target)
            let catalog = url.deletingLastPathComponent().appendingPathComponent("\(stem).storekit").path
            guard FileManager.default.fileExists(atPath: catalog) else {
                throw CLIError("\(target) is a paywall manifest, but there is no \(stem).storekit beside it: pass the catalog instead (tollbooth \(command) CATALOG --manifest \(target))")
            }
            return (catalog, manifest ?? target)
        }
        return (target, manifest ?? ManifestLocation.sibling(ofCatalog: target))
    }
}
