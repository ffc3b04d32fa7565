import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Request a Test Notification, `POST /inApps/v1/notifications/test`: enqueues a TEST
    /// notification in the ledger's outbox; its `notificationUUID` is the token. 4040007 when no
    /// notification URL is set (`tollbooth notify url URL`).
    func requestTestNotification(token: BearerToken?) async throws -> APIResponse {
        let url = try await read(token: token) { records, _ in try records.notificationURL() }
        guard url != nil else { throw APIError.serverNotificationURLNotFound() }
        let notification = try await store.admin { try $0.requestTestNotification() }
        return .json(SendTestNotificationResponse(testNotificationToken: notification.notificationUUID))
    }

    /// Get Test Notification Status, `GET /inApps/v1/notifications/test/{testNotificationToken}`:
    /// the TEST notification's signed payload and send attempts once it was sent. 4000020 for a
    /// token that is not one; 4040008 for one not found, or not sent yet (Apple: "not yet
    /// available").
    func testNotificationStatus(_ text: String, token: BearerToken?) async throws -> APIResponse {
        guard UUID(uuidString: text) != nil else { throw APIError.invalidTestNotificationToken(text) }
        let found = try await read(token: token) { records, _ in try records.testNotification(token: text) }
        guard let record = found, let payload = record.notification.signedPayload, !record.attempts.isEmpty else {
            throw APIError.testNotificationNotFound(text)
        }
        return .json(CheckTestNotificationResponse(signedPayload: payload, sendAttempts: record.attempts.map(SendAttemptItem.init)))
    }

    /// Get Notification History, `POST /inApps/v1/notifications/history[?paginationToken=…]`
    /// with `NotificationHistoryRequest` {startDate, endDate (required, milliseconds, at most
    /// 180 days back), notificationType, notificationSubtype, transactionId, onlyFailures}: the
    /// notifications the App Store tried to send, oldest first, 20 per page, each with its
    /// signed payload and attempts. A notification no courier has tried yet is not in it.
    func notificationHistory(_ request: APIRequest, token: BearerToken?) async throws -> APIResponse {
        let body = try NotificationHistoryRequest(request.body)
        let pagination = request.values("paginationToken").last
        let answer = try await read(token: token) { records, _ -> NotificationHistoryResponse in
            var originalID: UInt64?
            if let id = body.transactionID {
                guard let transaction = try records.transaction(id) else { throw APIError.transactionIDNotFound(String(id)) }
                originalID = transaction.originalID
            }
            let identity = self.store.ledger.path + " " + (try records.identity())
            if body.start < records.now.addingTimeInterval(-180 * 86_400) {
                throw APIError(status: 400, code: 4000012,
                               message: "Invalid request. The start date is earlier than 180 days ago (store time \(milliseconds(records.now))).")
            }
            var lastID: Int64 = 0
            if let pagination {
                guard let position = PageToken(pagination, ledger: identity, query: body.canonical) else {
                    throw APIError.invalidPaginationToken("This pagination token was not made by this server for this ledger and this request body.")
                }
                lastID = Int64(clamping: position.id)
            }
            var items: [NotificationHistoryResponseItem] = []
            var hasMore = true
            // Notifications never tried are skipped, so a page may take more than one query.
            while items.count < Self.pageSize && hasMore {
                let page = try records.notificationHistory(NotificationHistoryQuery(
                    start: body.start, end: body.end, type: body.type, subtype: body.subtype, originalTransactionID: originalID,
                    onlyFailures: body.onlyFailures, afterID: lastID, limit: Self.pageSize - items.count))
                for record in page.records {
                    lastID = record.notification.id
                    guard let payload = record.notification.signedPayload, !record.attempts.isEmpty else { continue }
                    items.append(NotificationHistoryResponseItem(signedPayload: payload, sendAttempts: record.attempts.map(SendAttemptItem.init)))
                }
                hasMore = page.hasMore
            }
            return NotificationHistoryResponse(
                paginationToken: PageToken(key: 0, id: UInt64(max(0, lastID))).encoded(ledger: identity, query: body.canonical),
                hasMore: hasMore, notificationHistory: items)
        }
        return .json(answer)
    }
}

