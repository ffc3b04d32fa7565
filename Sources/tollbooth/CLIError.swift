import ArgumentParser
import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// A mistake a person made on the command line: printed as one sentence, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    /// The sentence starts with the place in a file it is about (`FILE:LINE:COLUMN: error: …`),
    /// as compilers and `check` print one, so it is printed without "Error: " before it.
    var isLocated = false
    init(_ description: String) { self.description = description }

    /// A catalog that cannot be loaded: `FILE:LINE:COLUMN: error: problem — fix.`, or
    /// `FILE: error: the file problem; fix.` when the problem is the whole file's.
    init(_ error: CatalogError) {
        let file = SourceText.path(error.file)
        if let line = error.line, let column = error.column {
            description = "\(file):\(line):\(column): error: \(error.problem) — \(error.fix)."
        } else {
            description = "\(file): error: the file \(error.problem); \(error.fix)."
        }
        isLocated = true
    }

    /// What the terminal shows: the sentence, after "Error: " unless it names its place.
    var printed: String { isLocated ? description : "Error: \(description)" }
}

/// Runs `body`, turning the store's own errors into one clear sentence. `store`: the ledger the
/// body acts on, so that a StoreKit error cites the injected faults only when one is armed.
func userFacing<T>(faultsOf store: Store? = nil, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as CatalogError {
        throw CLIError(error)
    } catch let error as LedgerError {
        throw CLIError(error.description)
    } catch let error as StoreOperationError {
        throw CLIError(error.description)
    } catch let error as PaywallSetupError {
        throw CLIError(error.description)
    } catch let error as TerminalError {
        throw CLIError(error.description)
    } catch let error as StoreKitError {
        throw await storeAnswered("StoreKitError", "\(error)", faultsOf: store)
    } catch let error as ServerSideError {
        throw CLIError(error.description)
    } catch let error as PurchaseError {
        throw await storeAnswered("Product.PurchaseError", "\(error)", faultsOf: store)
    }
}

/// "the store answered Product.PurchaseError.ineligibleForOffer", with the fault list as the
/// lead when a fault is armed on the ledger, else the store's own rule where one explains it
/// (pointing at faults that are not there sends a person the wrong way).
private func storeAnswered(_ type: String, _ error: String, faultsOf store: Store?) async -> CLIError {
    let sentence = "the store answered \(type).\(error)"
    if let store, let faults = try? await store.snapshot().faults, !faults.isEmpty {
        return CLIError(sentence + " (a fault is armed on this ledger: `tollbooth fault list` shows it)")
    }
    let rules = [
        "ineligibleForOffer": "the account may not use this offer (a promotional offer is for current and past subscribers, a win-back offer for expired ones, an offer code for the customers it names)",
        "invalidOfferIdentifier": "the product has no offer of that id and kind",
        "purchaseNotAllowed": "the account may not make payments (`tollbooth fault list` shows the paymentsDisabled switch)",
    ]
    return CLIError(sentence + (rules[error].map { ": \($0)" } ?? ""))
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
