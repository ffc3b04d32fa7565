import Foundation
import MockStore
import TestSupport
import Testing

/// §2.5 time-rate table, and B16 (a new rate never moves dates already computed).
@Suite("Lifecycle: time rates")
struct TimeRateTests {
    typealias F = StoreFixtures
    static let minute = 60.0, hour = 3600.0, day = 86400.0

    static let periods: [SubscriptionPeriod] = [
        .weekly, .monthly, SubscriptionPeriod(value: 2, unit: .month), SubscriptionPeriod(value: 3, unit: .month),
        SubscriptionPeriod(value: 6, unit: .month), .yearly,
    ]

    /// Rows of the table with documented figures: 1 wk, 1 mo, 2 mo, 3 mo, 6 mo, 1 yr (nil = "—").
    static let table: [(TimeRate, [Double?])] = [
        (.monthlyRenewalEveryHour, [15 * minute, hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour]),
        (.monthlyRenewalEveryThirtyMinutes, [10 * minute, 30 * minute, hour, 90 * minute, 3 * hour, 6 * hour]),
        (.monthlyRenewalEveryFifteenMinutes, [nil, 15 * minute, nil, nil, nil, nil]),
        (.monthlyRenewalEveryFiveMinutes, [3 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute, hour]),
        (.monthlyRenewalEveryThirtySeconds, [10, 30, minute, 90, 3 * minute, 6 * minute]),
        (.oneRenewalEveryFifteenMinutes, Array(repeating: 15 * minute, count: 6)),
        (.oneRenewalEveryFiveMinutes, Array(repeating: 5 * minute, count: 6)),
        (.oneRenewalEveryMinute, Array(repeating: minute, count: 6)),
        (.oneRenewalEveryThirtySeconds, Array(repeating: 30, count: 6)),
        (.oneRenewalEveryTenSeconds, Array(repeating: 10, count: 6)),
        (.oneRenewalEveryTwoSeconds, Array(repeating: 2, count: 6)),
    ]

    @Test("period durations match the §2.5 table", arguments: table.map(\.0))
    func durations(rate: TimeRate) throws {
        let row = try #require(Self.table.first { $0.0 == rate }?.1)
        for (period, expected) in zip(Self.periods, row) {
            guard let expected else { continue }
            #expect(rate.duration(of: period) == expected, "\(rate) \(period)")
            #expect(rate.end(of: period, from: F.start) == F.start.addingTimeInterval(expected))
        }
    }

    @Test("real time uses calendar periods from the purchase date")
    func realTime() {
        let rate = TimeRate.realTime
        #expect(rate.end(of: .weekly, from: F.start) == F.start.addingTimeInterval(7 * Self.day))
        // 31 January + 1 month = 28 February (2026 is not a leap year).
        #expect(rate.end(of: .monthly, from: F.start) == F.start.addingTimeInterval(28 * Self.day))
        #expect(rate.end(of: SubscriptionPeriod(value: 3, unit: .month), from: F.start) == F.start.addingTimeInterval((28 + 31 + 30) * Self.day))
        #expect(rate.end(of: .yearly, from: F.start) == F.start.addingTimeInterval(365 * Self.day))
        #expect(rate.isRealTime)
    }

