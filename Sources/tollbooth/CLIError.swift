import ArgumentParser
import Foundation
import MockStore

/// A mistake a person made on the command line: printed as one sentence, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, turning the store's own errors into one clear sentence.
func userFacing<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as CatalogError {
        throw CLIError(error.description)
    } catch let error as LedgerError {
        throw CLIError(error.description)
    } catch let error as StoreOperationError {
        throw CLIError(error.description)
    } catch let error as StoreKitError {
        throw CLIError("the store answered StoreKitError.\(error) (an injected fault; `tollbooth fault list` shows them)")
    } catch let error as PurchaseError {
        throw CLIError("the store answered Product.PurchaseError.\(error) (`tollbooth fault list` shows injected faults)")
    }
}

/// Prints values as pretty JSON with ISO-8601 dates (for scripts).
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Left-aligned columns, padded by display width so Japanese names line up.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    var widths = Array(repeating: 0, count: header.count)
    for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], displayWidth(cell)) } }
    return all.map { row in
        row.enumerated().map { i, cell in
            i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - displayWidth(cell))
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}

/// Terminal cell width of plain text: East Asian wide characters count two.
func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { sum, scalar in
        let v = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || v == 0xFE0F || v == 0x200D { return sum }
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
        return sum + (wide ? 2 : 1)
    }
}

/// `2026-01-31 09:00:00` in UTC: store time in CLI output.
func stamp(_ date: Date?) -> String {
    guard let date else { return "-" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
}

/// Flushes standard output so `events --follow` lines reach pipes at once.
func fflushStandardOutput() {
    fflush(nil)
}
