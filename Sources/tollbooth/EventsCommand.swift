import ArgumentParser
import Foundation
import MockStore

/// `tollbooth events [--follow]`: the store's event log, with store time.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "Print the store's event log; --follow keeps printing new events.")

    @OptionGroup var options: LedgerOptions
    @Flag(help: "Keep printing events as they happen, until interrupted.") var follow = false
    @Option(help: "Show only the newest N events.") var last: Int?

    func run() async throws {
        let store = try await options.openStore(reading: true)
        var events = try await userFacing { try await store.admin { try $0.events() } }
        if let last { events = Array(events.suffix(last)) }
        for event in events { try emit(event) }
        guard follow else { return }
        var cursor = events.last?.id ?? 0
        while true {
            try await Task.sleep(for: .milliseconds(25))
            let after = cursor
            let fresh = try await userFacing { try await store.admin { try $0.events(after: after) } }
            for event in fresh { try emit(event); cursor = event.id }
        }
    }

    /// One encoder for every event (`--follow` prints one every few milliseconds).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func emit(_ event: StoreEvent) throws {
        if options.json {
            say(try TerminalSafeOutput.json(event, encoder: Self.encoder))
        } else {
            let delivery = event.deliversTransaction ? " → updates" : event.statusGroupID != nil ? " → status" : ""
            let who = event.device.map { " [\($0)]" } ?? ""
            say("\(stamp(event.storeTime))  \(event.kind.rawValue)\(who)\(delivery)  \(event.detail)")
        }
    }
}
