import ArgumentParser
import Foundation
import MockStore

/// `tollbooth family …`: Family Sharing on the account — which devices are a family member's,
/// and which shareable products the purchaser shares.
struct FamilyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family", abstract: "Family Sharing: flag a device as a family member's, or stop sharing a product.",
        subcommands: [Member.self, Share.self])

    struct Member: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "member",
            abstract: "Flag a device as a family member's (it sees shared products as familyShared), or --off to make it the purchaser's again.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The device name.") var device: String
        @Flag(help: "Make the device the purchaser's again.") var off = false

        func run() async throws {
            let device = device, off = off
            try await TxnCommand.perform(options) { try $0.setFamilyMember(device, !off) }
        }
    }

    struct Share: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "Share a family-shareable product with the family (the default), or --off to stop: members lose it.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The product id (a non-consumable or auto-renewable subscription marked familyShareable).") var product: String
        @Flag(help: "Stop sharing the product.") var off = false

        func run() async throws {
            let product = product, off = off
            try await TxnCommand.perform(options, checking: { try DidYouMean.checkProduct(product, in: $0) }) {
                try $0.setFamilySharing(product, shared: !off)
            }
        }
    }
}
