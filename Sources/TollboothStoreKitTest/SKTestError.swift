import Foundation

/// An error of the StoreKit test environment, as StoreKitTest's `SKTestError` (domain
/// `SKTestErrorDomain`). Catch one with its code: `catch SKTestError.noTransactionFound`.
public struct SKTestError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong, as `SKTestError.Code`.
    public enum Code: Int, Hashable, Sendable {
        case serviceUnavailable = 0
        case invalidProductIdentifier = 1
        case invalidProductType = 2
        case invalidURL = 3
        case fileNotFound = 4
        case noSubscriptionFound = 5
        case noTransactionFound = 6
        case invalidAction = 7
    }

    public let code: Code
    /// One sentence saying what happened and what to do.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static var errorDomain: String { "SKTestErrorDomain" }

    public static var serviceUnavailable: Code { .serviceUnavailable }
    public static var invalidProductIdentifier: Code { .invalidProductIdentifier }
    public static var invalidProductType: Code { .invalidProductType }
    public static var invalidURL: Code { .invalidURL }
    public static var fileNotFound: Code { .fileNotFound }
    public static var noSubscriptionFound: Code { .noSubscriptionFound }
    public static var noTransactionFound: Code { .noTransactionFound }
    public static var invalidAction: Code { .invalidAction }

    public var description: String { "SKTestError.\(code): \(message)" }
    public var errorDescription: String? { message }
}

extension SKTestError.Code {
    /// `catch SKTestError.fileNotFound`, as with Apple's bridged error codes.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? SKTestError)?.code == code
    }
}
