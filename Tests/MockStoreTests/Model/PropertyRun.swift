import Foundation
import PropertyBased
import Testing

/// Where the model-based tests draw their sequences from: a fixed seed by default, so CI runs
/// the same sequences every time; a fresh seed per run with `TOLLBOOTH_LONG_PROPERTY_TESTS=1`;
/// the seed `TOLLBOOTH_PROPERTY_SEED` names, to replay a failure.
enum PropertyRun {
    /// The seed of every default (CI) run.
    static let fixedSeed: UInt64 = 20_260_131

    static let isLong = ProcessInfo.processInfo.environment["TOLLBOOTH_LONG_PROPERTY_TESTS"] == "1"

    static let seed: UInt64 = ProcessInfo.processInfo.environment["TOLLBOOTH_PROPERTY_SEED"].flatMap { UInt64($0) }
        ?? (isLong ? UInt64.random(in: 0...UInt64.max) : fixedSeed)

    /// Runs `count` sequences from `generator`, stopping at the first that fails. Sequence
    /// `index` of test `stream` is drawn from its own generator seeded by (seed, stream, index):
    /// the tests do not share draws, and a long run starts with the sequences of a short one.
    static func check(stream: UInt64, count: Int, _ generator: Generator<[ModelOp], some Sequence>,
                      sourceLocation: SourceLocation = #_sourceLocation) async {
        for (index, ops) in sequences(stream: stream, count: count, generator).enumerated() {
            guard await ModelRun.check(ops) else {
                Issue.record("""
                    sequence \(index) of seed \(seed) failed (TOLLBOOTH_PROPERTY_SEED=\(seed) replays it): \
                    \(ops.map(\.description).joined(separator: ", "))
                    """, sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// xoshiro256** wants its 256 bits of state well mixed: SplitMix64 spreads the three numbers.
    static func rng(seed: UInt64, stream: UInt64, index: UInt64) -> Xoshiro {
        var mix = seed ^ (stream &* 0x9E37_79B9_7F4A_7C15) ^ (index &* 0xD1B5_4A32_D192_ED03)
        func next() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return Xoshiro(seed: (next(), next(), next(), next()))
    }

    /// The sequences test `stream` runs first, as `check` draws them.
    static func sequences(stream: UInt64, count: Int, _ generator: Generator<[ModelOp], some Sequence>) -> [[ModelOp]] {
        (0..<count).map { index in
            var rng = rng(seed: seed, stream: stream, index: UInt64(index))
            return generator.run(using: &rng)
        }
    }
}
