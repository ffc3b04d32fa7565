import ArgumentParser
import Foundation
import MockStore

/// `tollbooth notify …`: App Store Server Notifications v2 from this ledger to a server.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify", abstract: "Send App Store Server Notifications (v2) for every store event to a URL.",
        discussion: """
            With a URL set, every store event that Apple notifies about queues its notification \
            in the ledger's outbox, in the same transaction as the event; a Tollbooth process on \
            the ledger POSTs it as {"signedPayload": …} and retries failures 1, 12, 24, 48 and 72 \
            hours later in store time.
            """,
        subcommands: [URLCommand.self, Off.self, List.self, Resend.self, Test.self, Deliver.self])

    struct URLCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "url", abstract: "Send notifications to this http(s) URL.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The receiver, such as http://127.0.0.1:8080/notifications.") var url: String
        func run() async throws {
            let url = url
            try await TxnCommand.perform(options) { try $0.setNotificationURL(url) }
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "off", abstract: "Stop queuing notifications (those queued are still sent).")
        @OptionGroup var options: LedgerOptions
        func run() async throws { try await TxnCommand.perform(options) { try $0.setNotificationURL(nil) } }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The notifications queued and sent, with their status and attempts.")
        @OptionGroup var options: LedgerOptions
        @Option(parsing: .unconditional, help: "Show only the newest N.") var last: Int?

        func validate() throws {
            if let last, last < 1 { throw CLIError("--last needs a positive count, such as --last 10") }
        }
        func run() async throws {
            let store = try await options.openStore()
            let (url, notifications) = try await userFacing { (try store.notificationURL(), try store.notifications(limit: last ?? 100_000)) }
            if options.json {
                // A password in a URL an older Tollbooth stored is never printed.
                try printJSON(NotifyListJSON(url: url.map(NotificationURL.redacted), notifications: notifications.map {
                    var n = $0
                    n.url = NotificationURL.redacted(n.url)
                    return n
                }))
                return
            }
            say("notifications \(url.map { "go to \(NotificationURL.redacted($0))" } ?? "off")")
            if notifications.isEmpty { say("none sent yet"); return }
            say(table(["ID", "TYPE", "SUBTYPE", "TXN", "EVENT", "STATUS", "ATTEMPTS", "LAST", "NEXT"], notifications.map { n in
                [String(n.id), n.type.rawValue, n.subtype?.rawValue ?? "-", n.transactionID.map(String.init) ?? "-", stamp(n.storeTime),
                 n.status.rawValue, String(n.attempts), Self.last(n), stamp(n.nextAttempt)]
            }))
        }

        /// The last attempt: the HTTP status, or Apple's result when there was no answer.
        static func last(_ n: OutboxNotification) -> String {
            if let status = n.lastHTTPStatus { return "HTTP \(status)" }
            return n.lastResult?.rawValue ?? "-"
        }
    }

    struct Resend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resend", abstract: "Send a notification again, now, with the same signed payload.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The notification's id (`tollbooth notify list`).") var id: String
        func run() async throws {
            guard let number = Int64(id), number > 0 else {
                throw CLIError("\(SourceText.quoted(id, limit: 40)) is not a notification id; `tollbooth notify list` shows the ids")
            }
            try await TxnCommand.perform(options) { session in
                let n = try session.resendNotification(number)
                return "notification \(n.id) (\([n.type.rawValue, n.subtype?.rawValue].compactMap { $0 }.joined(separator: " "))) will be sent again to \(NotificationURL.redacted(n.url))"
            }
        }
    }

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Queue a TEST notification (as Request a Test Notification does), or an example of a type Tollbooth does not emulate.",
            discussion: """
                --type sends a signed example of \(ExampleNotifications.types.map(\.rawValue).joined(separator: ", ")): \
                events Tollbooth has no store for (external purchases, a minor's consent, the \
                Advanced Commerce API), shaped as Apple sends them, so a backend's handler can be \
                exercised.
                """)
        @OptionGroup var options: LedgerOptions
        @Option(help: "Send an example of this notificationType instead of TEST.") var type: String?
        @Option(help: "The example's subtype (EXTERNAL_PURCHASE_TOKEN: UNREPORTED, CREATED or ACTIVE_TOKEN_REMINDER).") var subtype: String?

        /// A type or subtype that is not one of the examples: one sentence and exit 1, like an
        /// unknown product id (not a usage error: the command line itself is well formed).
        func checkType() throws {
            if type == nil, subtype != nil { throw CLIError("--subtype goes with --type: add --type EXTERNAL_PURCHASE_TOKEN") }
            guard let type else { return }
            let names = ExampleNotifications.types.map(\.rawValue)
            guard let allowed = ExampleNotifications.subtypes(of: NotificationType(rawValue: type)) else {
                throw CLIError(DidYouMean.unknown("notification type", type, in: names,
                                                  listing: "notify test sends an example of one of: \(names.joined(separator: ", "))"))
            }
            guard let subtype, !allowed.map(\.rawValue).contains(subtype) else { return }
            let choices = allowed.map(\.rawValue)
            throw CLIError(choices.isEmpty ? "\(type) has no subtype: leave out --subtype"
                                           : DidYouMean.unknown("subtype of \(type)", subtype, in: choices))
        }

        func run() async throws {
            try checkType()
            let (type, subtype) = (type.map(NotificationType.init(rawValue:)), subtype.map(NotificationSubtype.init(rawValue:)))
            try await TxnCommand.perform(options) { session in
                guard let type else {
                    let n = try session.requestTestNotification()
                    return "TEST notification \(n.id) queued for \(NotificationURL.redacted(n.url)); testNotificationToken \(n.notificationUUID)"
                }
                let n = try session.requestExampleNotification(type, subtype: subtype)
                let name = [n.type.rawValue, n.subtype?.rawValue].compactMap { $0 }.joined(separator: " ")
                return "example \(name) notification \(n.id) queued for \(NotificationURL.redacted(n.url)) (an example only: no store event stands behind it)"
            }
        }
    }

    struct Deliver: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deliver", abstract: "Deliver the ledger's due notifications, then exit (commands start it when needed).",
            discussion: """
                Exits once nothing is being sent and no attempt falls due within \(Int(idleExit)) \
                seconds; later retries go out with the next Tollbooth process on the ledger. \
                With --follow, delivers until interrupted.
                """)
        /// Wall seconds ahead that a one-shot courier still waits for (Tollbooth's own rule).
        static let idleExit: TimeInterval = 60

        @OptionGroup var options: LedgerOptions
        @Flag(help: "Keep delivering until interrupted.") var follow = false
        func run() async throws {
            guard let http = ServerSide.linked else { try ServerExecutable.replaceThisProcess(for: "notify deliver") }
            let store = try await options.openStore(startingCourier: false)
            // One courier per ledger is enough; a second `deliver` leaves it to the first.
            guard let lock = CourierLock.take(ledger: store.ledger.path) else { return }
            let courier = try await userFacing { try await http.makeCourier(store) }
            await courier(follow ? nil : Self.idleExit)
            withExtendedLifetime(lock) {}
        }
    }
}

/// JSON shape of `notify list --json`.
struct NotifyListJSON: Encodable {
    var url: String?
    var notifications: [OutboxNotification]
}
