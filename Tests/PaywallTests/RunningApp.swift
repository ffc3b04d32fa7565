import Foundation
import MockStore
import Synchronization
import TerminalUI
import Testing
@testable import Paywall

/// The bundled example app, running on its own thread as `tollbooth run` runs it, against a
/// store on an in-memory ledger; the test reads the in-memory terminal's screen and the
/// runtime's reports.
///
/// Waits are bounded but generous: the runtime's effects run on the shared cooperative pool,
/// which CPU-heavy suites running in parallel (the model-based property test) can hold for
/// many seconds on a 2-core machine. A passing run waits milliseconds.
final class RunningApp: @unchecked Sendable {
    static let lifetime = "dev.tollbooth.example.lifetime"

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
        var state = PaywallState(locale: "en_US", theme: .fallback, manifest: try BundledExample.manifest(),
                                 policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: device)
        state.app.finishesTransactions = finishes
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

    /// Waits (bounded) until the screen satisfies `predicate`.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(60), _ predicate: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        // Checked once more after the deadline: a starved test task may wake only past it.
        while true {
            if predicate(screen) { return true }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for \(what); screen:\n\(screen)")
        return false
    }

    func waitFor(_ text: String) async { await waitFor(text) { $0.contains(text) } }

    /// Waits (bounded) until the runtime's state satisfies `predicate`.
    func waitForState(_ what: String, _ predicate: (PaywallState) -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if predicate(runtime.state) { return }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for \(what); message: \(String(describing: runtime.state.message)), app: \(runtime.state.app)")
    }

    /// Waits (bounded) until the reports from index `start` on satisfy `predicate`, and returns
    /// them as they stood then: the moment a test checks that something did or did not happen.
    @discardableResult
    func waitForReports(_ what: String, since start: Int = 0,
                        _ predicate: ([RuntimeProbe.Report]) -> Bool) async -> [RuntimeProbe.Report] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let reports = Array(reports.all.dropFirst(start))
            if predicate(reports) { return reports }
            if ContinuousClock.now >= deadline { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for \(what); message: \(String(describing: runtime.state.message))")
        return Array(reports.all.dropFirst(start))
    }

    /// Waits (bounded) until the ledger holds no unfinished transaction.
    func waitUntilEverythingIsFinished() async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try await !unfinished().isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await unfinished().isEmpty)
    }

    func stop() async {
        terminal.enqueue(.key(.character("q")))
        while !thread.isFinished { try? await Task.sleep(for: .milliseconds(5)) }
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
    var applied: PaywallEvent? {
        if case .applied(let event, _, _) = self { return event }
        return nil
    }

    /// The state right after the event was applied.
    var state: PaywallState? {
        if case .applied(_, let state, _) = self { return state }
        return nil
    }

    /// The effects `update` asked for.
    var effects: [PaywallEffect] {
        if case .applied(_, _, let effects) = self { return effects }
        return []
    }

    var dropped: PaywallEvent? {
        if case .dropped(let event) = self { return event }
        return nil
    }
}
