import Chrome
import MockStore

/// A fault rule being put together for one API: error, mode, latency, then apply.
public struct FaultEditor: Sendable, Hashable {
    public enum ModeKind: CaseIterable, Sendable, Hashable { case always, once, times, probability, latencyOnly }
    public enum Field: String, CaseIterable, Sendable, Hashable {
        case error, mode, count, probability, seed, latency, apply, clear, clearAll
    }

    public static let latencies = [0, 100, 250, 500, 1000, 3000, 5000, 10_000]
    public static let countRange = 2...99
    /// Probability in 0.05 steps: 1 = 0.05 … 20 = 1.0.
    public static let probabilityStepRange = 1...20

    public var api: FailableAPI
    public var errorIndex: Int
    public var mode: ModeKind = .always
    /// N of "next N calls".
    public var count: Int = 3
    public var probabilitySteps: Int = 10
    public var seed: UInt64 = 1
    public var latencyIndex: Int = 0
    public var field: Field = .error

    /// An editor for `api`, filled in from its active rule when it has one.
    public init(api: FailableAPI, rule: FaultRule?) {
        self.api = api
        let errors = api.allowedErrors
        let preferred: [InjectedError] = [.storeKit(.networkError), .verification(.invalidSignature)]
        errorIndex = preferred.compactMap { errors.firstIndex(of: $0) }.first ?? 0
        guard let rule else { return }
        errorIndex = errors.firstIndex(of: rule.error) ?? errorIndex
        switch rule.mode {
        case .always: mode = .always
        case .times(let n) where n <= 1: mode = .once
        case .times(let n): mode = .times; count = min(max(n, Self.countRange.lowerBound), Self.countRange.upperBound)
        case .probability(let p, let seed):
            mode = .probability
            probabilitySteps = min(max(Int((p * 20).rounded()), Self.probabilityStepRange.lowerBound), Self.probabilityStepRange.upperBound)
            self.seed = seed
        case .latencyOnly: mode = .latencyOnly
        }
        latencyIndex = Self.latencies.indices.min {
            abs(Self.latencies[$0] - rule.latencyMilliseconds) < abs(Self.latencies[$1] - rule.latencyMilliseconds)
        } ?? 0
    }

    public var error: InjectedError {
        let errors = api.allowedErrors
        return errors[min(max(0, errorIndex), errors.count - 1)]
    }

    public var probability: Double { Double(probabilitySteps * 5) / 100 }

    public var ruleMode: FaultRule.Mode {
        switch mode {
        case .always: .always
        case .once: .times(remaining: 1)
        case .times: .times(remaining: count)
        case .probability: .probability(probability, seed: seed)
        case .latencyOnly: .latencyOnly
        }
    }

    public var rule: FaultRule {
        FaultRule(api: api, error: error, mode: ruleMode, latencyMilliseconds: Self.latencies[latencyIndex])
    }

    /// The fields shown for the current mode, top to bottom.
    public var fields: [Field] {
        var fields: [Field] = [.error, .mode]
        switch mode {
        case .times: fields.append(.count)
        case .probability: fields += [.probability, .seed]
        default: break
        }
        return fields + [.latency, .apply, .clear, .clearAll]
    }

    /// Steps the value of `field` by `step` (±1): lists wrap round, numbers stop at their ends.
    public mutating func change(_ field: Field, by step: Int) {
        func wrap(_ value: Int, _ count: Int) -> Int { ((value + step) % count + count) % count }
        switch field {
        case .error: errorIndex = wrap(errorIndex, api.allowedErrors.count)
        case .mode:
            let all = ModeKind.allCases
            mode = all[wrap(all.firstIndex(of: mode)!, all.count)]
        case .count: count = min(max(count + step, Self.countRange.lowerBound), Self.countRange.upperBound)
        case .probability:
            probabilitySteps = min(max(probabilitySteps + step, Self.probabilityStepRange.lowerBound), Self.probabilityStepRange.upperBound)
        case .seed: seed = step < 0 ? (seed == 0 ? 0 : seed - 1) : (seed == .max ? seed : seed + 1)
        case .latency: latencyIndex = min(max(latencyIndex + step, 0), Self.latencies.count - 1)
        case .apply, .clear, .clearAll: break
        }
    }
}
