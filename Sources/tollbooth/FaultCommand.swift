import ArgumentParser
import Foundation
import MockStore

/// `tollbooth fault …`: inject StoreKit errors per API (Xcode's StoreKit errors, and more).
struct FaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault", abstract: "Inject StoreKit errors into the nine failable APIs, and flip the store's switches.",
        subcommands: [List.self, Set.self, Clear.self, Switch.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Active faults and switches, and what can be injected.")
        @OptionGroup var options: LedgerOptions
        func run() async throws {
            let store = try await options.openStore(reading: true)
            let snapshot = try await userFacing { try await store.snapshot() }
            if options.json { try printJSON(FaultListJSON(faults: snapshot.faults, switches: snapshot.switches)); return }
            if snapshot.faults.isEmpty { say("no faults") }
            for fault in snapshot.faults { say(fault.summary) }
            say("switches: \(snapshot.switches.activeNames.isEmpty ? "none" : snapshot.switches.activeNames.joined(separator: ", "))")
            say("\nAPIs: \(FailableAPI.allCases.map(\.rawValue).joined(separator: ", "))")
            say("errors: \(InjectedError.all.map(\.description).joined(separator: ", "))")
            say("switches you can set: \(FaultCommand.switchNames.joined(separator: ", "))")
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Make an API fail: always, --once, --times N, or --probability P --seed S.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The API: loadProducts, purchase, verification, appStoreSync, subscriptionStatus, appTransaction, manageSubscriptions, refundRequest, offerCodeRedeem.") var api: String
        @Argument(help: "The error, e.g. storeKit.networkError, purchase.purchaseNotAllowed, verification.invalidSignature.") var error: String
        @Flag(help: "Fail only the next call.") var once = false
        @Option(parsing: .unconditional, help: "Fail the next N calls.") var times: Int?
        @Option(parsing: .unconditional, help: "Fail each call with this probability (0…1).") var probability: Double?
        @Option(parsing: .unconditional, help: "Seed for --probability, so runs repeat.") var seed: UInt64 = 1
        @Option(help: "Added latency in milliseconds.") var latency: Int = 0
        @Flag(help: "Never fail: only add --latency (a slow store, e.g. to quit mid-purchase).") var latencyOnly = false

        func run() async throws {
            let api = try FaultCommand.api(named: self.api)
            guard let error = InjectedError(name: error) else {
                let allowed = api.allowedErrors.map(\.description)
                throw CLIError(DidYouMean.unknown("error", error, in: allowed, listing: "for \(api) use one of: \(allowed.joined(separator: ", "))"))
            }
            let chosen = [once, times != nil, probability != nil, latencyOnly].filter { $0 }.count
            guard chosen <= 1 else { throw CLIError("choose one of --once, --times N, --probability P or --latency-only") }
            var mode = FaultRule.Mode.always
            if latencyOnly {
                guard latency > 0 else { throw CLIError("--latency-only needs --latency MS, e.g. --latency 3000") }
                mode = .latencyOnly
            }
            if once { mode = .times(remaining: 1) }
            if let times {
                guard times > 0 else { throw CLIError("--times needs a positive count, such as --times 3; \(times) is not one") }
                mode = .times(remaining: times)
            }
            if let probability {
                guard (0...1).contains(probability) else { throw CLIError("--probability must be between 0 and 1, such as --probability 0.5; \(probability) is not") }
                mode = .probability(probability, seed: seed)
            }
            guard latency >= 0 && latency <= 600_000 else { throw CLIError("--latency must be between 0 and 600000 ms") }
            let rule = FaultRule(api: api, error: error, mode: mode, latencyMilliseconds: latency)
            try await TxnCommand.perform(options) { session in
                try session.setFault(rule)
                return "fault set: \(rule.summary)"
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the fault on one API, or all faults.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The API (omit to clear every fault).") var api: String?
        func run() async throws {
            let target: FailableAPI? = try api.map(FaultCommand.api(named:))
            try await TxnCommand.perform(options) { session in
                try session.clearFaults(target)
                return target.map { "cleared the fault on \($0)" } ?? "cleared every fault"
            }
        }
    }

    struct Switch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "switch", abstract: "Turn a store switch on or off: askToBuy, interruptedPurchases, billingRetry, gracePeriod, userCancels, unverified, paymentsDisabled, dialogsDisabled.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The switch name.") var name: String
        @Argument(help: "on or off.") var state: String

        func run() async throws {
            guard let which = StoreSwitch(rawValue: name) else {
                throw CLIError(DidYouMean.unknown("switch", name, in: FaultCommand.switchNames,
                                                  listing: "switches: \(FaultCommand.switchNames.joined(separator: ", "))"))
            }
            guard state == "on" || state == "off" else { throw CLIError("say on or off, not \(SourceText.quoted(state))") }
            let on = state == "on"
            try await TxnCommand.perform(options) { session in
                try session.updateSettings { $0.switches[which] = on }
            }
        }
    }

    static var switchNames: [String] { StoreSwitch.allCases.map(\.rawValue).sorted() }

    /// The API `name` names, or one sentence with the nearest.
    static func api(named name: String) throws -> FailableAPI {
        guard let api = FailableAPI(name: name) else {
            let names = FailableAPI.allCases.map(\.rawValue)
            throw CLIError(DidYouMean.unknown("API", name, in: names, listing: "APIs: \(names.joined(separator: ", "))"))
        }
        return api
    }
}

struct FaultListJSON: Encodable {
    var faults: [FaultRule]
    var switches: StoreSwitches
}
