import Foundation
import MockStore
import Synchronization

/// Every transaction's history facts, sorted as Get Transaction History pages through them
/// (by the date the App Store last changed each, then id), kept between requests and rebuilt
/// only when the ledger changed. A page is then a binary search and a walk of the filtered
/// entries, not a sort of the whole ledger in SQL (100,000 transactions: BENCHMARKS in the
/// server docs).
final class HistoryIndex: Sendable {
    private let cache = Mutex<(version: Int64, keys: [HistoryKey])?>(nil)

    /// The sorted keys as of `records`; built at most once per ledger version.
    func keys(in records: AccountRecords) throws -> [HistoryKey] {
        let version = try records.version()
        return try cache.withLock { cache in
            if let cache, cache.version == version { return cache.keys }
            let keys = try records.historyKeys().sorted { ($0.modifiedDate, $0.id) < ($1.modifiedDate, $1.id) }
            cache = (version, keys)
            return keys
        }
    }

    /// One page: up to `size` keys after `after` in the query's order that match it, and
    /// whether more match beyond them.
    static func page(of keys: [HistoryKey], query: HistoryQuery, after: PageToken?, size: Int) -> (keys: [HistoryKey], hasMore: Bool) {
        var found: [HistoryKey] = []
        found.reserveCapacity(size)
        if query.descending {
            // Down from the last key before the token's position.
            var index = after.map { token in firstIndex(in: keys) { sortKey($0) >= (token.key, token.id) } } ?? keys.count
            while index > 0 {
                index -= 1
                guard query.matches(keys[index]) else { continue }
                if found.count == size { return (found, true) }
                found.append(keys[index])
            }
        } else {
            var index = after.map { token in firstIndex(in: keys) { sortKey($0) > (token.key, token.id) } } ?? 0
            while index < keys.count {
                defer { index += 1 }
                guard query.matches(keys[index]) else { continue }
                if found.count == size { return (found, true) }
                found.append(keys[index])
            }
        }
        return (found, false)
    }

    static func sortKey(_ key: HistoryKey) -> (Double, UInt64) { (key.modifiedDate.timeIntervalSince1970, key.id) }

    /// The first index whose key satisfies `isAtOrAfter` (which is false, then true, along the
    /// sorted keys); `keys.count` if none.
    private static func firstIndex(in keys: [HistoryKey], where isAtOrAfter: (HistoryKey) -> Bool) -> Int {
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(keys[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
