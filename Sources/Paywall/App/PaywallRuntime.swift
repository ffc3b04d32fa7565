import Foundation
import MockStore
import Synchronization
import TerminalUI

/// Runs the paywall: one thread reads input and presents frames (curses wants one thread),
/// while tasks talk to the store — effects, the `Transaction.updates` listener, status and
/// event watchers — and post their results back as events.
///
/// The listener is the seed's `listenForTransactions()` pattern: it starts at launch, finishes
/// verified transactions after delivering them, and makes the paywall re-read entitlements, so
/// a renewal, a refund from another terminal or a purchase on another device redraws the
/// screen with no key pressed.
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

    let store: Store
    let wallClock: any WallClock
    private let inbox = Mutex<[PaywallEvent]>([])
    private let snapshotDirty = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    /// Effects still running: while any is, the loop reads input with a short timeout so their
    /// results reach the screen at once (a 10 ms wait per step made start-up 30 ms slower).
    private let inFlight = Atomic<Int>(0)
    private let lastSnapshot = Mutex<(snapshot: StoreSnapshot, wall: Date)?>(nil)
    /// The listeners started at launch, cancelled by `stop()`.
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let latestState: Mutex<PaywallState>

    /// How often the status line's store clock moves.
    static let tickInterval: Duration = .milliseconds(250)

    public init(store: Store, state: PaywallState, wallClock: any WallClock = SystemWallClock()) {
        self.store = store
        self.wallClock = wallClock
        self.latestState = Mutex(state)
    }

    /// The state as of the last frame (for tests and recordings).
    public var state: PaywallState { latestState.withLock { $0 } }

    /// Runs until the user quits or a signal arrives, on the calling thread.
    public func run(on terminal: any Terminal) -> Ending {
        var state = latestState.withLock { $0 }
        state.size = terminal.size
        startListeners()
        var effects = update(&state, .launched)
        var lastFrame: PaywallState?
        var ending: Ending?
        while ending == nil {
            for effect in effects {
                if effect == .quit { ending = .quit } else { perform(effect) }
            }
            effects = []
            if ending != nil { break }
            if state != lastFrame {
                terminal.present(view(state, size: state.size))
                lastFrame = state
                latestState.withLock { $0 = state }
            }
            let busy = inFlight.load(ordering: .relaxed) > 0 || snapshotDirty.load(ordering: .relaxed)
            let input = terminal.readEvent(timeoutMilliseconds: busy ? 1 : 10)
            if case .signal(let number)? = input {
                _ = update(&state, .input(.signal(number)))
                ending = .signal(number)
                break
            }
            if let input {
                if case .resize(let size) = input { state.size = size }
                effects += update(&state, .input(input))
            }
            let posted = inbox.withLock { pending in defer { pending = [] }; return pending }
            for event in posted { effects += update(&state, event) }
            if input == nil && posted.isEmpty && effects.isEmpty && !busy {
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        latestState.withLock { $0 = state }
        stop()
        return ending ?? .quit
    }

    /// Stops the listeners (idempotent).
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    // MARK: - Listeners

    private func startListeners() {
        let store = self.store
        let listener = Task { [weak self] in
            // listenForTransactions(): every update is delivered, then finished if verified.
            for await result in store.updates {
                guard let self else { return }
                let transaction = result.unsafePayloadValue
                self.post(.transactionUpdate(transaction))
                if result.isVerified { try? await store.finish(transaction) }
                self.snapshotDirty.store(true, ordering: .relaxed)
            }
        }
        let statuses = Task { [weak self] in
            for await _ in store.statusUpdates { self?.snapshotDirty.store(true, ordering: .relaxed) }
        }
        let events = Task { [weak self] in
            for await _ in store.events { self?.snapshotDirty.store(true, ordering: .relaxed) }
        }
        // Coalesces bursts of store events (a year of renewals) into one snapshot read per frame.
        let refresher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(12))
                guard let self else { return }
                if self.snapshotDirty.exchange(false, ordering: .relaxed) { await self.refreshSnapshot() }
            }
        }
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: PaywallRuntime.tickInterval)
                guard let self, let now = self.estimatedStoreTime() else { continue }
                self.post(.tick(now))
            }
        }
        tasks.withLock { $0 += [listener, statuses, events, refresher, ticker] }
    }

    private func post(_ event: PaywallEvent) {
        inbox.withLock { $0.append(event) }
    }

    private func refreshSnapshot() async {
        guard let snapshot = try? await store.snapshot() else { return }
        lastSnapshot.withLock { $0 = (snapshot, wallClock.now()) }
        post(.snapshotChanged(snapshot))
    }

    /// Store time now, from the last snapshot's clock (no database read per tick).
    private func estimatedStoreTime() -> Date? {
        guard let (snapshot, wall) = lastSnapshot.withLock({ $0 }) else { return nil }
        if snapshot.isClockPaused { return snapshot.storeTime }
        return snapshot.storeTime.addingTimeInterval(max(0, wallClock.now().timeIntervalSince(wall)))
    }

    // MARK: - Effects

    private func perform(_ effect: PaywallEffect) {
        let store = self.store
        inFlight.add(1, ordering: .relaxed)
        // Not retained: an effect ends by itself, and its result is dropped if the loop has stopped.
        Task { [weak self] in
            guard let self else { return }
            defer { self.inFlight.subtract(1, ordering: .relaxed) }
            switch effect {
            case .loadProducts(let ids):
                do {
                    let products = ids.isEmpty ? try await store.allProducts() : try await store.products(for: ids)
                    self.post(.productsLoaded(products))
                } catch {
                    self.post(.productsFailed(error as? StoreKitError ?? .unknown))
                }
            case .purchase(let productID):
                do {
                    let result = try await store.purchase(productID: productID)
                    self.post(.purchaseFinished(productID: productID, result: PurchaseOutcome(result)))
                } catch {
                    self.post(.purchaseFinished(productID: productID, result: PurchaseOutcome(error: error)))
                }
                await self.refreshSnapshot()
            case .restore:
                do {
                    try await store.sync()
                    let entitlements = try await store.currentEntitlements.map(\.unsafePayloadValue)
                    self.post(.restoreFinished(.success(entitlements)))
                } catch {
                    self.post(.restoreFinished(RestoreOutcome(error: error)))
                }
                await self.refreshSnapshot()
            case .finish(let id):
                try? await store.finish(transactionID: id)
                await self.refreshSnapshot()
            case .refreshSnapshot:
                await self.refreshSnapshot()
            case .showLink:
                break
            case .copy:
                // No clipboard is reachable from a terminal app without OSC 52, which many
                // terminals refuse; the URL stays on screen to select instead.
                self.post(.copyFinished(succeeded: false))
            case .quit:
                break
            }
        }
    }
}
