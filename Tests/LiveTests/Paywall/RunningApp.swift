import Foundation
import MockStore
import Synchronization
import TerminalUI
import TestSupport
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The bundled example app, running on its own thread as `tollbooth run` runs it, against a
/// store on an in-memory ledger; the test reads the in-memory terminal's screen and the
/// runtime's reports.
///
/// Every wait goes through `Polling`: named, bounded, and failing with what was on screen.
final class RunningApp: @unchecked Sendable {
    static let lifetime = "dev.tollbooth.example.lifetime"
    static let monthly = "dev.tollbooth.example.premium.monthly"

    let runtime: PaywallRuntime
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24), waitsForInput: true)
    let thread: Thread
    let ledger: Ledger
    /// What the loop did with each event, in order.
    let reports = Reports()

    /// - Parameter refreshBeat: when the refresher may read the account again (once dirty, at most every 12 ms
    ///   unless a test steps it by hand).
    init(device: String = "iphone", finishes: Bool = true, ledger: Ledger = .inMemory(),
         refreshBeat: (@Sendable () async -> Void)? = nil, auditing: PaywallAuditing? = nil) throws {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        self.ledger = ledger
        var paywall = PaywallState(locale: "en_US", theme: .fallback, manifest: try BundledExample.manifest(),
                                   policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: device)
        paywall.app.finishesTransactions = finishes
        let state = AppState(paywall: paywall)
        let store = try Store(catalog: catalog, ledger: ledger, device: device)
        var probe = RuntimeProbe()
        if let refreshBeat { probe.refreshBeat = { _ in await refreshBeat() } }
        let reports = reports
        probe.report = { reports.append($0) }
        let runtime = PaywallRuntime(store: store, state: state, reopen: { device in
            try Store(catalog: catalog, ledger: ledger, device: device)
        }, auditing: auditing, probe: probe)
        self.runtime = runtime
        let terminal = self.terminal
        thread = Thread { _ = runtime.run(on: terminal) }
        thread.start()
    }

    var screen: String { terminal.screen.text() }

    /// Waits (bounded, `Polling`) until the screen satisfies `predicate`.
    @discardableResult
    func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                 _ predicate: (String) -> Bool) async -> Bool {
        await Polling.wait(for: what, seen: { "screen:\n\(self.screen)" }, sourceLocation: sourceLocation) {
            predicate(screen)
        }
    }

    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitFor(text, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits (bounded) until the runtime's state satisfies `predicate`.
    func waitForState(_ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                      _ predicate: (AppState) -> Bool) async {
        await Polling.wait(for: what, seen: {
            "message: \(String(describing: self.runtime.state.paywall.message)), app: \(self.runtime.state.paywall.app)"
        }, sourceLocation: sourceLocation) { predicate(runtime.state) }
    }

    /// Waits (bounded) until the reports from index `start` on satisfy `predicate`, and returns
    /// them as they stood then: the moment a test checks that something did or did not happen.
    @discardableResult
    func waitForReports(_ what: String, since start: Int = 0, sourceLocation: SourceLocation = #_sourceLocation,
                        _ predicate: ([RuntimeProbe.Report]) -> Bool) async -> [RuntimeProbe.Report] {
        var seen: [RuntimeProbe.Report] = []
        await Polling.wait(for: what, seen: { "message: \(String(describing: self.runtime.state.paywall.message))" },
                           sourceLocation: sourceLocation) {
            seen = Array(reports.all.dropFirst(start))
            return predicate(seen)
        }
        return seen
    }

    /// Waits (bounded) until the ledger holds no unfinished transaction.
    func waitUntilEverythingIsFinished(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await Polling.wait(for: "every transaction finished", seen: {
            "unfinished: \((try? await self.unfinished().map(\.id)) ?? [])"
        }, sourceLocation: sourceLocation) { try await unfinished().isEmpty }
    }

    /// Quits the paywall as a user does (`q`) and waits (bounded) for its loop to end.
    func stop(sourceLocation: SourceLocation = #_sourceLocation) async {
        terminal.enqueue(.key(.character("q")))
        await Polling.wait(for: "the paywall to quit after q", seen: { "screen:\n\(self.screen)" },
                           sourceLocation: sourceLocation) { thread.isFinished }
        await runtime.store.close()
    }

    func unfinished() async throws -> [Transaction] {
        try await runtime.store.unfinished.map(\.unsafePayloadValue)
    }

    /// The runtime's reports, collected from the loop thread.
    final class Reports: Sendable {
        private let items = Mutex<[RuntimeProbe.Report]>([])
        func append(_ report: RuntimeProbe.Report) { items.withLock { $0.append(report) } }
        var all: [RuntimeProbe.Report] { items.withLock { $0 } }
    }
}

extension RuntimeProbe.Report {
    /// The event `update` applied, if this reports one.
    var applied: AppEvent? {
        if case .applied(let event, _, _) = self { return event }
        return nil
    }

    /// The state right after the event was applied.
    var state: AppState? {
        if case .applied(_, let state, _) = self { return state }
        return nil
    }

    /// The effects `update` asked for.
    var effects: [AppEffect] {
        if case .applied(_, _, let effects) = self { return effects }
        return []
    }

    var dropped: AppEvent? {
        if case .dropped(let event) = self { return event }
        return nil
    }
}
