import ControlRoom
import Foundation
import MockStore
import Paywall
import Synchronization
import TerminalUI

/// Runs the paywall: one thread reads input and presents frames (curses wants one thread),
/// while tasks talk to the store — effects, the `Transaction.updates` listener, status and
/// event watchers — and post their results back as events.
///
/// The listener is the seed's `listenForTransactions()` pattern: it starts at launch and
/// finishes verified transactions after delivering them; a renewal, a refund from another
/// terminal or a purchase on another device redraws the screen with no key pressed.
///
/// The account is re-read on one rule, written at `PaywallEffect.refreshSnapshot`: after a
/// store call, only the store's own word (an event, a status or transaction update) makes the
/// runtime read again, coalesced through `snapshotDirty` into one read per beat.
///
/// Nothing here runs on a beat while nothing changes: the loop sleeps in `readEvent` until a key,
/// a signal, something posted (which wakes the terminal) or the next moment the screen can
/// change by itself (`NextTick`); the refresher sleeps until the snapshot is marked dirty.
public final class PaywallRuntime: Sendable {
    /// Why the loop ended.
    public enum Ending: Sendable, Equatable {
        case quit
        case signal(Int32)

        /// The conventional exit status: 0, or 128 + the signal number.
        public var exitStatus: Int32 {
            switch self {
            case .quit: 0
            case .signal(let number): 128 + number
            }
        }
    }

    /// The store of the running app; a relaunch swaps in a new one on the same ledger.
    private let currentStore: Mutex<Store>
    /// Bumped by each relaunch: results of effects started by the previous app are dropped,
    /// as a quit app never hears back from its `purchase()` (S12).
    private let generation = Atomic<Int>(0)
    /// Opens the store again for a relaunch, as `device`; nil: relaunching is not offered.
    private let reopen: (@Sendable (String) async throws -> Store)?
    let wallClock: any WallClock
    private let inbox = Mutex<[AppEvent]>([])
    /// Store events not yet handed to `update`, posted as one batch per loop turn.
    private let eventBuffer = Mutex<[StoreEvent]>([])
    /// The store said something changed since the last read. The listeners set it (and a failed
    /// read, to try again); the refresher reads when it is set, once per beat however many
    /// changes came.
    private let snapshotDirty = Atomic<Bool>(false)
    /// Rung with each mark, so the refresher sleeps while nothing is dirty.
    private let dirtyBell = Doorbell()
    /// Wakes the loop's `readEvent` when something is posted; nil until `run` starts.
    private let loopWaker = Mutex<(any InputWaker)?>(nil)
    /// Snapshots read so far: a purchase should cost one, not one per step (tests count them).
    let snapshotReads = Atomic<Int>(0)
    /// Test seams; in the app the refresher reads at most every 12 ms and nothing is reported.
    let probe: RuntimeProbe
    private let stopped = Atomic<Bool>(false)
    private let lastSnapshot = Mutex<(snapshot: StoreSnapshot, wall: Date)?>(nil)
    /// The listeners of the running app, cancelled by `stop()` or a relaunch.
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let latestState: Mutex<AppState>
    /// The body `update` laid out, for `view` to reuse on the same frame.
    private let bodyMemo = BodyMemo()
    /// Audits the paywall while the audit overlay is open; nil: `a` shows no verdicts.
    private let audits: AuditRunner?
    /// The latest relaunch: the next one waits for it, so two quick relaunches never run at once.
    private let lastRelaunch = Mutex<Task<Void, Never>?>(nil)
    /// Product loads (at launch, on retry, after a locale or storefront change) run one after
    /// another, so two locale switches in a row can never leave the first one's names on screen.
    private let lastProductLoad = Mutex<Task<Void, Never>?>(nil)
    /// Ledger reads: one at a time, and requests made meanwhile fold into one more read.
    /// The ledger reads of the Transactions panel: whether one runs, whether another was asked
    /// for meanwhile, and the change cursor of the last result posted to the loop. That result
    /// may not be in `state` yet when the next read starts; reading from the cursor still
    /// brings only the changes, where the state's missing read would bring the whole ledger again.
    private let ledgerReads = Mutex<(running: Bool, again: Bool, posted: Int64?)>((false, false, nil))
    /// Long CPU work (the audit) and the freeing of old frames: off the event loop, and off
    /// Swift's cooperative pool, which the listeners share and which has only as many threads
    /// as cores.
    private static let background = DispatchQueue(label: "tollbooth.runtime.background", qos: .utility)

