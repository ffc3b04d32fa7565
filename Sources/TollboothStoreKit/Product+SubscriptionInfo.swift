import Foundation
import MockStore

extension Product {
    /// A subscription's facts, as `Product.SubscriptionInfo`.
    public struct SubscriptionInfo: Equatable, Hashable, Sendable {
        public let introductoryOffer: Product.SubscriptionOffer?
        public let promotionalOffers: [Product.SubscriptionOffer]
        public let winBackOffers: [Product.SubscriptionOffer]
        public let subscriptionGroupID: String
        public let subscriptionPeriod: Product.SubscriptionPeriod
        /// 1 is the highest level of service in the group.
        public let groupLevel: Int
        public let groupDisplayName: String
        /// The ways to pay: billed up front, or monthly over a 12-month commitment. Empty for a
        /// subscription whose configuration names no billing plans (a file before v5).
        public let pricingTerms: [Product.SubscriptionInfo.PricingTerms]

        init(_ info: MockStore.Product.SubscriptionInfo) {
            introductoryOffer = info.introductoryOffer.map(Product.SubscriptionOffer.init)
            promotionalOffers = info.promotionalOffers.map(Product.SubscriptionOffer.init)
            winBackOffers = info.winBackOffers.map(Product.SubscriptionOffer.init)
            subscriptionGroupID = info.subscriptionGroupID
            subscriptionPeriod = Product.SubscriptionPeriod(info.subscriptionPeriod)
            groupLevel = info.groupLevel
            groupDisplayName = info.groupDisplayName
            let offers = [introductoryOffer].compactMap { $0 } + promotionalOffers + winBackOffers
            pricingTerms = info.pricingTerms.map { PricingTerms($0, offers: offers) }
        }

        /// Whether the customer may still get this group's introductory offer.
        public var isEligibleForIntroOffer: Bool {
            get async { await Self.isEligibleForIntroOffer(for: subscriptionGroupID) }
        }

        /// Whether the customer may still get the group's introductory offer; false, reported,
        /// when the store cannot be read.
        public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
            let call = "Product.SubscriptionInfo.isEligibleForIntroOffer(for:)"
            guard let connection = AppStoreHost.reachable(during: call) else { return false }
            do {
                return try await connection.store.isEligibleForIntroOffer(groupID: groupID)
            } catch {
                StoreKitReport.failure(error, during: call, connection: connection)
                return false
            }
        }

        /// The statuses of this group's subscriptions. Throws the Subscription Status fault.
        public var status: [Product.SubscriptionInfo.Status] {
            get async throws { try await Self.status(for: subscriptionGroupID) }
        }

        public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
            let call = "Product.SubscriptionInfo.status(for:)"
            let connection = try AppStoreHost.connection(during: call)
            do {
                return try await connection.store.status(forGroup: groupID).map(Status.init)
            } catch {
                throw ErrorBridge.storeKit(error, api: .subscriptionStatus, connection: connection, during: call)
            }
        }
    }

    /// A length of time, as `Product.SubscriptionPeriod`: `value` × `unit`.
    public struct SubscriptionPeriod: Equatable, Hashable, Sendable {
        public let unit: Product.SubscriptionPeriod.Unit
        public let value: Int

        init(value: Int, unit: Unit) {
            self.value = value
            self.unit = unit
        }

        init(_ period: MockStore.SubscriptionPeriod) {
            let unit: Unit = switch period.unit {
            case .day: .day
            case .week: .week
            case .month: .month
            case .year: .year
            }
            self.init(value: period.value, unit: unit)
        }

        public enum Unit: Equatable, Hashable, Sendable, Comparable, CaseIterable {
            case day, week, month, year

            public var localizedDescription: String {
                switch self {
                case .day: "Day"
                case .week: "Week"
                case .month: "Month"
                case .year: "Year"
                }
            }

            var letter: String {
                switch self {
                case .day: "D"
                case .week: "W"
                case .month: "M"
                case .year: "Y"
                }
            }
        }

        public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
        public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
        public static let yearly = SubscriptionPeriod(value: 1, unit: .year)
        public static let everyThreeDays = SubscriptionPeriod(value: 3, unit: .day)
        public static let everyTwoWeeks = SubscriptionPeriod(value: 2, unit: .week)
        public static let everyTwoMonths = SubscriptionPeriod(value: 2, unit: .month)
        public static let everyThreeMonths = SubscriptionPeriod(value: 3, unit: .month)
        public static let everySixMonths = SubscriptionPeriod(value: 6, unit: .month)

        /// The span of one period starting at `referenceDate`.
        public func dateRange(referenceDate: Date = .now) -> Range<Date> {
            let component: Calendar.Component = switch unit {
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
            let end = Calendar(identifier: .gregorian).date(byAdding: component, value: value, to: referenceDate) ?? referenceDate
            return referenceDate..<end
        }
    }

    /// An offer on a subscription, as `Product.SubscriptionOffer`.
    public struct SubscriptionOffer: Equatable, Hashable, Sendable {
        /// nil for the introductory offer.
        public let id: String?
        public let type: Product.SubscriptionOffer.OfferType
        public let price: Decimal
        public let displayPrice: String
        public let period: Product.SubscriptionPeriod
        public let periodCount: Int
        public let paymentMode: Product.SubscriptionOffer.PaymentMode

        init(_ offer: MockStore.Product.SubscriptionOffer) {
            id = offer.id
            type = switch offer.type {
            case .promotional: .promotional
            case .winBack: .winBack
            default: .introductory
            }
            price = offer.price
            displayPrice = offer.displayPrice
            period = Product.SubscriptionPeriod(offer.period)
            periodCount = offer.periodCount
            paymentMode = switch offer.paymentMode {
            case .freeTrial: .freeTrial
            case .payUpFront: .payUpFront
            default: .payAsYouGo
            }
        }

        /// The kind of offer, as `Product.SubscriptionOffer.OfferType`.
        public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let introductory = OfferType(rawValue: "introductory")
            public static let promotional = OfferType(rawValue: "promotional")
            public static let winBack = OfferType(rawValue: "winBack")
        }

        /// How an offer is paid, as `Product.SubscriptionOffer.PaymentMode`.
        public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
            public static let payUpFront = PaymentMode(rawValue: "payUpFront")
            public static let freeTrial = PaymentMode(rawValue: "freeTrial")

            public var localizedDescription: String {
                switch self {
                case .freeTrial: "Free Trial"
                case .payUpFront: "Pay Up Front"
                default: "Pay As You Go"
                }
            }
        }

        /// The signature of a promotional offer, as `Product.SubscriptionOffer.Signature`.
        public struct Signature: Equatable, Hashable, Sendable {
            public var keyID: String
            public var nonce: UUID
            public var timestamp: Int
            public var signature: Data

            public init(keyID: String, nonce: UUID, timestamp: Int, signature: Data) {
                self.keyID = keyID
                self.nonce = nonce
                self.timestamp = timestamp
                self.signature = signature
            }
        }
    }
}
