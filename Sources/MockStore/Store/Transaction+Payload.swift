import Foundation

extension Transaction {
    /// `webOrderLineItemId`: one per billing period of an auto-renewable subscription (Apple's
    /// changes at each renewal), so Tollbooth uses the period's transaction ID; nil otherwise.
    public var lineItemID: String? {
        if let webOrderLineItemID, !webOrderLineItemID.isEmpty { return webOrderLineItemID }
        return productType == .autoRenewable ? String(id) : nil
    }

    /// Which revocation applies (nil when not revoked). A family member's copy of a revoked
    /// purchase is a family revocation, whatever revoked it (Apple gives the member's copy the
    /// purchaser's `revocationReason`, and `FAMILY_REVOKE` names the member's loss); the
    /// purchaser's refund is prorated when Apple's decision was (`RefundRules`), else full.
    public var revocationType: RevocationType? {
        guard revocationDate != nil else { return nil }
        if ownershipType == .familyShared { return .familyRevocation }
        return proratedRefundMillipercent == nil ? .fullRefund : .proratedRefund
    }

    /// The percentage of the amount refunded, 0 to 100, as Apple's `revocationPercentage`: present
    /// on a refund only, so nil for a family revocation (which refunds the member nothing) and
    /// once a refund is reversed (Apple: "doesn't appear if the refund is reversed").
    public var revocationPercentage: Decimal? {
        switch revocationType {
        case .fullRefund?: 100
        case .proratedRefund?: Decimal(proratedRefundMillipercent ?? 0) / 1000
        default: nil
        }
    }
}
