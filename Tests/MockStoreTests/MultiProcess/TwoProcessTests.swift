import Foundation
import MockStore
import TestSupport
import Testing

/// B13/S14 across OS processes: the real `tollbooth` CLI, run as a second process on the same
/// ledger file, buys and refunds; this process's running `Store` hears it on `updates`.
@Suite("Two processes on one ledger file")
struct TwoProcessTests {
    /// The `tollbooth` executable `swift build` puts next to the test bundle.
    static let tollbooth: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tollbooth")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let debug = root.appendingPathComponent(".build/debug/tollbooth")
        return [beside, debug].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// A small Xcode-format catalog: a lifetime unlock and a monthly subscription.
    static let catalogJSON = """
        {
          "identifier" : "TWOPROC1",
          "nonRenewingSubscriptions" : [],
          "products" : [
            {
              "displayPrice" : "9.99", "familyShareable" : false, "internalID" : "11111111",
              "localizations" : [ { "description" : "Everything, forever", "displayName" : "Lifetime", "locale" : "en_US" } ],
              "productID" : "app.lifetime", "referenceName" : "Lifetime", "type" : "NonConsumable"
            }
          ],
          "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
          "subscriptionGroups" : [
            {
              "id" : "22222222", "localizations" : [], "name" : "Pro",
              "subscriptions" : [
                {
                  "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "2.99", "familyShareable" : false,
                  "groupNumber" : 1, "internalID" : "33333333", "introductoryOffer" : null,
                  "localizations" : [ { "description" : "Pro features", "displayName" : "Pro Monthly", "locale" : "en_US" } ],
                  "productID" : "app.pro.monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Pro Monthly",
                  "subscriptionGroupID" : "22222222", "type" : "RecurringSubscription"
                }
              ]
            }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """

    /// Runs `tollbooth ARGS` to completion; returns stdout, or records stderr on failure.
    static func run(_ arguments: [String], in directory: URL) async throws -> String {
        let process = Process()
        process.executableURL = tollbooth
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = directory.path
        environment["HOME"] = directory.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "tollbooth \(arguments.joined(separator: " ")) failed: \(stderr)")
        return stdout
    }

    static func decode(_ json: String) throws -> Transaction {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Transaction.self, from: Data(json.utf8))
    }

    @Test("a purchase and a refund made by another process reach this process's updates",
          .enabled(if: tollbooth != nil, "needs the tollbooth executable: run `swift build` (it builds .build/debug/tollbooth)"),
          .timeLimit(.minutes(1)))
    func cliPurchaseArrives() async throws {
        let folder = try TemporaryFolder("2proc")
        defer { folder.remove() }
        let directory = folder.url
        let catalogPath = directory.appendingPathComponent("Products.storekit").path
        let ledgerPath = directory.appendingPathComponent("ledger.sqlite").path
        try Self.catalogJSON.write(toFile: catalogPath, atomically: true, encoding: .utf8)

        // This process: a running app with the real clock and polling, as `tollbooth run` would be.
        let store = try Store(catalog: try CatalogLoader.load(path: catalogPath), ledger: try Ledger.open(path: ledgerPath),
                              device: "iphone")
        let updates = Collected(store.updates)
        let statuses = Collected(store.statusUpdates)
        let common = ["--ledger", ledgerPath, "--catalog", catalogPath, "--json"]

        let lifetime = try Self.decode(try await Self.run(["txn", "buy", "app.lifetime"] + common, in: directory))
        let first = await updates.wait(for: 1).map(\.unsafePayloadValue)
        #expect(first.map(\.id) == [lifetime.id], "the other process's purchase arrives on updates (B13)")
        #expect(first.first?.productID == "app.lifetime")
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.productID) == ["app.lifetime"])

        let monthly = try Self.decode(try await Self.run(["txn", "buy", "app.pro.monthly", "--device", "ipad"] + common, in: directory))
        let second = await updates.wait(for: 2).map(\.unsafePayloadValue)
        #expect(second.last?.id == monthly.id)
        #expect(second.last?.device == "ipad")
        #expect(await statuses.wait(for: 1).last?.state == .subscribed)

        _ = try await Self.run(["txn", "refund", String(lifetime.id)] + common.dropLast(), in: directory)
        let third = await updates.wait(for: 3).map(\.unsafePayloadValue)
        #expect(third.last?.id == lifetime.id)
        #expect(third.last?.revocationDate != nil, "the refund arrives as the revoked transaction (B8)")
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.productID) == ["app.pro.monthly"])
        await store.close()
    }
}
