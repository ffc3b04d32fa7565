import Foundation
import Synchronization
import TerminalUI

/// Everything the CLI writes, on standard output or standard error, goes through here.
///
/// Product names, group names, localisation strings, device names in a shared ledger and the
/// command line itself may hold escape sequences (`ESC ] 52` writes the clipboard, `ESC [ 2 J`
/// clears the screen), C1 controls or bidi overrides. Text goes line by line through the same
/// sanitiser the paywall draws with (`SafeText`, docs/terminal.md §1.8), so the only control
/// byte that leaves is the program's own newline. JSON keeps every character but escapes each
/// control as `\u`, so a script reading it gets the exact value and a terminal showing it gets
/// nothing it would obey.
enum TerminalSafeOutput {
    /// Where `say` writes inside a scenario's `Store` line: kept, not printed.
    @TaskLocal static var captured: CapturedOutput?

    /// Writes `text` and a newline to standard output (or to `captured`).
    static func say(_ text: String) {
        if let captured {
            captured.append(safeLines(text) + "\n")
            return
        }
        FileHandle.standardOutput.write(Data((safeLines(text) + "\n").utf8))
    }

    /// Writes `text` and a newline to standard error.
    static func complain(_ text: String) {
        FileHandle.standardError.write(Data((safeLines(text) + "\n").utf8))
    }

    /// `text` with each line sanitised; the line breaks themselves are kept.
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { SafeText(String($0)).string }
            .joined(separator: "\n")
    }

    /// Pretty JSON with ISO-8601 dates, sorted keys, and every control escaped.
    static func json<T: Encodable>(_ value: T, encoder: JSONEncoder = prettyEncoder()) throws -> String {
        escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// The encoder `json` uses by default; `events --json` makes a compact one.
    static func prettyEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Escapes what `JSONEncoder` leaves raw: DEL, C1 controls, bidi controls and the line and
    /// paragraph separators. They can only occur inside JSON strings, where `\uXXXX` means the
    /// same character, so the document decodes to the same values. C0 controls inside strings
    /// the encoder already escapes; the ones outside are the pretty-printer's own newlines.
    static func escapingControls(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar.value) {
                out.append(contentsOf: String(format: "\\u%04X", scalar.value).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ v: UInt32) -> Bool {
        switch v {
        case 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: return true
        default: return false
        }
    }
}

/// What a command printed while `TerminalSafeOutput.captured` was set.
final class CapturedOutput: Sendable {
    private let lines = Mutex("")
    func append(_ text: String) { lines.withLock { $0 += text } }
    var text: String { lines.withLock { $0 } }
}

/// `TerminalSafeOutput.say`: the CLI's `print`.
func say(_ text: String) { TerminalSafeOutput.say(text) }
