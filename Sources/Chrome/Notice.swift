/// How a result reads: its colour on the message row and in alerts.
public enum MessageTone: String, Sendable, Hashable {
    case success, info, warning, error
}

/// A result worded already, with its colour: what another feature (the control room) hands
/// the message row through the app.
public struct Notice: Sendable, Hashable {
    public var title: String
    public var body: String
    public var tone: MessageTone

    public init(title: String, body: String, tone: MessageTone) {
        self.title = title
        self.body = body
        self.tone = tone
    }

    /// "Title: sentence" for one-line places (the message row).
    package var oneLine: String { "\(title): \(body)" }
}