    @Test("grace and billing retry where §2.5 gives figures")
    func graceAndRetry() {
        let monthly = SubscriptionPeriod.monthly, weekly = SubscriptionPeriod.weekly
        #expect(TimeRate.realTime.gracePeriod(for: weekly) == 6 * Self.day)
        #expect(TimeRate.realTime.gracePeriod(for: monthly) == 16 * Self.day)
        #expect(TimeRate.realTime.gracePeriod(for: .yearly) == 16 * Self.day)
        #expect(TimeRate.realTime.billingRetryPeriod(for: monthly) == 60 * Self.day)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.gracePeriod(for: weekly) == 9)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.gracePeriod(for: monthly) == 15)
        #expect(TimeRate.monthlyRenewalEveryThirtySeconds.billingRetryPeriod(for: monthly) == 60)
        let fixed: [(TimeRate, Double, Double)] = [
            (.oneRenewalEveryFifteenMinutes, 15 * Self.minute, 30 * Self.minute),
            (.oneRenewalEveryFiveMinutes, 5 * Self.minute, 10 * Self.minute),
            (.oneRenewalEveryMinute, Self.minute, 2 * Self.minute),
            (.oneRenewalEveryThirtySeconds, 30, Self.minute),
            (.oneRenewalEveryTenSeconds, 10, 20),
            (.oneRenewalEveryTwoSeconds, 2, 4),
        ]
        for (rate, grace, retry) in fixed {
            for period in Self.periods {
                #expect(rate.gracePeriod(for: period) == grace, "\(rate) grace")
                #expect(rate.billingRetryPeriod(for: period) == retry, "\(rate) retry")
            }
        }
        // Undocumented cells scale with the rate: shorter than real time, still positive.
        let scaled = TimeRate.monthlyRenewalEveryHour.gracePeriod(for: monthly)
        #expect(scaled > 0 && scaled < Self.hour)
    }

    @Test("rates parse from names, raw values and aliases")
    func parsing() {
        #expect(TimeRate(name: "monthlyRenewalEveryHour") == .monthlyRenewalEveryHour)
        #expect(TimeRate(name: "MONTHLYRENEWALEVERYHOUR") == .monthlyRenewalEveryHour)
        #expect(TimeRate(name: "13") == .monthlyRenewalEveryFiveMinutes)
        #expect(TimeRate(name: "1005") == .oneRenewalEveryTwoSeconds)
        #expect(TimeRate(name: "30s") == .monthlyRenewalEveryThirtySeconds)
        #expect(TimeRate(name: "real") == .realTime)
        #expect(TimeRate(name: "14") == nil, "raw 14 is unused")
        #expect(TimeRate(name: "fast") == nil)
    }

    @Test("B16: a new rate does not move computed expiries; the next period uses it")
    func rateChange() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        _ = try await store.admin { try $0.setRate(.monthlyRenewalEveryHour) }
        #expect(try await store.snapshot().timeRate == .monthlyRenewalEveryHour)
        let status = try await Life.status(store)
        #expect(status.renewalInfo.renewalDate == expiry, "the current period keeps its end")
        #expect(try await Life.transaction(store, tx.id)?.expirationDate == expiry)

        let updates = Collected(store.updates)
        await Life.move(store, clock, to: expiry.addingTimeInterval(1))
        let renewal = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(renewal.purchaseDate == expiry)
        #expect(renewal.expirationDate == expiry.addingTimeInterval(Self.hour), "the next period is an hour")
        // And back: the hour-long period keeps its end; the one after is a calendar month.
        _ = try await store.admin { try $0.setRate(.realTime) }
        await Life.move(store, clock, to: expiry.addingTimeInterval(Self.hour + 1))
        let next = try #require(await updates.wait(for: 2).last?.unsafePayloadValue)
        #expect(next.purchaseDate == expiry.addingTimeInterval(Self.hour))
        #expect(next.expirationDate == SubscriptionPeriod.monthly.advance(next.purchaseDate))
    }

    @Test("a compressed rate renews one transaction per elapsed period")
    func compressedRenewals() async throws {
        let (store, _, clock) = try F.device()
        _ = try await store.admin { try $0.setRate(.oneRenewalEveryTenSeconds) }
        let tx = try await Life.buy(store, F.yearly) // trial: also 10 s at this rate
        #expect(tx.expirationDate == tx.purchaseDate.addingTimeInterval(10))
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: F.start.addingTimeInterval(55))
        let renewals = await updates.wait(for: 5).map(\.unsafePayloadValue)
        #expect(renewals.count == 5)
        #expect(renewals.map { $0.purchaseDate.timeIntervalSince(F.start) } == [10, 20, 30, 40, 50])
    }
}
