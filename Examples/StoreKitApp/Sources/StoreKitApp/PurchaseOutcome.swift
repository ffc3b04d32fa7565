/// What became of a purchase the customer started in the app.
public enum PurchaseOutcome: Equatable, Sendable {
    /// Bought and unlocked.
    case purchased
    /// Waiting for someone else (Ask to Buy); unlocks when the answer arrives on `updates`.
    case pending
    /// The customer dismissed the payment sheet.
    case cancelled
    /// StoreKit could not verify the transaction, so nothing was unlocked.
    case withheld
}
