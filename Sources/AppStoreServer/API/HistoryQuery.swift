import Foundation
import MockStore

/// Get Transaction History's query parameters, checked (Apple: Get Transaction History,
/// `TransactionHistoryRequest`). Every filter given must match (Apple: "the transactions that
/// return match all the filters"); a filter given more than once matches any of its values.
struct HistoryQuery: Sendable, Hashable {
    /// Inclusive, milliseconds since 1970: `purchaseDate >= startDate`.
    var startDate: Int64?
    /// Exclusive: `purchaseDate < endDate`.
    var endDate: Int64?
    var productIDs: Set<String> = []
    var productTypes: Set<ProductType> = []
    var descending = false
    var groupIDs: Set<String> = []
    var ownership: OwnershipType?
    /// true: only revoked transactions; false: only those not revoked.
    var revoked: Bool?
    /// Get Transaction History V1 leaves out consumables the app finished, unless refunded.
    var leavesOutFinishedConsumables = false
    /// What a revision token is bound to: every parameter but `revision`, in one order.
    var canonical: String

    /// Apple's `productType` spellings.
    static let productTypes: [String: ProductType] = [
        "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewable, "CONSUMABLE": .consumable,
        "NON_CONSUMABLE": .nonConsumable,
    ]

    init(_ request: APIRequest, version: Int) throws(APIError) {
        leavesOutFinishedConsumables = version == 1
        for value in request.values("startDate") {
            guard let date = Int64(value), date >= 0 else { throw .invalidStartDate(value) }
            startDate = date
        }
        for value in request.values("endDate") {
            guard let date = Int64(value), date >= 0 else { throw .invalidEndDate(value) }
            endDate = date
        }
        if let startDate, let endDate, startDate >= endDate { throw .startDateAfterEndDate(startDate, endDate) }
        for value in request.values("productId") {
            guard !value.isEmpty else { throw .invalidProductID(value) }
            productIDs.insert(value)
        }
        for value in request.values("productType") {
            guard let type = Self.productTypes[value] else { throw .invalidProductType(value) }
            productTypes.insert(type)
        }
        for value in request.values("sort") {
            switch value {
            case "ASCENDING": descending = false
            case "DESCENDING": descending = true
            default: throw .invalidSort(value)
            }
        }
        for value in request.values("subscriptionGroupIdentifier") {
            guard !value.isEmpty else { throw .invalidSubscriptionGroupIdentifier(value) }
            groupIDs.insert(value)
        }
        for value in request.values("inAppOwnershipType") {
            switch value {
            case "PURCHASED": ownership = .purchased
            case "FAMILY_SHARED": ownership = .familyShared
            default: throw .invalidInAppOwnershipType(value)
            }
        }
        // Apple's Python library sends Python's spelling, `True`.
        for value in request.values("revoked") {
            switch value.lowercased() {
            case "true": revoked = true
            case "false": revoked = false
            default: throw .invalidRevoked(value)
            }
        }
        let bound = ["startDate", "endDate", "productId", "productType", "sort", "subscriptionGroupIdentifier",
                     "inAppOwnershipType", "revoked"]
        canonical = "v\(version)?" + request.query.filter { bound.contains($0.name) }
            .map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
    }

    func matches(_ key: HistoryKey) -> Bool {
        let purchased = Int64((key.purchaseDate.timeIntervalSince1970 * 1000).rounded(.down))
        if let startDate, purchased < startDate { return false }
        if let endDate, purchased >= endDate { return false }
        if !productIDs.isEmpty && !productIDs.contains(key.productID) { return false }
        if !productTypes.isEmpty && !productTypes.contains(key.productType) { return false }
        if !groupIDs.isEmpty && !groupIDs.contains(key.groupID ?? "") { return false }
        if let ownership, key.ownershipType != ownership { return false }
        if let revoked, key.isRevoked != revoked { return false }
        if leavesOutFinishedConsumables && key.productType == .consumable && key.isFinished && !key.isRevoked { return false }
        return true
    }
}
