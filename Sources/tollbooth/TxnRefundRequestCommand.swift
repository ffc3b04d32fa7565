import ArgumentParser
import Foundation
import MockStore

extension TxnCommand {
    /// `tollbooth txn refund-request`: the customer asks the App Store for a refund.
    struct RefundRequest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refund-request",
            abstract: "The customer asks for a refund: pending until `txn refund-decide`; a consumable or subscription sends CONSUMPTION_REQUEST.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef
        @Option(help: "Apple's consumptionRequestReason: \(ConsumptionRequestReason.all.map(\.rawValue).joined(separator: ", ")).")
        var reason: String = ConsumptionRequestReason.unintendedPurchase.rawValue

        func run() async throws {
            try id.check()
            guard let reason = ConsumptionRequestReason.all.first(where: { $0.rawValue == reason.uppercased() }) else {
                throw CLIError("unknown refund request reason \(SourceText.quoted(reason, limit: 40)); use \(ConsumptionRequestReason.all.map(\.rawValue).joined(separator: ", "))")
            }
            try await TxnCommand.perform(options) { [id] in try $0.requestRefund(try id.resolve(in: $0), reason: reason) }
        }
    }
}

extension TxnCommand {
    /// `tollbooth txn refund-decide`: the App Store decides an open refund request.
    struct RefundDecide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refund-decide",
            abstract: "The App Store decides an open refund request: grant (REFUND), grant-prorated (REFUND, REFUND_PRORATED) or decline (REFUND_DECLINED).",
            discussion: """
                Without a decision Tollbooth applies its rule: the refundPreference the developer sent \
                with Send Consumption Information, else grant (docs/domain.md §2.6). A prorated refund \
                refunds --percent of the price, else the time left in a subscription's period, or 100% \
                less the consumption the developer reported (50% when none was).
                """)
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef
        @Argument(help: "grant, grant-prorated or decline; omitted: Tollbooth's rule.") var decision: String?
        @Option(help: "A prorated refund's percentage, 0 to 100 (up to three decimals, as Apple's revocationPercentage).")
        var percent: String?

        func run() async throws {
            try id.check()
            var chosen: RefundDecision?
            if let decision {
                guard let known = RefundDecision(rawValue: decision.lowercased()) else {
                    throw CLIError(DidYouMean.unknown("refund decision", decision, in: RefundDecision.allCases.map(\.rawValue),
                                                      listing: "use grant, grant-prorated or decline"))
                }
                chosen = known
            }
            var millipercent: Int?
            if let percent {
                guard chosen == .grantProrated || chosen == nil else {
                    throw CLIError("--percent applies to grant-prorated only; drop it, or decide grant-prorated")
                }
                guard let value = Decimal(string: percent, locale: Locale(identifier: "en_US_POSIX")), value >= 0, value <= 100,
                      percent.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                      (value * 1000).isWholeNumber else {
                    throw CLIError("--percent \(SourceText.quoted(percent, limit: 20)) is not a percentage from 0 to 100 with at most three decimals, such as 40 or 67.932")
                }
                millipercent = NSDecimalNumber(decimal: value * 1000).intValue
                chosen = .grantProrated
            }
            try await TxnCommand.perform(options) { [id, chosen, millipercent] in
                try $0.decideRefund(try id.resolve(in: $0), chosen, millipercent: millipercent)
            }
        }
    }

    /// `tollbooth txn refund-reverse`: the App Store reverses a refund (REFUND_REVERSED).
    struct RefundReverse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refund-reverse",
            abstract: "The App Store reverses a refund (REFUND_REVERSED): the revocation is cleared and the entitlement returns.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef

        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.reverseRefund(try id.resolve(in: $0)) }
        }
    }
}

private extension Decimal {
    var isWholeNumber: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
