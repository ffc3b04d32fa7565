import ArgumentParser
import MockStore

/// A transaction named on the command line: its id, or `last` for the newest one, so a script
/// (or a scenario's `Store txn refund last`) need not look the id up first.
enum TransactionRef: ExpressibleByArgument, Sendable {
    case id(UInt64)
    case last
    /// Digits that are no id the ledger can hold: refused with a sentence when the command
    /// runs (`resolve`), rather than with the parser's generic "invalid value".
    case outOfRange(String)

    init?(argument: String) {
        if argument == "last" {
            self = .last
        } else {
            switch LedgerID.parse(argument) {
            case .id(let id): self = .id(id)
            case .tooLarge: self = .outOfRange(argument)
            case .notANumber: return nil
            }
        }
    }

    /// The id, looked up in the session's transaction when it is `last`.
    func resolve(in session: AdminSession) throws -> UInt64 {
        switch self {
        case .id(let id): return id
        case .outOfRange(let text): throw StoreOperationError(LedgerID.tooLarge(text, what: "transaction"))
        case .last:
            guard let newest = try session.transactions(limit: 1).last else {
                throw StoreOperationError("there are no transactions yet, so `last` names none")
            }
            return newest.id
        }
    }

    /// Fails with the sentence for an id out of range, before anything is opened.
    func check() throws {
        if case .outOfRange(let text) = self { throw CLIError(LedgerID.tooLarge(text, what: "transaction")) }
    }
}

/// A transaction or pending-purchase id typed by a person. The ledger keeps ids as SQLite
/// integers (signed 64-bit), so an id above `Int64.max` names nothing and must never reach the
/// store's conversions, which would trap.
enum LedgerID {
    enum Parsed: Equatable {
        case id(UInt64)
        /// Digits, but more than any id.
        case tooLarge
        case notANumber
    }

    static func parse(_ text: String) -> Parsed {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return .notANumber }
        guard let value = Int64(text) else { return .tooLarge }
        return .id(UInt64(value))
    }

    /// The id in `text`, or a `CLIError` sentence naming what is wrong with it.
    static func argument(_ text: String, what: String) throws -> UInt64 {
        switch parse(text) {
        case .id(let id): return id
        case .tooLarge: throw CLIError(tooLarge(text, what: what))
        case .notANumber: throw CLIError("\(SourceText.quoted(text, limit: 40)) is not a \(what) id: ids are whole numbers; `tollbooth txn list` shows them")
        }
    }

    static func tooLarge(_ text: String, what: String) -> String {
        "\(SourceText.quoted(text, limit: 40)) is larger than any \(what) id (at most \(Int64.max)); `tollbooth txn list` shows the ids"
    }
}