/// `NotificationHistoryRequest`, checked.
struct NotificationHistoryRequest: Sendable {
    var start: Date
    var end: Date
    var type: NotificationType?
    var subtype: NotificationSubtype?
    var transactionID: UInt64?
    var onlyFailures: Bool
    /// What a pagination token is bound to: the body's fields, in one order.
    var canonical: String

    init(_ body: Data) throws(APIError) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: body) else {
            throw .generalBadRequest("The body is not a JSON object (NotificationHistoryRequest).")
        }
        guard let start = fields.startDate, start >= 0 else { throw .invalidStartDate(fields.startDate.map(String.init) ?? fields.shown(.startDate)) }
        guard let end = fields.endDate, end >= 0 else { throw .invalidEndDate(fields.endDate.map(String.init) ?? fields.shown(.endDate)) }
        guard start < end else { throw .startDateAfterEndDate(start, end) }
        if let type = fields.notificationType {
            guard NotificationType.all.map(\.rawValue).contains(type) else { throw .invalidNotificationType(type) }
            self.type = NotificationType(rawValue: type)
        }
        if let subtype = fields.notificationSubtype {
            guard NotificationSubtype.all.map(\.rawValue).contains(subtype) else {
                throw APIError(status: 400, code: 4000018, message: "Invalid notification subtype: \(APIError.quoted(subtype)).")
            }
            self.subtype = NotificationSubtype(rawValue: subtype)
        }
        if let id = fields.transactionId {
            guard fields.notificationType == nil && fields.notificationSubtype == nil else {
                throw .multipleFiltersSupplied("transactionId and notificationType were both given.")
            }
            guard let number = try? AppStoreServerAPI.transactionID(id, orElse: APIError.invalidTransactionID) else {
                throw .invalidTransactionID(id)
            }
            transactionID = number
        }
        self.start = Date(timeIntervalSince1970: Double(start) / 1000)
        self.end = Date(timeIntervalSince1970: Double(end) / 1000)
        onlyFailures = fields.onlyFailures ?? false
        canonical = "history?\(start)&\(end)&\(fields.notificationType ?? "")&\(fields.notificationSubtype ?? "")&\(fields.transactionId ?? "")&\(onlyFailures)"
    }

    /// The body's fields. A date that is not a whole number an Int64 holds (1e308, 2^63) reads
    /// as absent, so it gets its date's error, not the body's.
    private struct Fields: Decodable {
        var startDate: Int64?
        var endDate: Int64?
        var notificationType: String?
        var notificationSubtype: String?
        var transactionId: String?
        var onlyFailures: Bool?
        var given: Set<String> = []

        enum CodingKeys: String, CodingKey {
            case startDate, endDate, notificationType, notificationSubtype, transactionId, onlyFailures
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            startDate = try? container.decodeIfPresent(Int64.self, forKey: .startDate)
            endDate = try? container.decodeIfPresent(Int64.self, forKey: .endDate)
            notificationType = try container.decodeIfPresent(String.self, forKey: .notificationType)
            notificationSubtype = try container.decodeIfPresent(String.self, forKey: .notificationSubtype)
            transactionId = try container.decodeIfPresent(String.self, forKey: .transactionId)
            onlyFailures = try container.decodeIfPresent(Bool.self, forKey: .onlyFailures)
            given = Set(container.allKeys.map(\.stringValue))
        }

        /// How an absent or unreadable date is named in its error.
        func shown(_ key: CodingKeys) -> String { given.contains(key.stringValue) ? "not a whole number" : "none" }
    }
}

struct SendTestNotificationResponse: Encodable {
    var testNotificationToken: String
}

struct CheckTestNotificationResponse: Encodable {
    var signedPayload: String
    var sendAttempts: [SendAttemptItem]
}

struct NotificationHistoryResponse: Encodable {
    var paginationToken: String
    var hasMore: Bool
    var notificationHistory: [NotificationHistoryResponseItem]
}

struct NotificationHistoryResponseItem: Encodable {
    var signedPayload: String
    var sendAttempts: [SendAttemptItem]
}

struct SendAttemptItem: Encodable {
    var attemptDate: Int64
    var sendAttemptResult: String

    init(_ attempt: SendAttempt) {
        attemptDate = milliseconds(attempt.attemptDate)
        sendAttemptResult = attempt.result.rawValue
    }
}
