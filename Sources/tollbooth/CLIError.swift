import ArgumentParser
import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

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
    } catch let error as PaywallSetupError {
        throw CLIError(error.description)
    } catch let error as TerminalError {
        throw CLIError(error.description)
    } catch let error as StoreKitError {
        throw CLIError("the store answered StoreKitError.\(error) (an injected fault; `tollbooth fault list` shows them)")
    } catch let error as ServerSideError {
        throw CLIError(error.description)
    } catch let error as PurchaseError {
        throw CLIError("the store answered Product.PurchaseError.\(error) (`tollbooth fault list` shows injected faults)")
    }
}

/// Prints values as pretty JSON with ISO-8601 dates (for scripts), controls escaped.
func printJSON<T: Encodable>(_ value: T) throws {
    say(try TerminalSafeOutput.json(value))
}

/// Left-aligned columns, padded by display width so Japanese names line up.
/// Cells are sanitised first, so a hostile name can neither escape nor skew the columns.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = ([header] + rows).map { $0.map { SafeText($0).string } }
    var widths = Array(repeating: 0, count: header.count)
    for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TextWidth.of(cell)) } }
    return all.map { row in
        row.enumerated().map { i, cell in
            i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - TextWidth.of(cell))
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}

/// A UTC Gregorian calendar: reading components is cheap, unlike building a formatter per table cell.
private let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// `2026-01-31 09:00:00` in UTC: store time in CLI output.
func stamp(_ date: Date?) -> String {
    guard let date else { return "-" }
    let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
}
