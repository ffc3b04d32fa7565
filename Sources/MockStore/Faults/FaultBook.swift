import Foundation
import GRDB

/// The injected faults kept in the ledger, and the rule for whether one fires on a call.
enum FaultBook {
    static func all(_ db: Database) throws -> [FaultRule] {
        let rows = try Row.fetchAll(cached: db, sql: "SELECT * FROM faults")
        let rules: [FaultRule] = rows.compactMap { row in
            guard let api = FailableAPI(rawValue: row["api"]),
                  let error = InjectedError(name: row["error"]),
                  let mode = try? JSONDecoder().decode(FaultRule.Mode.self, from: Data((row["mode"] as String).utf8))
            else { return nil }
            return FaultRule(api: api, error: error, mode: mode, latencyMilliseconds: row["latencyMs"])
        }
        return rules.sorted { FailableAPI.allCases.firstIndex(of: $0.api)! < FailableAPI.allCases.firstIndex(of: $1.api)! }
    }

    static func set(_ rule: FaultRule, in context: LedgerContext) throws {
        guard rule.api.allowedErrors.contains(rule.error) else {
            let valid = rule.api.allowedErrors.map(\.description).joined(separator: ", ")
            throw StoreOperationError("\(rule.error) cannot be injected into \(rule.api); valid errors for it: \(valid)")
        }
        let mode = String(decoding: try JSONEncoder().encode(rule.mode), as: UTF8.self)
        try context.db.run(
            sql: "INSERT OR REPLACE INTO faults (api, error, mode, latencyMs, draws) VALUES (?, ?, ?, ?, 0)",
            arguments: [rule.api.rawValue, rule.error.description, mode, rule.latencyMilliseconds])
        try context.log(.faultChanged, detail: "set \(rule.summary)")
    }

    static func clear(_ api: FailableAPI?, in context: LedgerContext) throws {
        if let api {
            try context.db.run(sql: "DELETE FROM faults WHERE api = ?", arguments: [api.rawValue])
        } else {
            try context.db.run(sql: "DELETE FROM faults")
        }
        try context.log(.faultChanged, detail: "cleared \(api?.rawValue ?? "all faults")")
    }

    /// Decides whether this call to `api` fails, spending `times` faults and advancing the seeded
    /// draw. Logs `faultFired` when it does. Returns the error (if any) and the added latency.
    static func draw(_ api: FailableAPI, in context: LedgerContext, device: String?) throws -> FaultDraw {
        guard let row = try Row.fetchOne(cached: context.db, sql: "SELECT * FROM faults WHERE api = ?", arguments: [api.rawValue]),
              let error = InjectedError(name: row["error"]),
              let mode = try? JSONDecoder().decode(FaultRule.Mode.self, from: Data((row["mode"] as String).utf8))
        else { return .none }
        let latency: Int = row["latencyMs"]
        let draws: Int = row["draws"]
        let fires: Bool
        switch mode {
        case .always:
            fires = true
        case .times(let remaining):
            fires = remaining > 0
            if remaining <= 1 {
                try context.db.run(sql: "DELETE FROM faults WHERE api = ?", arguments: [api.rawValue])
            } else {
                let next = String(decoding: try JSONEncoder().encode(FaultRule.Mode.times(remaining: remaining - 1)), as: UTF8.self)
                try context.db.run(sql: "UPDATE faults SET mode = ? WHERE api = ?", arguments: [next, api.rawValue])
            }
        case .latencyOnly:
            fires = false
        case .probability(let p, let seed):
            var generator = SplitMix64(seed: seed &+ UInt64(draws) &* 0x9E37_79B9_7F4A_7C15)
            fires = Double(generator.next() >> 11) / Double(1 << 53) < p
            try context.db.run(sql: "UPDATE faults SET draws = draws + 1 WHERE api = ?", arguments: [api.rawValue])
        }
        if fires {
            try context.log(.faultFired, device: device, detail: "\(api) → \(error)")
        }
        return FaultDraw(error: fires ? error : nil, latencyMilliseconds: latency)
    }
}

/// A tiny, fast, seedable generator so probability faults repeat run after run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
