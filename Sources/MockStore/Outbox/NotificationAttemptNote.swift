/// What one attempt to send a notification did, as the event log records it (event kind
/// `notification`): the notification, the receiver's answer, and where its delivery stands.
///
/// The event's `detail` is this note's text, `#12 SUBSCRIBED INITIAL_BUY: HTTP 200, attempt 1,
/// delivered` (or `NO_RESPONSE` for an attempt that got no answer), which reads as it is in
/// `tollbooth events` and parses back for the control room.
public struct NotificationAttemptNote: Sendable, Hashable {
    public var notificationID: Int64
    public var type: NotificationType
    public var subtype: NotificationSubtype?
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?
    public var result: SendAttemptResult
    /// Which attempt this was (1 for the first).
    public var attempt: Int
    /// Where the notification stands after it.
    public var status: DeliveryStatus
    /// Why it was not sent at all (its URL cannot be POSTed to), when that is so.
    public var refused: String?

    public init(notificationID: Int64, type: NotificationType, subtype: NotificationSubtype?, httpStatus: Int?,
                result: SendAttemptResult, attempt: Int, status: DeliveryStatus, refused: String? = nil) {
        self.notificationID = notificationID
        self.type = type
        self.subtype = subtype
        self.httpStatus = httpStatus
        self.result = result
        self.attempt = attempt
        self.status = status
        self.refused = refused
    }

    /// `SUBSCRIBED INITIAL_BUY`, or the type alone.
    public var typeText: String { [type.rawValue, subtype?.rawValue].compactMap { $0 }.joined(separator: " ") }

    /// `HTTP 200`, or Apple's result for an attempt without an answer.
    public var answerText: String { httpStatus.map { "HTTP \($0)" } ?? result.rawValue }

    /// The event's detail; a refused attempt adds ` (not sent: REASON)`.
    public var text: String {
        "#\(notificationID) \(typeText): \(answerText), attempt \(attempt), \(status.rawValue)" + (refused.map { " (not sent: \($0))" } ?? "")
    }

    /// The note an event's detail holds, or nil for any other text.
    public init?(text: String) {
        guard text.hasPrefix("#"), let colon = text.firstIndex(of: ":") else { return nil }
        let head = text[text.index(after: text.startIndex)..<colon].split(separator: " ")
        let tail = text[text.index(after: colon)...].split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        guard head.count == 2 || head.count == 3, let id = Int64(head[0]), tail.count == 3,
              tail[1].hasPrefix("attempt "), let attempt = Int(tail[1].dropFirst("attempt ".count)) else { return nil }
        let (statusWord, rest) = (tail[2].prefix { $0 != " " }, tail[2].drop { $0 != " " })
        guard let status = DeliveryStatus(rawValue: String(statusWord)) else { return nil }
        if rest.hasPrefix(" (not sent: "), rest.hasSuffix(")") {
            refused = String(rest.dropFirst(" (not sent: ".count).dropLast())
        } else if rest.isEmpty {
            refused = nil
        } else {
            return nil
        }
        notificationID = id
        type = NotificationType(rawValue: String(head[1]))
        subtype = head.count == 3 ? NotificationSubtype(rawValue: String(head[2])) : nil
        if tail[0].hasPrefix("HTTP "), let code = Int(tail[0].dropFirst(5)) {
            httpStatus = code
            result = .forHTTPStatus(code)
        } else {
            httpStatus = nil
            result = SendAttemptResult(rawValue: tail[0])
        }
        self.attempt = attempt
        self.status = status
    }
}

extension StoreEvent {
    /// The delivery attempt a `notification` event records.
    public var notificationAttempt: NotificationAttemptNote? {
        kind == .notification ? NotificationAttemptNote(text: detail) : nil
    }
}
