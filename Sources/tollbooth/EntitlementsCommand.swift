import ArgumentParser
import Chrome
import Foundation
import MockStore

/// `tollbooth entitlements`: what `Transaction.currentEntitlements` returns on a device, so a
/// script can assert on it without reading the ledger's database.
struct EntitlementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitlements",
        abstract: "What Transaction.currentEntitlements returns on a device (a family member's sees only shared products).")

    @OptionGroup var options: LedgerOptions
    @Option(help: "The device asking (default: the purchaser's view). A device launched with --family-member sees the shared products only.")
    var device: String?

    func validate() throws {
        if let device, let problem = DeviceName.problem(with: device) {
            throw CLIError("the device name \(SourceText.quoted(device)) \(problem) (at most \(DeviceName.maximumLength) characters)")
        }
    }

    func run() async throws {
        let store = try await options.openStore(reading: true)
        let device = device
        let (entitlements, member, now) = try await userFacing {
            try await store.admin { s in
                (try s.currentEntitlements(device: device), try device.map { try s.isFamilyMember($0) } ?? false, s.now)
            }
        }
        if options.json {
            try printJSON(EntitlementsJSON(storeTime: now, device: device, familyMember: member, entitlements: entitlements))
            return
        }
        say("store time \(stamp(now))\(device.map { "  device \($0)\(member ? " (family member)" : "")" } ?? "")")
        if entitlements.isEmpty { say("no entitlements"); return }
        say(table(["ID", "ORIGINAL", "PRODUCT", "TYPE", "PURCHASED", "EXPIRES", "OWNERSHIP", "VERIFIED"], entitlements.map { t in
            [String(t.id), String(t.originalID), t.productID, t.productType.description, stamp(t.purchaseDate),
             stamp(t.expirationDate), t.ownershipType.rawValue, t.verificationError.map { "no: \($0)" } ?? "yes"]
        }))
    }
}

/// `entitlements --json`: the transactions, as `txn list --json` writes them.
struct EntitlementsJSON: Encodable {
    var storeTime: Date
    /// The device asked for; nil for the purchaser's view.
    var device: String?
    var familyMember: Bool
    var entitlements: [Transaction]
}