    /// - Parameter reopen: opens the store again as the named device, for the control room's
    ///   relaunch and reinstall; without it those actions report that they are unavailable.
    /// - Parameter auditing: the disclosure audit the overlay (`a`) shows; the CLI passes the
    ///   Audit module's.
    public convenience init(store: Store, state: AppState, wallClock: any WallClock = SystemWallClock(),
                            reopen: (@Sendable (String) async throws -> Store)? = nil, auditing: PaywallAuditing? = nil) {
        self.init(store: store, state: state, wallClock: wallClock, reopen: reopen, auditing: auditing, probe: RuntimeProbe())
    }

    /// The app around `paywall`, its control room closed.
    public convenience init(store: Store, state paywall: PaywallState, wallClock: any WallClock = SystemWallClock(),
                            reopen: (@Sendable (String) async throws -> Store)? = nil, auditing: PaywallAuditing? = nil) {
        self.init(store: store, state: AppState(paywall: paywall), wallClock: wallClock, reopen: reopen, auditing: auditing)
    }

    /// - Parameter probe: the test seams (the refresher's beat, a report of each event).
    init(store: Store, state: AppState, wallClock: any WallClock = SystemWallClock(),
         reopen: (@Sendable (String) async throws -> Store)? = nil, auditing: PaywallAuditing? = nil, probe: RuntimeProbe) {
        self.currentStore = Mutex(store)
        self.reopen = reopen
        self.wallClock = wallClock
        self.latestState = Mutex(state)
        self.probe = probe
        self.audits = auditing.map { AuditRunner(audit: $0, queue: Self.background) }
    }

    /// The store of the running (possibly relaunched) app.
    public var store: Store { currentStore.withLock { $0 } }

    /// The state as of the last frame (for tests and recordings).
    public var state: AppState { latestState.withLock { $0 } }

    /// Runs until the user quits or a signal arrives, on the calling thread.
    public func run(on terminal: any Terminal) -> Ending {
        var state = latestState.withLock { $0 }
        state.size = terminal.size
        state.paywall.size = state.paywallArea
        loopWaker.withLock { $0 = terminal.waker }
        startListeners()
        var effects = apply(&state, .launched)
        var lastFrame: AppState?
        var ending: Ending?
        while ending == nil {
            for effect in effects {
                if effect == .quit { ending = .quit } else { perform(effect) }
            }
            effects = []
            if ending != nil { break }
            if state != lastFrame {
                terminal.present(view(state, size: state.size, memo: bodyMemo))
                lastFrame = state
                audits?.request(state) { [weak self] in self?.post(.auditFinished($0)) }
                let previous = latestState.withLock { latest in defer { latest = state }; return latest }
                // The previous frame may hold the last reference to a ledger read of 100,000
                // transactions; freeing it takes 5–15 ms, which the loop must not spend.
                Self.background.async { withExtendedLifetime(previous) {} }
            }
            // Until input, a signal, a post, or the next moment the clock shown can change.
            let tick = lastSnapshot.withLock { $0 }.flatMap { NextTick.after($0.snapshot, shownAt: $0.wall, now: wallClock.now()) }
            let tickDue = tick.map { ContinuousClock.now + $0 }
            let input = terminal.readEvent(timeoutMilliseconds: tick.map(NextTick.milliseconds) ?? -1)
            if case .signal(let number)? = input {
                _ = apply(&state, .input(.signal(number)))
                ending = .signal(number)
                break
            }
            if let input {
                effects += apply(&state, .input(input))
            }
            var posted = inbox.withLock { pending in defer { pending = [] }; return pending }
            let events = eventBuffer.withLock { pending in defer { pending = [] }; return pending }
            if !events.isEmpty { posted.append(.controlRoom(.storeEvents(events))) }
            if let tickDue, ContinuousClock.now >= tickDue, let now = estimatedStoreTime() { posted.append(.paywall(.tick(now))) }
            for event in posted { effects += apply(&state, event) }
        }
        latestState.withLock { $0 = state }
        stop()
        return ending ?? .quit
    }

