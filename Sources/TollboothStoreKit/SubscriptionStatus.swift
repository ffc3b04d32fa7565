import Foundation
import MockStore

extension Product.SubscriptionInfo {
    /// One subscription's state, as `Product.SubscriptionInfo.Status`.
    public struct Status: Equatable, Hashable, Sendable {
        public let state: Product.SubscriptionInfo.RenewalState
        public let transaction: VerificationResult<Transaction>
        public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>

        init(_ status: MockStore.SubscriptionStatus) {
            state = RenewalState(status.state)
            transaction = VerificationResult(status.verifiedTransaction)
            let info = RenewalInfo(status)
            renewalInfo = switch status.verifiedTransaction {
            case .verified: .verified(info)
            case .unverified(_, let error): .unverified(info, ErrorBridge.verification(error))
            }
        }

        /// Every status change while the app runs: the only way to hear of a plain expiry.
        public static var updates: Statuses { Statuses() }

        /// The statuses of every subscription group now, then each group's statuses whenever
        /// one of them changes.
        public static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> {
            AsyncStream { continuation in
                let task = Task {
                    guard let connection = AppStoreHost.reachable(during: "Product.SubscriptionInfo.Status.all") else {
                        continuation.finish()
                        return
                    }
                    let changes = LiveSubscription(connection.store.statusUpdates, registry: connection.listeners)
                    for group in connection.store.catalog.groups {
                        if let statuses = try? await Product.SubscriptionInfo.status(for: group.id), !statuses.isEmpty {
                            continuation.yield((group.id, statuses))
                        }
                    }
                    while let change = await changes.next() {
                        let statuses = (try? await Product.SubscriptionInfo.status(for: change.subscriptionGroupID)) ?? [Status(change)]
                        continuation.yield((change.subscriptionGroupID, statuses))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }

        /// A live sequence of status changes, as `Product.SubscriptionInfo.Status.Statuses`.
        public struct Statuses: AsyncSequence, Sendable {
            public typealias Element = Product.SubscriptionInfo.Status
            public typealias Failure = Never

            public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }

            public struct AsyncIterator: AsyncIteratorProtocol {
                public typealias Element = Product.SubscriptionInfo.Status
                public typealias Failure = Never
                private var live: LiveSubscription<MockStore.SubscriptionStatus>?
                private var ended = false

                /// Listens from here, so a change made before the first `next()` is not missed.
                init() {
                    guard let connection = AppStoreHost.reachable(during: "Product.SubscriptionInfo.Status.updates") else {
                        ended = true
                        return
                    }
                    live = LiveSubscription(connection.store.statusUpdates, registry: connection.listeners)
                }

                public mutating func next() async -> Product.SubscriptionInfo.Status? {
                    guard !ended else { return nil }
                    guard let status = await live?.next() else {
                        ended = true
                        live = nil
                        return nil
                    }
                    return Status(status)
                }
            }
        }
    }

    /// A subscription's state, as `Product.SubscriptionInfo.RenewalState` (the App Store's numbers).
    public struct RenewalState: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let subscribed = RenewalState(rawValue: 1)
        public static let expired = RenewalState(rawValue: 2)
        public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
        public static let inGracePeriod = RenewalState(rawValue: 4)
        public static let revoked = RenewalState(rawValue: 5)

        init(_ state: MockStore.RenewalState) {
            self = switch state {
            case .subscribed: .subscribed
            case .inBillingRetryPeriod: .inBillingRetryPeriod
            case .inGracePeriod: .inGracePeriod
            case .revoked: .revoked
            default: .expired
            }
        }

        public var localizedDescription: String {
            switch self {
            case .subscribed: "Subscribed"
            case .expired: "Expired"
            case .inBillingRetryPeriod: "In Billing Retry Period"
            case .inGracePeriod: "In Grace Period"
            case .revoked: "Revoked"
            default: "Unknown"
            }
        }
    }
}
