import TerminalUI

/// The first line of an asciicast v2 file (docs/terminal.md §2.1): the terminal's size, and
/// optionally a title, a start timestamp and the idle limit players should apply.
///
/// It carries no wall-clock time unless one is given, so the same frames at the same times give
/// the same bytes.
public struct AsciicastHeader: Sendable, Equatable {
    public var size: Size
    public var title: String?
    /// Unix seconds of the start; left out unless given.
    public var timestamp: Int?
    /// Gaps longer than this many seconds were (or should be) shortened to it.
    public var idleTimeLimit: Double?

    public init(size: Size, title: String? = nil, timestamp: Int? = nil, idleTimeLimit: Double? = nil) {
        self.size = size
        self.title = title
        self.timestamp = timestamp
        self.idleTimeLimit = idleTimeLimit
    }

    /// The header as one JSON line (no newline), keys in a fixed order.
    public var json: String {
        var fields = ["\"version\": 2", "\"width\": \(size.width)", "\"height\": \(size.height)"]
        if let timestamp { fields.append("\"timestamp\": \(timestamp)") }
        if let idleTimeLimit { fields.append("\"idle_time_limit\": \(AsciicastFormat.shortSeconds(idleTimeLimit))") }
        if let title { fields.append("\"title\": \(AsciicastFormat.jsonString(title))") }
        fields.append("\"env\": {\"TERM\": \"xterm-256color\"}")
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

/// How numbers and strings are spelled in a cast, fixed so output is byte-for-byte repeatable.
public enum AsciicastFormat {
    /// A time in seconds with exactly six decimals (`1.250000`); negative and non-finite values
    /// are written as 0, and values past 100,000 years as 100,000 years (the microseconds
    /// must fit an Int64).
    public static func seconds(_ value: Double) -> String {
        let v = value.isFinite ? min(max(0, value), 3_155_760_000_000) : 0
        let micros = Int64((v * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// Seconds without trailing zeros, keeping one decimal (`2.0`, `0.5`).
    static func shortSeconds(_ value: Double) -> String {
        var text = seconds(value)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    /// A JSON string literal. Every control character (C0, DEL, C1) and the line and paragraph
    /// separators are `\u` escapes, so a cast shown raw in a terminal obeys nothing in it.
    public static func jsonString(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
