import Foundation
import MockStore
import Synchronization

/// The listeners iterating this store's sequences, and how far each has got: so a test can
/// wait until every listener has processed a change instead of sleeping.
///
/// A listener has processed what it was handed when it has taken all of it and asked for the
/// next value: `for await` asks only after the loop body ran.
package final class ListenerRegistry: Sendable {
    private struct Entry {
        let handed: @Sendable () -> Int
        var taken = 0
        var waiting = false
    }
    private let entries = Mutex<[Int: Entry]>([:])
    private let nextID = Atomic<Int>(0)
    private let changed = Doorbell()

    func register(handed: @escaping @Sendable () -> Int) -> Int {
        let id = nextID.add(1, ordering: .relaxed).newValue
        entries.withLock { $0[id] = Entry(handed: handed) }
        changed.ring()
        return id
    }

    func asking(_ id: Int) {
        entries.withLock { $0[id]?.waiting = true }
        changed.ring()
    }

    func took(_ id: Int) {
        entries.withLock { entries in
            entries[id]?.waiting = false
            entries[id]?.taken += 1
        }
    }

    func remove(_ id: Int) {
        entries.withLock { _ = $0.removeValue(forKey: id) }
        changed.ring()
    }

    private var settled: Bool {
        entries.withLock { $0.values.allSatisfy { $0.waiting && $0.taken >= $0.handed() } }
    }

    /// How many listeners iterate now.
    package var count: Int { entries.withLock { $0.count } }

    /// Returns once at least `count` listeners iterate, or after `limit`.
    package func waitUntilListening(count: Int = 1, limit: Duration = .seconds(2)) async {
        let deadline = ContinuousClock.now + limit
        while self.count < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            _ = await changed.wait(timeout: left)
        }
    }

    func waitUntilSettled(limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !settled {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            _ = await changed.wait(timeout: left)
        }
    }
}
