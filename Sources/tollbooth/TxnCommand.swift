import ArgumentParser
import Chrome
import Foundation
import MockStore

/// `tollbooth txn …`: the transaction manager, for scripts and other terminals.
struct TxnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "txn", abstract: "List and change the account's transactions (Xcode's Transaction Manager).",
        subcommands: [
            List.self, Buy.self, Redeem.self, Refund.self, Expire.self, Renew.self, Cancel.self, Resume.self, Approve.self,
            Decline.self, Resolve.self, Delete.self, Clear.self, Signed.self, RefundRequest.self, RefundDecide.self, RefundReverse.self,
        ])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every transaction and pending purchase.")
        @OptionGroup var options: LedgerOptions
        @Option(parsing: .unconditional, help: "Show only the newest N transactions.") var last: Int?

        func validate() throws {
            if let last, last < 1 { throw CLIError("--last needs a positive count, such as --last 10") }
        }
        func run() async throws {
            let store = try await options.openStore(reading: true)
            let (transactions, pending, statuses, now, app) = try await userFacing {
                try await store.admin { s in
                    (try s.transactions(limit: last), try s.pending(), try s.statuses(), s.now, try s.appTransaction(for: "cli"))
                }
            }
            if options.json {
                let bundleID = AppIdentity.ledgerBundleID(app: app)
                try printJSON(TxnListJSON(storeTime: now, transactions: transactions.map { ListedTransaction(transaction: $0, bundleID: bundleID) },
                                          pending: pending, subscriptions: statuses.map { ListedStatus(status: $0, bundleID: bundleID) }))
                return
            }
            say("store time \(stamp(now))")
            if transactions.isEmpty && pending.isEmpty { say("no transactions"); return }
            let latest = Dictionary(statuses.map { ($0.transaction.id, $0.state) }, uniquingKeysWith: { a, _ in a })
            // The billing column appears once a billing plan is in use, so older listings read as before.
            let billing = transactions.contains { $0.billingPlanType != nil }
            let rows = transactions.map { t in
                [String(t.id), t.orderID, String(t.originalID), t.productID, t.productType.description, stamp(t.purchaseDate),
                 stamp(t.expirationDate), TransactionState.describe(t, latestState: latest[t.id], now: now),
                 t.device ?? "outside", t.isFinished ? "yes" : "no"] + (billing ? [Self.billing(t)] : [])
            }
            if !rows.isEmpty {
                say(table(["ID", "ORDER", "ORIGINAL", "PRODUCT", "TYPE", "PURCHASED", "EXPIRES", "STATE", "DEVICE", "FINISHED"]
                          + (billing ? ["BILLING"] : []), rows))
            }
            if !pending.isEmpty {
                say("pending:")
                say(table(["ID", "PRODUCT", "KIND", "REQUESTED", "DEVICE"], pending.map {
                    [String($0.id), $0.productID, $0.kind == .askToBuy ? "ask to buy (approve/decline)" : "interrupted (resolve)",
                     stamp($0.requestedAt), $0.device ?? "-"]
                }))
            }
        }

        /// "monthly, payment 3 of 12", or "-" for a transaction billed up front.
        static func billing(_ t: Transaction) -> String {
            guard let plan = t.billingPlanType else { return "-" }
            let name = plan == .monthly ? "monthly" : plan.rawValue.lowercased()
            return t.commitmentInfo.map { "\(name), payment \($0.billingPeriodNumber) of \($0.totalBillingPeriods)" } ?? name
        }
    }

    struct Buy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "buy", abstract: "Buy a product from outside the app (another device, the App Store): it arrives on every running device's updates.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The product id.") var product: String
        @Option(help: "The device the purchase is made on (shown in the transaction manager).") var device: String?
        @Option(help: "Apply this promotional offer (its offerID), signed as an app's server would with the catalog's subscription offers key or --key.")
        var offer: String?
        @Option(help: ArgumentHelp("Sign the offer with this private key (an App Store Connect .p8 file) instead of the catalog's.", valueName: "file.p8"))
        var key: String?
        @Option(help: "The key id to sign with (default: the catalog key's id, or the one in a SubscriptionKey_ID.p8 file name).")
        var keyID: String?
        @Option(help: ArgumentHelp("The appAccountToken the app would set (a UUID): it appears in the signed transaction.", valueName: "uuid"))
        var appAccountToken: String?
        @Option(help: ArgumentHelp("How to pay a subscription that has billing plans: monthly (12 monthly payments) or upfront (the default).",
                                   valueName: "monthly|upfront"))
        var billingPlan: String?

        /// `--billing-plan` values and the store's plans.
        static let billingPlans: [String: BillingPlanType] = ["monthly": .monthly, "upfront": .billedUpfront]

        func validate() throws {
            if let billingPlan, Self.billingPlans[billingPlan.lowercased()] == nil {
                throw CLIError(DidYouMean.unknown("billing plan", billingPlan, in: Self.billingPlans.keys.sorted(),
                                                  listing: "choose --billing-plan monthly or --billing-plan upfront"))
            }
            if offer == nil && (key != nil || keyID != nil) { throw ValidationError("--key and --key-id sign an offer: add --offer ID") }
            if let appAccountToken, UUID(uuidString: appAccountToken) == nil {
                throw CLIError("--app-account-token needs a UUID, such as 6E5A7C1E-2F4B-4D3A-9C8B-1A2B3C4D5E6F")
            }
        }

        func run() async throws {
            let store = try await options.openStore()
            try DidYouMean.checkProduct(product, in: store.catalog)
            if let offer { try DidYouMean.checkPromotionalOffer(offer, product: product, in: store.catalog) }
            let plan = billingPlan.flatMap { Self.billingPlans[$0.lowercased()] }
            if plan == .monthly, let item = store.catalog.product(id: product),
               !(item.subscription?.billingPlans.contains { $0.type == CatalogBillingPlan.monthly && $0.isEnabled } ?? false) {
                throw CLIError("\(product) has no enabled monthly billing plan in \(store.catalog.source); buy it without --billing-plan, or add a MONTHLY plan to its billingPlans in Xcode")
            }
            let signingKey = try OfferKeyFile.key(path: key, id: keyID, catalog: store.catalog)
            let (product, device, offer) = (product, device, offer)
            let token = appAccountToken.flatMap(UUID.init(uuidString:))
            let transaction = try await userFacing(faultsOf: store) {
                try await store.admin { session in
                    var options: Set<PurchaseOption> = []
                    if let token { options.insert(.appAccountToken(token)) }
                    if let plan { options.insert(.billingPlanType(plan)) }
                    if let offer {
                        let signature = try signingKey.map {
                            try PromotionalOfferSigning.sign(offerID: offer, productID: product, appAccountToken: token, key: $0,
                                                             appBundleID: PromotionalOfferSigning.appBundleID(for: store.catalog), at: session.now)
                        }
                        options.insert(.promotionalOffer(offer, signature: signature))
                    }
                    return try session.buy(product, device: device, options: options)
                }
            }
            NotificationDispatch.startCourierIfNeeded(for: store)
            if options.json { try printJSON(transaction); return }
            if let offer, transaction.offer?.id != offer {
                // StoreKit hands back the subscription the customer already has (S15): nothing
                // was bought, so the offer was not used either.
                say("\(transaction.productID) is already active on this account: transaction \(transaction.id)" +
                      (transaction.expirationDate.map { ", expires \(stamp($0))" } ?? "") +
                      "; nothing was bought and the offer \(SourceText.quoted(offer)) was not used")
                return
            }
            say("bought \(transaction.productID): transaction \(transaction.id)" +
                  (transaction.commitmentInfo.map { ", billed monthly: payment \($0.billingPeriodNumber) of \($0.totalBillingPeriods)" } ?? "") +
                  (transaction.offer.map { " with \($0.type) offer \($0.id ?? "")\(signingKey == nil && $0.type == .promotional ? " (unsigned: no subscription offers key)" : "")" } ?? "") +
                  (transaction.expirationDate.map { ", expires \(stamp($0))" } ?? ""))
        }
    }

    struct Redeem: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "redeem", abstract: "Redeem an offer code, as in the App Store's redeem sheet: the subscription arrives on every running device's updates.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The code: an offer code's reference name or internal id in the catalog, in any case.") var code: String
        @Option(help: "The device the code is redeemed on.") var device: String?

        func run() async throws {
            let store = try await options.openStore()
            try DidYouMean.checkOfferCode(code, in: store.catalog)
            let (code, device) = (code, device)
            let transaction = try await userFacing(faultsOf: store) { try await store.admin { try $0.redeem(code: code, device: device) } }
            NotificationDispatch.startCourierIfNeeded(for: store)
            if options.json { try printJSON(transaction); return }
            // A downgrade bought with the code: it and the code's offer start at the next renewal.
            let statuses = try await userFacing { try await store.admin { try $0.statuses() } }
            if transaction.offer?.type != .code, let status = statuses.first(where: { $0.transaction.id == transaction.id }),
               let next = status.renewalInfo.offer, next.type == .code, let product = status.renewalInfo.autoRenewPreference,
               product != transaction.productID {
                say("redeemed \(next.id ?? code) for \(product): it starts at the next renewal" +
                      (status.renewalInfo.renewalDate.map { ", \(stamp($0))" } ?? ""))
                return
            }
            if transaction.offer?.type != .code {
                say("\(transaction.productID) is already active on this account: transaction \(transaction.id)" +
                      (transaction.expirationDate.map { ", expires \(stamp($0))" } ?? "") +
                      "; the code \(SourceText.quoted(code)) was not redeemed")
                return
            }
            say("redeemed \(transaction.offer?.id ?? code) for \(transaction.productID): transaction \(transaction.id)" +
                  (transaction.expirationDate.map { ", expires \(stamp($0))" } ?? ""))
        }
    }

    struct Refund: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "refund", abstract: "Refund a transaction (revocationDate set; the entitlement goes).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef
        @Option(help: "developerIssue or other.") var reason: String = "other"

        func run() async throws {
            try id.check()
            guard ["developerIssue", "other"].contains(reason) else {
                throw CLIError(DidYouMean.unknown("refund reason", reason, in: ["developerIssue", "other"], listing: "use developerIssue or other"))
            }
            try await TxnCommand.perform(options) { [id] in try $0.refund(try id.resolve(in: $0), reason: RevocationReason(rawValue: reason)) }
        }
    }

    struct Expire: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "expire", abstract: "Expire a subscription now (status change only, no transaction).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A transaction id of the subscription, or `last` for the newest transaction.") var id: TransactionRef
        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.expire(try id.resolve(in: $0)) }
        }
    }

    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "renew", abstract: "Renew a subscription now (a new transaction on updates).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A transaction id of the subscription, or `last` for the newest transaction.") var id: TransactionRef
        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.renew(try id.resolve(in: $0)) }
        }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Turn auto-renew off (access continues to the end of the period).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A transaction id of the subscription, or `last` for the newest transaction.") var id: TransactionRef
        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.cancel(try id.resolve(in: $0)) }
        }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Turn auto-renew back on.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A transaction id of the subscription, or `last` for the newest transaction.") var id: TransactionRef
        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.resume(try id.resolve(in: $0)) }
        }
    }

    struct Approve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve an Ask to Buy request (the transaction arrives on updates).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The pending purchase id (see `txn list`).") var id: String
        func run() async throws {
            let id = try LedgerID.argument(id, what: "pending purchase")
            try await TxnCommand.perform(options) { try $0.approve(id) }
        }
    }

    struct Decline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline an Ask to Buy request (nothing is delivered).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The pending purchase id (see `txn list`).") var id: String
        func run() async throws {
            let id = try LedgerID.argument(id, what: "pending purchase")
            try await TxnCommand.perform(options) { try $0.decline(id) }
        }
    }

    struct Resolve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resolve", abstract: "Resolve an interrupted purchase or a subscription's billing issue.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "A pending purchase id, or a transaction id of a subscription in billing retry or grace.") var id: String
        func run() async throws {
            let id = try LedgerID.argument(id, what: "pending purchase or transaction")
            try await TxnCommand.perform(options) { try $0.resolve(id) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a transaction (to retest intro offers or a non-consumable).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The transaction id, or `last` for the newest.") var id: TransactionRef
        func run() async throws {
            try id.check()
            try await TxnCommand.perform(options) { [id] in try $0.delete(try id.resolve(in: $0)) }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Delete every transaction and pending purchase.")
        @OptionGroup var options: LedgerOptions
        func run() async throws { try await TxnCommand.perform(options) { try $0.clear() } }
    }

    /// Runs one admin action and prints its one-line result.
    /// Runs `action` as one admin transaction and prints its result; a progress line the action
    /// drew is cleared first, error or not.
    /// `checking` refuses a value the catalog lacks before anything changes.
    static func perform(_ options: LedgerOptions, progress: ProgressLine? = nil, checking: (Catalog) throws -> Void = { _ in },
                        _ action: @escaping @Sendable (inout AdminSession) throws -> String) async throws {
        let store = try await options.openStore()
        try checking(store.catalog)
        let text: String
        do {
            text = try await userFacing(faultsOf: store) { try await store.admin(action) }
            progress?.clear()
        } catch {
            progress?.clear()
            throw error
        }
        NotificationDispatch.startCourierIfNeeded(for: store)
        if options.json { try printJSON(["result": text]) } else { say(text) }
    }
}

/// The state column of `txn list`.
enum TransactionState {
    static func describe(_ t: Transaction, latestState: RenewalState?, now: Date) -> String {
        if t.revocationDate != nil {
            let share = t.revocationType == .proratedRefund ? " prorated \(t.revocationPercentage ?? 0)%" : ""
            return "refunded\(share) (\(t.revocationReason?.rawValue ?? "other"))"
        }
        let base = describeUnrefunded(t, latestState: latestState, now: now)
        guard let refund = t.refundState else { return base }
        return "\(base), refund \(refund == .requested ? "requested" : refund.rawValue)"
    }

    static func describeUnrefunded(_ t: Transaction, latestState: RenewalState?, now: Date) -> String {
        if t.isUpgraded { return "upgraded" }
        if t.verificationError != nil { return "unverified" }
        if let latestState { return latestState.rawValue }
        if t.productType == .autoRenewable { return (t.expirationDate ?? now) > now ? "superseded" : "past period" }
        return t.productType == .consumable ? "consumed" : "owned"
    }
}

/// JSON shape of `txn list --json`.
struct TxnListJSON: Encodable {
    var storeTime: Date
    var transactions: [ListedTransaction]
    var pending: [PendingPurchase]
    var subscriptions: [ListedStatus]
}

/// A transaction in `txn list --json`: its fields; where it comes from as its signed payload
/// says (`AppIdentity.ledgerEnvironment`, the ledger's bundle ID), so a backend comparing the
/// two finds them equal; its revocation's kind; and the order ID of its receipt, which Look Up
/// Order ID takes (`OrderID`).
struct ListedTransaction: Encodable {
    var transaction: Transaction
    var bundleID: String

    private enum Key: String, CodingKey { case orderID, environment, appBundleID, revocationType, revocationPercentage }

    func encode(to encoder: any Encoder) throws {
        try transaction.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(transaction.orderID, forKey: .orderID)
        try container.encode(AppIdentity.ledgerEnvironment, forKey: .environment)
        try container.encode(bundleID, forKey: .appBundleID)
        try container.encodeIfPresent(transaction.revocationType, forKey: .revocationType)
        try container.encodeIfPresent(transaction.revocationPercentage, forKey: .revocationPercentage)
    }
}

/// A subscription's status in `txn list --json`: its transaction listed as `ListedTransaction`,
/// its renewal info with the signed payload's environment.
struct ListedStatus: Encodable {
    var status: SubscriptionStatus
    var bundleID: String

    private enum Key: String, CodingKey { case transaction, renewalInfo }

    func encode(to encoder: any Encoder) throws {
        try status.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(ListedTransaction(transaction: status.transaction, bundleID: bundleID), forKey: .transaction)
        try container.encode(ListedRenewalInfo(info: status.renewalInfo), forKey: .renewalInfo)
    }
}

/// A renewal info in `txn list --json`, with the environment its signed payload names.
struct ListedRenewalInfo: Encodable {
    var info: RenewalInfo

    private enum Key: String, CodingKey { case environment }

    func encode(to encoder: any Encoder) throws {
        try info.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(AppIdentity.ledgerEnvironment, forKey: .environment)
    }
}
