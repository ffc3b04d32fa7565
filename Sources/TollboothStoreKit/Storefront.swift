import Foundation
import MockStore

/// The App Store country of the customer, as StoreKit's `Storefront`.
public struct Storefront: Identifiable, Equatable, Hashable, Sendable {
    public typealias ID = String

    /// ISO 3166-1 alpha-3 (`USA`, `JPN`).
    public let countryCode: String
    /// The App Store's number for the storefront (`143441`).
    public let id: String
    public let currency: Locale.Currency?

    init(alpha3: String) {
        let known = MockStore.Storefront(alpha3: alpha3)
        countryCode = alpha3
        id = known?.id ?? ""
        currency = known.map { Locale.Currency($0.currencyCode) }
    }

    /// The customer's storefront now; nil when the store cannot be reached (reported).
    public static var current: Storefront? {
        get async {
            guard let connection = AppStoreHost.reachable(during: "Storefront.current") else { return nil }
            do {
                return Storefront(alpha3: try connection.store.settings().storefront)
            } catch {
                StoreKitReport.failure(error, during: "Storefront.current", connection: connection)
                return nil
            }
        }
    }

    /// Storefront changes while the app runs, as `Storefront.Storefronts`.
    public static var updates: Storefronts { Storefronts() }

    /// A live sequence of storefronts, one each time the customer's storefront changes.
    public struct Storefronts: AsyncSequence, Sendable {
        public typealias Element = Storefront
        public typealias Failure = Never

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }

        public struct AsyncIterator: AsyncIteratorProtocol {
            public typealias Element = Storefront
            public typealias Failure = Never
            private var live: LiveSubscription<StoreEvent>?
            private var shown: String?
            private var store: MockStore.Store?

            public mutating func next() async -> Storefront? {
                if live == nil {
                    guard let connection = AppStoreHost.reachable(during: "Storefront.updates") else { return nil }
                    store = connection.store
                    live = LiveSubscription(connection.store.events, registry: connection.listeners)
                    shown = try? connection.store.settings().storefront
                }
                while let event = await live?.next() {
                    guard event.kind == .settingsChanged, let store,
                          let now = try? store.settings().storefront, now != shown else { continue }
                    shown = now
                    return Storefront(alpha3: now)
                }
                return nil
            }
        }
    }
}
