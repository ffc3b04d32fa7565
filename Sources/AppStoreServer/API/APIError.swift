import Foundation

/// One of the App Store Server API's error responses: the HTTP status and the body
/// `{"errorCode": N, "errorMessage": "…"}` (Apple's `ErrorPayload`). The codes and statuses are
/// Apple's (App Store Server API, "Error codes"; `APIError` in Apple's server libraries); the
/// messages are Apple's where it documents one, with the value at fault added.
public struct APIError: Error, Sendable, Hashable {
    public var status: Int
    /// Apple's code; nil for answers Apple gives without one.
    public var code: Int?
    public var message: String
    /// Headers the answer needs besides the content type (`Allow` on a 405).
    public var headers: [String: String]

    public init(status: Int, code: Int?, message: String, headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    var response: APIResponse {
        struct Payload: Encodable { var errorCode: Int?; var errorMessage: String }
        let body = (try? APIResponse.encoder.encode(Payload(errorCode: code, errorMessage: message))) ?? Data()
        return APIResponse(status: status, body: body, headers: headers)
    }

    // 400
    static func generalBadRequest(_ detail: String) -> APIError { .init(status: 400, code: 4000000, message: "Bad request. \(detail)") }
    static func invalidRevision(_ detail: String) -> APIError { .init(status: 400, code: 4000005, message: "Invalid request revision. \(detail)") }
    static func invalidTransactionID(_ value: String) -> APIError {
        .init(status: 400, code: 4000006, message: "Invalid transaction id: \(quoted(value)) is not a transaction identifier.")
    }
    static func invalidOriginalTransactionID(_ value: String) -> APIError {
        .init(status: 400, code: 4000008, message: "Invalid original transaction id: \(quoted(value)) is not a transaction identifier.")
    }
    static func invalidExtendByDays(_ detail: String) -> APIError {
        .init(status: 400, code: 4000009, message: "Invalid extend by days value. \(detail)")
    }
    static func invalidExtendReasonCode(_ detail: String) -> APIError {
        .init(status: 400, code: 4000010, message: "Invalid extend reason code. \(detail)")
    }
    static func invalidRequestIdentifier(_ detail: String) -> APIError {
        .init(status: 400, code: 4000011, message: "Invalid request identifier. \(detail)")
    }
    static func startDateAfterEndDate(_ start: Int64, _ end: Int64) -> APIError {
        .init(status: 400, code: 4000013, message: "Invalid request. The start date is earlier than the end date: startDate \(start) must precede endDate \(end).")
    }
    static func invalidPaginationToken(_ detail: String) -> APIError {
        .init(status: 400, code: 4000014, message: "Invalid pagination token. \(detail)")
    }
    static func invalidStartDate(_ value: String) -> APIError {
        .init(status: 400, code: 4000015, message: "Invalid start date: \(quoted(value)) is not a time in milliseconds since 1970.")
    }
    static func invalidEndDate(_ value: String) -> APIError {
        .init(status: 400, code: 4000016, message: "Invalid end date: \(quoted(value)) is not a time in milliseconds since 1970.")
    }
    static func invalidNotificationType(_ value: String) -> APIError {
        .init(status: 400, code: 4000018, message: "Invalid notification type: \(quoted(value)).")
    }
    static func multipleFiltersSupplied(_ detail: String) -> APIError {
        .init(status: 400, code: 4000019, message: "Invalid request. Supply either a transaction id or a notification type, but not both. \(detail)")
    }
    static func invalidTestNotificationToken(_ value: String) -> APIError {
        .init(status: 400, code: 4000020, message: "Invalid test notification token: \(quoted(value)).")
    }
    static func invalidSort(_ value: String) -> APIError {
        .init(status: 400, code: 4000021, message: "Invalid sort: \(quoted(value)); use ASCENDING or DESCENDING.")
    }
    static func invalidProductType(_ value: String) -> APIError {
        .init(status: 400, code: 4000022, message: "Invalid product type: \(quoted(value)); use AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE or NON_CONSUMABLE.")
    }
    static func invalidProductID(_ value: String) -> APIError {
        .init(status: 400, code: 4000023, message: "Invalid product id: \(quoted(value)).")
    }
    static func invalidSubscriptionGroupIdentifier(_ value: String) -> APIError {
        .init(status: 400, code: 4000024, message: "Invalid subscription group identifier: \(quoted(value)).")
    }
    static func invalidInAppOwnershipType(_ value: String) -> APIError {
        .init(status: 400, code: 4000026, message: "Invalid in-app ownership type: \(quoted(value)); use FAMILY_SHARED or PURCHASED.")
    }
    static func invalidEmptyStorefrontCountryCodeList() -> APIError {
        .init(status: 400, code: 4000027, message: "Invalid request. The storefrontCountryCodes list is empty; to extend in every storefront, leave it out.")
    }
    static func invalidStorefrontCountryCode(_ value: String) -> APIError {
        .init(status: 400, code: 4000028, message: "Invalid request. \(quoted(value)) is not a storefront country code (ISO 3166-1 alpha-3, such as USA).")
    }
    static func invalidRevoked(_ value: String) -> APIError {
        .init(status: 400, code: 4000030, message: "Invalid request. The revoked parameter is invalid: \(quoted(value)); use true or false.")
    }
    static func invalidStatus(_ value: String) -> APIError {
        .init(status: 400, code: 4000031, message: "Invalid request. The status parameter is invalid: \(quoted(value)); use 1 to 5.")
    }
    static func appTransactionIDNotSupported(_ value: String) -> APIError {
        .init(status: 400, code: 4000048, message: "Invalid request. App transactions aren't supported by this endpoint: \(quoted(value)) is the customer's appTransactionId; give a transaction id.")
    }
    static func invalidAppAccountTokenUUID(_ value: String) -> APIError {
        .init(status: 400, code: 4000183, message: "Invalid request. The app account token field must be a valid UUID: \(quoted(value)) is not one.")
    }
    static func familyTransactionNotSupported(_ detail: String) -> APIError {
        .init(status: 400, code: 4000185, message: "Invalid request. Family Sharing transactions aren't supported by this endpoint: \(detail).")
    }
    static func transactionIDIsNotOriginal(_ value: String) -> APIError {
        .init(status: 400, code: 4000187, message: "Invalid request. The transaction ID provided is not an original transaction ID: \(quoted(value)).")
    }
    // 403
    static func subscriptionExtensionIneligible(_ detail: String) -> APIError {
        .init(status: 403, code: 4030004, message: "Forbidden - subscription state ineligible for extension. \(detail)")
    }
    static func subscriptionMaxExtension(_ detail: String) -> APIError {
        .init(status: 403, code: 4030005, message: "Forbidden - subscription has reached maximum extension count. \(detail)")
    }
    static func familySharedSubscriptionExtensionIneligible(_ detail: String) -> APIError {
        .init(status: 403, code: 4030007, message: "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly. \(detail)")
    }
    // 404
    static func originalTransactionIDNotFound(_ id: String) -> APIError {
        .init(status: 404, code: 4040005, message: "Original transaction id not found: \(quoted(id)).")
    }
    static func serverNotificationURLNotFound() -> APIError {
        .init(status: 404, code: 4040007, message: "No App Store Server Notification URL found for provided app. Check that a URL is configured in App Store Connect for this environment: with Tollbooth, `tollbooth notify url URL`.")
    }
    static func testNotificationNotFound(_ token: String) -> APIError {
        .init(status: 404, code: 4040008, message: "Either the test notification token is expired or the notification and status are not yet available: \(quoted(token)).")
    }
    static func statusRequestNotFound(_ productID: String, _ requestIdentifier: String) -> APIError {
        .init(status: 404, code: 4040009, message: "The server didn't find a subscription-renewal-date extension request for request identifier \(quoted(requestIdentifier)) and product \(quoted(productID)).")
    }
    static func transactionIDNotFound(_ id: String) -> APIError {
        .init(status: 404, code: 4040010, message: "Transaction id not found: \(quoted(id)).")
    }
    static func appTransactionDoesNotExist() -> APIError {
        .init(status: 404, code: 4040019, message: "No AppTransaction exists for the customer: no app has launched on this ledger.")
    }
    static func unknownPath(_ method: String, _ path: String) -> APIError {
        .init(status: 404, code: 4000000, message: "Bad request. No App Store Server API endpoint at \(printable(method)) \(printable(path)).")
    }
    static func notServed(_ name: String, _ method: String, _ path: String) -> APIError {
        .init(status: 404, code: 4000000, message: "Bad request. Tollbooth does not serve Apple's \(name) (\(method) \(printable(path))).")
    }
    static func methodNotAllowed(_ method: String, _ path: String, allowed: [String]) -> APIError {
        let methods = allowed.joined(separator: ", ")
        return .init(status: 405, code: 4000000, message: "Bad request. \(printable(path)) takes \(methods), not \(printable(method)).",
                     headers: ["Allow": methods])
    }
    /// A request `tollbooth serve` could not read as HTTP, or would not read whole (too large):
    /// Apple's general bad request under the HTTP status that says which (400, 413, 431).
    public static func unreadableRequest(status: Int, _ detail: String) -> APIResponse {
        APIError(status: status, code: 4000000, message: "Bad request. \(detail)").response
    }
    // 500
    static func generalInternal(_ detail: String) -> APIError {
        .init(status: 500, code: 5000000, message: "An unknown error occurred. \(detail)")
    }

    /// A value from the request, quoted with anything unprintable escaped: messages repeat what
    /// a client sent, and a terminal may print them.
    static func quoted(_ value: String) -> String {
        "\"" + printable(value, escapingQuotes: true) + "\""
    }

    /// `value` cut to 80 characters with control and format characters (ESC, BEL, bidi
    /// overrides) written as `\u{1b}`: what a message may repeat of a request.
    static func printable(_ value: String, escapingQuotes: Bool = false) -> String {
        let shown = value.count > 80 ? String(value.prefix(80)) + "…" : value
        var text = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"" where escapingQuotes: text += "\\\""
            case "\\" where escapingQuotes: text += "\\\\"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format:
                text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
