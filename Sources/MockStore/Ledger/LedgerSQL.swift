import GRDB

// The engine's SQL goes through each connection's statement cache: compiling a statement
// (GRDB's authorizer works out the tables and columns it touches) cost more than running it,
// and a clock advance runs the same handful of statements thousands of times.

extension Database {
    /// Runs one SQL statement, compiled once per connection.
    func run(sql: String, arguments: StatementArguments = []) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}

extension Row {
    static func fetchOne(cached db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchAll(cached db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible {
    static func fetchOne(cached db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchAll(cached db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}
