import Foundation
import MockStore
import Paywall
import Synchronization
import TerminalUI
import TollboothApp

/// The paywall running in virtual time: what `PaywallRuntime` does with threads and timers,
/// done in steps the player calls, so a scenario plays the same way on every run.
///
/// After each input it performs the effects `update` asked for, one at a time, awaiting each;
/// then it takes what the store's streams received (transactions, statuses, events), and reads
/// the account once when the store said something changed, as the runtime's refresher does; and
/// repeats until nothing is left (`settle`). Time passes only in `pass(_:)`: the wall clock the
/// store reads moves in beats, each beat polls the store (due renewals land, other processes'
/// changes arrive) and the status line's `.tick` comes every 250 ms, as the runtime's ticker.
final class PlayedApp {
    /// How far one beat moves time: fine enough for a renewal to land in the beat it falls due.
    static let beat: Duration = .milliseconds(100)
    /// The runtime's ticker interval (`PaywallRuntime.tickInterval`).
    static let tickInterval: Duration = .milliseconds(250)
    /// A bound on effects and store answers handled without time passing; past it the
    /// paywall is looping, and the scenario says so rather than hanging.
    static let mostTurns = 100_000

    private(set) var state: AppState
    private(set) var store: Store
    /// Virtual time since launch.
    private(set) var now: Duration = .zero
    /// The paywall was quit (`q`, Ctrl+C): it no longer reacts, but time still passes.
    private(set) var hasQuit = false
    /// Called after each beat, once the app has settled: the moment a frame may be taken.
    var onBeat: (() -> Void)?

    private let clock: ManualWallClock
    /// The wall time at launch, where virtual time is zero.
    private let launchedAt: Date
    private let ledger: Ledger
    private let latency: LatencyDebt
    private var queue: [AppEffect] = []
    private var listeners: StoreListeners
    /// The store said something changed since the last read.
    private var snapshotDirty = false
    private var lastSnapshot: (snapshot: StoreSnapshot, wall: Date)?
    /// Rung when the ledger may have changed.
    private let bell = Doorbell()
    /// Beats that still look after a ring (a commit may become visible a moment after it).
    private var rechecks = 0
    /// Virtual time of the last look at the ledger, and when the next renewal falls due.
    private var lastLook: Duration = .zero
    private var nextDue: Duration?
    /// The longest the player goes without looking at the ledger: a change by another process
    /// whose ring was lost arrives within this much virtual time (Tollbooth's own choice).
    static let fallbackLook: Duration = .seconds(60)

    /// Opens the store as `launch.device` at the clock's time and launches the paywall.
    static func launch(_ launch: PaywallLaunch, ledger: Ledger, clock: ManualWallClock, latency: LatencyDebt) async throws -> PlayedApp {
        let store = try Store(catalog: launch.catalog, ledger: ledger, device: launch.device, wallClock: clock,
                              storeStart: clock.now(), polling: false)
        try await launch.prepare(store)
        let app = PlayedApp(state: AppState(paywall: launch.state), store: store, clock: clock, ledger: ledger, latency: latency)
        app.apply(.launched)
        try await app.settle()
        return app
    }

    private init(state: AppState, store: Store, clock: ManualWallClock, ledger: Ledger, latency: LatencyDebt) {
        self.state = state
        self.store = store
        self.clock = clock
        launchedAt = clock.now()
        self.ledger = ledger
        self.latency = latency
        // Listening starts before `.launched`, as the runtime's listeners do: the launch replay
        // of unfinished transactions (B2) goes to the first listener.
        listeners = StoreListeners(store)
        ledger.listen(bell)
        rechecks = 1
    }

    /// A key, resize or other input, and everything that follows from it.
    func input(_ event: InputEvent) async throws {
        guard !hasQuit else { return }
        apply(.input(event))
        try await settle()
    }

    /// Another process changed the ledger: hear about it as a running app would.
    func storeChangedElsewhere() async throws {
        guard !hasQuit else { return }
        await look()
        try await settle()
    }

    /// Lets `duration` of virtual time pass, in beats.
    ///
    /// A beat looks at the ledger only when something may have changed there: the ledger rang
    /// (a write here or by another process, and twice more after that, as `Store`'s own polling
    /// does), a renewal fell due, or `fallbackLook` passed since the last look (for a ring that
    /// never came). Other beats only move the clock and tick; a look costs reads of the
    /// ledger, and looking on each of a `Sleep 24h`'s 864,000 beats took 25 s.
    func pass(_ duration: Duration) async throws {
        var left = duration
        while left > .zero {
            let step = min(left, Self.beat)
            left -= step
            let before = now
            now += step
            // Set from the launch time rather than advanced, so no rounding piles up over a long sleep.
            clock.set(launchedAt.addingTimeInterval(now.seconds))
            if hasQuit {
                // Nothing reacts any more: the rest of the time passes at once.
                now += left
                clock.set(launchedAt.addingTimeInterval(now.seconds))
                return
            }
            var changed = false
            if Self.ticks(before) != Self.ticks(now), let storeTime = estimatedStoreTime {
                apply(.paywall(.tick(storeTime)))
                changed = true
            }
            // The streams receive only while the store works (a look, an effect): otherwise
            // there is nothing to hand over.
            let looked = needsLook()
            if looked { await look() }
            if looked || !queue.isEmpty || snapshotDirty {
                try await settle()
                changed = true
            }
            if changed { onBeat?() }
        }
    }

