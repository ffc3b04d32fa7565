import ArgumentParser
import MockStore

/// A transaction named on the command line: its id, or `last` for the newest one, so a script
/// (or a scenario's `Store txn refund last`) need not look the id up first.
enum TransactionRef: ExpressibleByArgument, Sendable {
    case id(UInt64)
    case last

    init?(argument: String) {
        if argument == "last" {
            self = .last
        } else if let id = UInt64(argument) {
            self = .id(id)
        } else {
            return nil
        }
    }

    /// The id, looked up in the session's transaction when it is `last`.
    func resolve(in session: AdminSession) throws -> UInt64 {
        switch self {
        case .id(let id): return id
        case .last:
            guard let newest = try session.transactions(limit: 1).last else {
                throw StoreOperationError("there are no transactions yet, so `last` names none")
            }
            return newest.id
        }
    }
}
