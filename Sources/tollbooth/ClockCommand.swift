import ArgumentParser
import Foundation
import MockStore

/// `tollbooth clock …`: the store clock (separate from wall time).
struct ClockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock", abstract: "Show, advance, pause or speed up the store clock.",
        subcommands: [Show.self, Advance.self, Rate.self, Pause.self, Resume.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Store time, rate and the next renewal.")
        @OptionGroup var options: LedgerOptions
        func run() async throws {
            let store = try await options.openStore(reading: true)
            let snapshot = try await userFacing { try await store.snapshot() }
            let next = snapshot.statuses.compactMap(\.nextRenewalDate).min()
            let rate = snapshot.timeRate
            let grace = rate.gracePeriod(for: .monthly), weeklyGrace = rate.gracePeriod(for: .weekly)
            let retry = rate.billingRetryPeriod(for: .monthly)
            if options.json {
                try printJSON(ClockJSON(storeTime: snapshot.storeTime, rate: rate.name, paused: snapshot.isClockPaused, nextRenewal: next,
                                        gracePeriodSeconds: grace, weeklyGracePeriodSeconds: weeklyGrace, billingRetrySeconds: retry,
                                        graceAndRetryEstimated: !rate.publishesGraceAndRetry))
                return
            }
            // Apple publishes grace and retry lengths for some rates only; the others are ours.
            let estimated = rate.publishesGraceAndRetry ? "" : " (estimate: Apple publishes none for this rate)"
            say("store time  \(stamp(snapshot.storeTime))\(snapshot.isClockPaused ? " (paused)" : "")")
            say("rate        \(rate.name) (1 month = \(ClockCommand.human(rate.duration(of: .monthly))))")
            say("grace       \(ClockCommand.human(grace)) (weekly: \(ClockCommand.human(weeklyGrace)))\(estimated)")
            say("retry       \(ClockCommand.human(retry))\(estimated)")
            say("next due    \(stamp(next))")
        }
    }

    struct Advance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "advance", abstract: "Move store time forward: +1h, +3d, +1M, or `next` (to the next renewal or expiry).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A duration (+30s, +15m, +1h, +3d, +2w, +1M, +1y) or `next`.") var duration: String
        func run() async throws {
            if duration == "next" {
                try await TxnCommand.perform(options) { try $0.advanceToNextRenewal() }
                return
            }
            switch ClockAdvance.parse(duration) {
            case .success(let advance):
                let line = ProgressLine()
                try await TxnCommand.perform(options, progress: line) {
                    try $0.advanceClock(advance) { update in
                        line.show("advancing \(advance): \(update.done) of about \(update.estimate) subscription steps")
                    }
                }
            case .failure(let problem):
                let offersNext = problem.description.hasSuffix(ClockAdvance.help)
                throw CLIError(problem.description + (offersNext ? ", or `next`" : ""))
            }
        }
    }

    struct Rate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rate", abstract: "Choose an Xcode time-rate preset (applies from the next period).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A preset name such as monthlyRenewalEveryThirtySeconds, or its raw value.") var preset: String
        func run() async throws {
            try DidYouMean.checkRate(preset)
            guard let rate = TimeRate(name: preset) else { return }
            try await TxnCommand.perform(options) { try $0.setRate(rate) }
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Stop store time.")
        @OptionGroup var options: LedgerOptions
        func run() async throws { try await TxnCommand.perform(options) { try $0.setPaused(true) } }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Let store time run with wall time again.")
        @OptionGroup var options: LedgerOptions
        func run() async throws { try await TxnCommand.perform(options) { try $0.setPaused(false) } }
    }

    static func human(_ seconds: TimeInterval) -> String {
        if seconds >= 86400 { return String(format: "%.0f days", seconds / 86400) }
        if seconds >= 3600 { return String(format: "%.1f hours", seconds / 3600) }
        if seconds >= 60 { return String(format: "%.1f minutes", seconds / 60) }
        return String(format: "%.0f seconds", seconds)
    }
}

struct ClockJSON: Encodable {
    var storeTime: Date
    var rate: String
    var paused: Bool
    var nextRenewal: Date?
    /// The billing grace period of a monthly (and of a weekly) subscription at this rate.
    var gracePeriodSeconds: Double
    var weeklyGracePeriodSeconds: Double
    var billingRetrySeconds: Double
    /// True when Apple publishes no grace or retry length for this rate (Tollbooth's estimate).
    var graceAndRetryEstimated: Bool
}