    /// Whether this beat must look at the ledger (see `pass`).
    private func needsLook() -> Bool {
        if bell.take() { rechecks = 3 }
        if rechecks > 0 { rechecks -= 1; return true }
        if let nextDue, now >= nextDue { return true }
        return now - lastLook >= Self.fallbackLook
    }

    /// Polls the store, noting when the next renewal falls due.
    private func look() async {
        lastLook = now
        nextDue = await store.pollReportingNextDue().map { now + $0 }
    }

    func close() async {
        ledger.stopListening(bell)
        await store.close()
    }

    // MARK: - Settling

    private func apply(_ event: AppEvent) {
        if case .paywall(.snapshotChanged(let snapshot)) = event { lastSnapshot = (snapshot, clock.now()) }
        queue += update(&state, event)
    }

    /// Performs queued effects and hands over what the store said, until neither is left.
    private func settle() async throws {
        var turns = 0
        while !hasQuit {
            turns += 1
            guard turns <= Self.mostTurns else {
                throw PlayProblem("the paywall kept asking the store for more without time passing (\(Self.mostTurns) steps); this is a bug in Tollbooth")
            }
            if !queue.isEmpty {
                try await perform(queue.removeFirst())
            } else if try await !drain() {
                return
            }
        }
    }

    private func perform(_ effect: AppEffect) async throws {
        switch effect {
        case .quit:
            hasQuit = true
            queue = []
        case .relaunch(let device, let reinstall, let away):
            try await relaunch(as: device, reinstall: reinstall, away: away)
        default:
            let events = await EffectPerformer.perform(effect, on: store, state: state)
            // A fault's latency: the call has returned at once, and its answer arrives after
            // that much virtual time, with the app showing "Purchasing…" meanwhile.
            let owed = latency.take()
            if owed > .zero { try await pass(owed) }
            for event in events { apply(event) }
        }
    }

    /// What the listeners received since last time, in a fixed order: transactions, then the
    /// batch of events, then one read of the account if anything changed. False: nothing came.
    private func drain() async throws -> Bool {
        let transactions = await listeners.updates.takeNew()
        let statuses = await listeners.statuses.takeNew()
        let events = await listeners.events.takeNew()
        for result in transactions { apply(.paywall(.transactionUpdate(result.unsafePayloadValue))) }
        if !events.isEmpty { apply(.controlRoom(.storeEvents(events))) }
        let arrived = !(transactions.isEmpty && statuses.isEmpty && events.isEmpty)
        if arrived { snapshotDirty = true }
        guard snapshotDirty else { return false }
        // A read that fails (another process holding the file) is tried again on the next beat.
        guard let snapshot = try? await store.snapshot() else { return arrived }
        snapshotDirty = false
        apply(.paywall(.snapshotChanged(snapshot)))
        return true
    }

    /// Store time now, from the last snapshot's clock, as the runtime's ticker estimates it.
    private var estimatedStoreTime: Date? {
        guard let (snapshot, wall) = lastSnapshot else { return nil }
        if snapshot.isClockPaused { return snapshot.storeTime }
        return snapshot.storeTime.addingTimeInterval(max(0, clock.now().timeIntervalSince(wall)))
    }

    private static func ticks(_ time: Duration) -> Int64 {
        time.wholeMilliseconds / 250
    }

    /// The control room's relaunch: the app quits and starts again on the same ledger.
    private func relaunch(as device: String, reinstall: Bool, away: ClockAdvance?) async throws {
        if let away {
            // Time passes while the app is closed: renewals pile up with nobody listening (S3).
            _ = try? await store.admin { try $0.advanceClock(away) }
        }
        await store.close()
        do {
            let next = try Store(catalog: store.catalog, ledger: ledger, device: device, wallClock: clock, polling: false)
            await next.setLocale(state.paywall.locale)
            store = next
            lastSnapshot = nil
            snapshotDirty = false
            listeners = StoreListeners(next)
            rechecks = max(rechecks, 1)
            apply(.relaunched(device: device, reinstalled: reinstall))
        } catch {
            apply(.relaunchFailed(EffectPerformer.sentence(error)))
        }
    }
}

/// Fault latency the store asked to wait out, owed to the player's timeline.
final class LatencyDebt: Sendable {
    private let owed = Mutex<Duration>(.zero)

    /// Installed as `ScriptedTime.latency`: notes the wait and returns at once.
    @Sendable func owe(_ duration: Duration) async { owed.withLock { $0 += duration } }

    func take() -> Duration { owed.withLock { value in defer { value = .zero }; return value } }
}

/// Something that stopped the play that is neither the script's nor the screen's fault.
struct PlayProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
