import Synchronization

/// A refresher beat the test steps by hand: the runtime's refresher waits in `wait()`, and
/// `step()` lets it through once and returns when it is back waiting, its read (if any) done.
final class ManualBeat: Sendable {
    private struct Gate {
        /// The refresher, waiting for a step.
        var parked: CheckedContinuation<Void, Never>?
        /// A step asked for before the refresher came back to wait.
        var granted = false
        /// The refresher is between a step and its next wait.
        var running = false
        /// The test's `step()`, waiting for the refresher to come back.
        var stepping: CheckedContinuation<Void, Never>?
        var cancelled = false
    }

    private let gate = Mutex(Gate())

    /// The refresher's beat: reports the previous step done, then waits for the next.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (beat: CheckedContinuation<Void, Never>) in
                let resume = gate.withLock { gate -> [CheckedContinuation<Void, Never>] in
                    var resume: [CheckedContinuation<Void, Never>] = []
                    if gate.running, let stepping = gate.stepping {
                        resume.append(stepping)
                        gate.stepping = nil
                    }
                    gate.running = false
                    if gate.granted || gate.cancelled {
                        gate.granted = false
                        gate.running = !gate.cancelled
                        resume.append(beat)
                    } else {
                        gate.parked = beat
                    }
                    return resume
                }
                for continuation in resume { continuation.resume() }
            }
        } onCancel: {
            let parked = gate.withLock { gate in
                gate.cancelled = true
                defer { gate.parked = nil }
                return gate.parked
            }
            parked?.resume()
        }
    }

    /// Lets the refresher run one beat; returns once it is waiting again.
    func step() async {
        await withCheckedContinuation { (stepping: CheckedContinuation<Void, Never>) in
            let parked = gate.withLock { gate -> CheckedContinuation<Void, Never>? in
                gate.stepping = stepping
                guard let parked = gate.parked else {
                    gate.granted = true
                    return nil
                }
                gate.parked = nil
                gate.running = true
                return parked
            }
            parked?.resume()
        }
    }
}
