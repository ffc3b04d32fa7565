import ArgumentParser
import Foundation
import MockStore

extension TxnCommand {
    /// `tollbooth txn refund-request`: the customer asks the App Store for a refund.
    struct RefundRequest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refund-request",
            abstract: "The customer asks for a refund: nothing changes until `txn refund`; a consumable or subscription sends CONSUMPTION_REQUEST.")
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
