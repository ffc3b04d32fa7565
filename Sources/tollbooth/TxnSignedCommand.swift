import ArgumentParser
import Foundation
import MockStore

extension TxnCommand {
    /// `tollbooth txn signed`: the signed data a backend receives, signed by the state
    /// directory's test authority (`tollbooth cert export` prints its root).
    struct Signed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "signed",
            abstract: "Print a transaction's signedTransactionInfo, its subscription's signedRenewalInfo, or the signed app transaction (a JWS).",
            discussion: """
                Signed as the App Store Server API and notifications sign them (environment Sandbox, \
                the bundle ID of the newest app launched on the ledger), by the local test \
                authority whose root `tollbooth cert export` prints. A transaction made \
                unverified by a verification fault gets a signature that does not verify.
                """)
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef?
        @Flag(help: "The renewal info of the transaction's subscription (signedRenewalInfo).") var renewalInfo = false
        @Flag(help: "The account's app transaction instead of a transaction.") var appTransaction = false

        func validate() throws {
            if appTransaction {
                if id != nil || renewalInfo { throw ValidationError("--app-transaction takes no transaction id and no --renewal-info") }
            } else if id == nil {
                throw ValidationError("name a transaction (an id, or `last`), or pass --app-transaction")
            }
        }

        func run() async throws {
            guard let server = ServerSide.linked else { try ServerExecutable.replaceThisProcess(for: "txn signed") }
            let store = try await options.openStore(reading: true)
            let (id, renewalInfo, appTransaction) = (id, renewalInfo, appTransaction)
            let read = try await userFacing {
                try await store.admin { session -> Read in
                    let app = try session.appTransaction(for: "cli")
                    if appTransaction {
                        guard let app else {
                            throw StoreOperationError("no app has launched on this ledger, so it has no app transaction yet (`tollbooth run` launches the paywall)")
                        }
                        return Read(app: app, item: .app(app))
                    }
                    guard let ref = id else { throw StoreOperationError("name a transaction") }
                    let transactionID = try ref.resolve(in: session)
                    guard let transaction = try session.transactions().first(where: { $0.id == transactionID }) else {
                        throw StoreOperationError("there is no transaction \(transactionID) (`tollbooth txn list` shows them)")
                    }
                    guard renewalInfo else { return Read(app: app, item: .transaction(transaction)) }
                    guard let status = try session.statuses().first(where: { $0.transaction.originalID == transaction.originalID }) else {
                        throw StoreOperationError("transaction \(transactionID) is not an auto-renewable subscription's, so it has no renewal info")
                    }
                    return Read(app: app, item: .renewal(status))
                }
            }
            let field = switch read.item {
            case .transaction: "signedTransactionInfo"
            case .renewal: "signedRenewalInfo"
            case .app: "signedAppTransaction"
            }
            let jws = try await userFacing { try server.sign(read.item, read.app) }
            if options.json { try printJSON([field: jws]) } else { say(jws) }
        }

        struct Read: Sendable {
            var app: AppTransactionRecord?
            var item: SignedItem
        }
    }
}
