import Chrome
import Foundation
import TerminalUI

/// Reads `Set NAME VALUE`.
struct SettingReader {
    var tokens: [ScenarioToken]
    var fail: (Int, String) -> ScenarioError

    static let names = ["Catalog", "Manifest", "Locale", "Storefront", "Theme", "Size", "Device", "Rate",
                        "TypingSpeed", "Title", "StoreDate"]

    func setting() throws -> ScenarioSetting {
        guard tokens.count >= 2 else { throw fail(tokens[0].column, "Set needs a name and a value, e.g. Set Size 80x24") }
        let name = tokens[1]
        guard Self.names.contains(name.text) else {
            throw fail(name.column, "unknown setting \(ScenarioText.quoted(name.text)): Set takes " + Self.names.joined(separator: ", ")
                       + NearestWord.hint(name.text, in: Self.names))
        }
        guard tokens.count >= 3 else { throw fail(name.column, "Set \(name.text) needs a value after it") }
        guard tokens.count == 3 else {
            throw fail(tokens[3].column, "unexpected \(ScenarioText.quoted(tokens[3].text)): Set \(name.text) takes one value (quote it if it has spaces)")
        }
        let value = tokens[2]
        let text = value.text
        guard !text.isEmpty else { throw fail(value.column, "Set \(name.text) needs a value between the quotes") }
        switch name.text {
        case "Catalog": return .catalog(text)
        case "Manifest": return .manifest(text)
        case "Locale":
            guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "-") }) else {
                throw fail(value.column, "a locale is written like en_US or ja_JP, not \(ScenarioText.quoted(text))")
            }
            return .locale(text)
        case "Storefront":
            guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw fail(value.column, "a storefront is a three-letter code in capitals such as USA or JPN, not \(ScenarioText.quoted(text))")
            }
            return .storefront(text)
        case "Theme": return .theme(text)
        case "Size": return .size(try size(value))
        case "Device":
            guard text.count <= 64, text.allSatisfy({ !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else {
                throw fail(value.column, "a device name is at most 64 printable characters")
            }
            return .device(text)
        case "Rate": return .rate(text)
        case "TypingSpeed": return .typingSpeed(try LineReader(tokens: tokens, fail: fail).duration(value))
        case "Title": return .title(text)
        default: return .storeDate(try date(value))
        }
    }

    private func size(_ token: ScenarioToken) throws -> Size {
        let parts = token.text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (20...1000).contains(width), (8...1000).contains(height) else {
            throw fail(token.column, "a size is WIDTHxHEIGHT between 20x8 and 1000x1000, e.g. 80x24, not \(ScenarioText.quoted(token.text))")
        }
        return Size(width: width, height: height)
    }

    private func date(_ token: ScenarioToken) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: token.text) { return date }
        formatter.formatOptions = [.withFullDate]
        if let date = formatter.date(from: token.text) { return date }
        throw fail(token.column, "a store date is ISO 8601, e.g. 2026-01-01T09:00:00Z or 2026-01-01, not \(ScenarioText.quoted(token.text))")
    }
}