    /// `update`, reported to the probe.
    private func apply(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
        let effects = update(&state, event, memo: bodyMemo)
        probe.report?(.applied(event, state, effects))
        return effects
    }

    /// Stops the listeners (idempotent).
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        stopListeners()
    }

    private func stopListeners() {
        for task in tasks.withLock({ tasks in defer { tasks = [] }; return tasks }) { task.cancel() }
    }

    // MARK: - Listeners

    private func startListeners() {
        let store = self.store
        let listener = Task { [weak self] in
            // listenForTransactions(): every update is delivered, then finished if verified.
            // `update` answers with a `finish` effect when the app delivers content (B3), unless
            // the developer switched finishing off to reproduce S11.
            for await result in store.updates {
                guard let self else { return }
                self.markDirty()
                self.post(.paywall(.transactionUpdate(result.unsafePayloadValue)))
            }
        }
        let statuses = Task { [weak self] in
            for await _ in store.statusUpdates { self?.markDirty() }
        }
        let events = Task { [weak self] in
            for await event in store.events {
                guard let self else { return }
                // Marked before the event reaches `update`: once the app shows an event, the
                // read it calls for is already due.
                self.markDirty()
                self.eventBuffer.withLock { $0.append(event) }
                self.wakeLoop()
            }
        }
        // Coalesces bursts of store events (a year of renewals, a purchase and its finish) into
        // one snapshot read per beat; the beat sleeps until something is dirty.
        let beat = probe.refreshBeat
        let bell = dirtyBell
        let refresher = Task { [weak self] in
            while !Task.isCancelled {
                await beat(bell)
                guard let self else { return }
                if self.snapshotDirty.exchange(false, ordering: .relaxed) { await self.refreshSnapshot() }
            }
        }
        // A ledger that stops being the file this app opened is said on screen at once, and
        // stays said: every write to it refuses from then on.
        let lost = Task { [weak self] in
            for await problem in store.ledger.lost { self?.post(.paywall(.ledgerLost(problem.description))) }
        }
        tasks.withLock { $0 += [listener, statuses, events, refresher, lost] }
    }

    /// The store said something changed: the refresher reads the account again.
    private func markDirty() {
        snapshotDirty.store(true, ordering: .relaxed)
        dirtyBell.ring()
    }

    private func post(_ event: AppEvent) {
        inbox.withLock { $0.append(event) }
        wakeLoop()
    }

    private func wakeLoop() {
        loopWaker.withLock { $0 }?.wake()
    }

    /// Posts a result of an effect started by app generation `started`, unless the app has
    /// been relaunched since.
    private func post(_ event: AppEvent, from started: Int) {
        guard generation.load(ordering: .relaxed) == started else {
            probe.report?(.dropped(event))
            return
        }
        post(event)
    }

    private func refreshSnapshot() async {
        let store = self.store
        guard store === self.store else { return }
        snapshotReads.add(1, ordering: .relaxed)
        guard let snapshot = try? await store.snapshot() else {
            // A read that failed (a writer in another process held the file past the busy
            // timeout) is tried again on the refresher's next beat: the plans wait for it.
            markDirty()
            return
        }
        guard store === self.store else { return }
        lastSnapshot.withLock { $0 = (snapshot, wallClock.now()) }
        post(.paywall(.snapshotChanged(snapshot)))
    }

    /// Store time now, from the last snapshot's clock (no database read per tick).
    private func estimatedStoreTime() -> Date? {
        guard let (snapshot, wall) = lastSnapshot.withLock({ $0 }) else { return nil }
        if snapshot.isClockPaused { return snapshot.storeTime }
        return snapshot.storeTime.addingTimeInterval(max(0, wallClock.now().timeIntervalSince(wall)))
    }

    // MARK: - Effects

    /// Internal rather than private so tests can start an effect as `update` would.
    ///
    /// A store call here never re-reads the account itself: what it wrote comes back as store
    /// events, which mark the snapshot dirty (the rule at `PaywallEffect.refreshSnapshot`).
    func perform(_ effect: AppEffect) {
        let store = self.store
        let started = generation.load(ordering: .relaxed)
        if effect == .controlRoom(.loadLedger) {
            // A fast clock changes the store many times a second: never queue ledger reads.
            let start = ledgerReads.withLock { reads -> Bool in
                if reads.running { reads.again = true; return false }
                reads.running = true
                return true
            }
            guard start else { return }
        }
        // Not retained: an effect ends by itself, and its result is dropped if the loop has stopped.
        Task { [weak self] in
            guard let self else { return }
            switch effect {
            case .paywall(.loadProducts), .changeLocale:
                // One after another, so two locale switches in a row end on the second's names.
                let state = self.state
                await self.inOrder(self.lastProductLoad) { runtime in
                    for event in await EffectPerformer.perform(effect, on: store, state: state) { runtime.post(event, from: started) }
                }
            case .paywall(.purchase), .paywall(.purchaseWithOffer), .paywall(.restore), .paywall(.presentRedeemSheet), .paywall(.redeem):
                for event in await EffectPerformer.perform(effect, on: store, state: self.state) { self.post(event, from: started) }
            case .paywall(.refreshSnapshot):
                await self.refreshSnapshot()
            case .controlRoom(.loadLedger):
                await self.readLedger(store)
            case .relaunch(let device, let reinstall, let away):
                await self.inOrder(self.lastRelaunch) { await $0.relaunch(as: device, reinstall: reinstall, away: away) }
            case .paywall, .controlRoom:
                for event in await EffectPerformer.perform(effect, on: store, state: self.state) { self.post(event) }
            }
        }
    }

    /// Runs `work` after every earlier piece of work chained on `chain` has finished.
    private func inOrder(_ chain: borrowing Mutex<Task<Void, Never>?>, _ work: @escaping @Sendable (PaywallRuntime) async -> Void) async {
        let task = chain.withLock { last -> Task<Void, Never> in
            let previous = last
            let next = Task { [weak self] in
                await previous?.value
                if let self { await work(self) }
            }
            last = next
            return next
        }
        await task.value
    }

    /// Reads the ledger until no request came in meanwhile.
    private func readLedger(_ store: Store) async {
        while true {
            // Since the last read posted or drawn: a posted result may not be drawn yet. Posted
            // results are never dropped, and the panel's read only moves forward, so the cursor
            // is never ahead of what the panel will hold when this read's result arrives.
            let posted = ledgerReads.withLock { $0.posted }
            let event = await EffectPerformer.readLedger(store, for: self.state.control, after: posted)
            let cursor: Int64? = switch event {
            case .ledgerLoaded(let contents)?: contents.changeCursor
            case .ledgerChanged(let changes)?: changes.cursor
            default: nil
            }
            // Recorded before posting, so a read that starts once this one ends sees it.
            if let cursor { ledgerReads.withLock { $0.posted = max($0.posted ?? cursor, cursor) } }
            if let event { post(.controlRoom(event)) }
            let again = ledgerReads.withLock { reads -> Bool in
                if reads.again { reads.again = false; return true }
                reads.running = false
                return false
            }
            if !again { return }
        }
    }

    /// Quits the emulated app and starts it again: new store, new listeners, and the results
    /// of anything the old app was waiting for are dropped.
    private func relaunch(as device: String, reinstall: Bool, away: ClockAdvance?) async {
        guard let reopen else {
            post(.relaunchFailed("Relaunching needs the tollbooth command; this runtime was started without a way to reopen the store."))
            return
        }
        generation.add(1, ordering: .relaxed)
        stopListeners()
        let old = self.store
        if let away {
            // Time passes while the app is closed: its listeners are gone, so the renewals of
            // this stretch wait, unfinished, for the next launch (S3, B2).
            _ = try? await old.admin { try $0.advanceClock(away) }
        }
        await old.close()
        do {
            let store = try await reopen(device)
            await store.setLocale(latestState.withLock { $0.paywall.locale })
            currentStore.withLock { $0 = store }
            lastSnapshot.withLock { $0 = nil }
            // The app's reset comes first: the listener's launch replay (B2) must reach the new
            // app, not be wiped by it.
            post(.relaunched(device: device, reinstalled: reinstall))
            startListeners()
        } catch {
            post(.relaunchFailed(Self.sentence(error)))
        }
    }

    /// An error as the one sentence the message row shows.
    static func sentence(_ error: any Error) -> String { EffectPerformer.sentence(error) }
}
