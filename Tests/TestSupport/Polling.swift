import Foundation
import Testing

/// How a test waits for something another task, thread or process does: it names the state it
/// waits for, checks it until it holds, and gives up after a bound with a message that says what
/// never happened and what was seen instead. Every wait in the Swift suites goes through here,
/// so none is unbounded and none fails silently.
///
/// The bound is only reached when a test fails: a passing wait returns as soon as the state
/// holds. It is for a lost event, not a timing check, so it is several times the longest wait a
/// loaded machine shows: that holds because the suites that wait are the LiveTests target's,
/// which `scripts/test` runs in a pass of its own (docs/architecture.md §11), so nothing
/// CPU-bound holds the cooperative pool they wait on. Run beside the render and audit suites
/// (a plain `swift test`), they can be starved past any bound.
public enum Polling {
    /// How long a wait may take before the test fails.
    public static let bound: Duration = .seconds(15)
    /// How often the state is checked: short next to a frame (16 ms), long next to a check.
    static let interval: Duration = .milliseconds(2)

    /// Waits until `condition` holds, and returns true; past `bound`, records an issue naming
    /// `what` and `seen()` (the state as it stood last) and returns false. The condition is
    /// checked once more after the bound: a starved waiter may wake only past it.
    @discardableResult
    public static func wait(
        for what: @autoclosure () -> String, within bound: Duration = Polling.bound,
        seen: () async -> String = { "" }, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: () async throws -> Bool
    ) async rethrows -> Bool {
        if try await reached(within: bound, condition) { return true }
        let detail = await seen()
        Issue.record("timed out after \(bound) waiting for \(what())\(detail.isEmpty ? "" : "; seen: \(detail)")",
                     sourceLocation: sourceLocation)
        return false
    }

    /// Whether `condition` held within `bound`, recording nothing: for a caller that reports a
    /// miss in its own terms.
    public static func reached(within bound: Duration = Polling.bound,
                               _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + bound
        while true {
            if try await condition() { return true }
            if ContinuousClock.now >= deadline { return try await condition() }
            try? await Task.sleep(for: interval)
        }
    }
}
