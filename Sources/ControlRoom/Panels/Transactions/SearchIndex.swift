import Chrome
import Foundation
import MockStore

/// The searchable text of a chunk's rows (`TableChunk`), lower-cased (ASCII), in one
/// contiguous buffer separated by newlines: one pass of `memchr` per chunk finds a query in
/// 100,000 rows in a few milliseconds.
struct SearchIndex: Hashable, Sendable {
    var bytes: [UInt8] = []
    /// Where each row's text starts; `starts.count == rows.count`.
    var starts: [Int32] = []

    init() {}

    init(rows: [TransactionRow], contents: LedgerContents, maker: inout Maker) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 72)
        var starts: [Int32] = []
        starts.reserveCapacity(rows.count)
        for row in rows {
            starts.append(Int32(truncatingIfNeeded: bytes.count))
            switch row.source {
            case .transaction(let i): maker.append(row, transaction: contents.transactions[i], to: &bytes)
            case .pending(let i): maker.append(row, pending: contents.pending[i], to: &bytes)
            }
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The bytes of row `row`'s text, its newline included.
    func text(ofRow row: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[row])..<(row + 1 < starts.count ? Int(starts[row + 1]) : bytes.count)]
    }

    /// Makes rows' searchable text. Each product, device, type and state is folded once, not
    /// once per row.
    struct Maker {
        var productText: [String: [UInt8]] = [:], deviceText: [String: [UInt8]] = [:]
        var typeText: [ProductType: [UInt8]] = [:], stateText: [TransactionRowState: [UInt8]] = [:]
        let displayNames: [String: String]
        let strings: Strings
        let unfinished = SearchIndex.folded("unfinished ")

        init(products: [Product], strings: Strings) {
            displayNames = Dictionary(products.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
            self.strings = strings
        }

        /// Appends `row`'s text and its newline; `transaction` or `pending` is what it lists.
        mutating func append(_ row: TransactionRow, transaction: Transaction? = nil, pending: PendingPurchase? = nil,
                             to bytes: inout [UInt8]) {
            func number(_ value: UInt64) {
                let start = bytes.count
                var v = value
                repeat { bytes.append(UInt8(ascii: "0") + UInt8(v % 10)); v /= 10 } while v > 0
                bytes[start...].reverse()
                bytes.append(UInt8(ascii: " "))
            }
            number(row.id)
            let productID: String, device: String?
            if let tx = transaction {
                number(tx.originalID)
                productID = tx.productID
                device = tx.device
                if typeText[tx.productType] == nil {
                    typeText[tx.productType] = SearchIndex.folded(tx.productType.description + " " + strings.txnType(tx.productType) + " ")
                }
                bytes += typeText[tx.productType]!
                if row.isFinished == false { bytes += unfinished }
            } else {
                productID = pending?.productID ?? ""
                device = pending?.device
            }
            if productText[productID] == nil { productText[productID] = SearchIndex.folded(productID + " " + (displayNames[productID] ?? "") + " ") }
            bytes += productText[productID]!
            if let device {
                if deviceText[device] == nil { deviceText[device] = SearchIndex.folded(device + " ") }
                bytes += deviceText[device]!
            }
            if stateText[row.state] == nil { stateText[row.state] = SearchIndex.folded(row.state.keyword + " " + strings.txnState(row.state)) }
            bytes += stateText[row.state]!
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// UTF-8 with ASCII letters lower-cased; newlines become spaces (they separate rows).
    static func folded(_ text: String) -> [UInt8] {
        text.utf8.map { byte in
            if byte >= 65 && byte <= 90 { return byte + 32 }
            return byte == 10 ? 32 : byte
        }
    }

    /// Rows (ascending indices) whose text contains `query`, among `candidates` (all rows
    /// when nil) that `admit` lets through.
    func matches(_ query: [UInt8], among candidates: [Int32]?, admit: (Int) -> Bool) -> [Int32] {
        let rowCount = starts.count
        if query.isEmpty {
            if let candidates { return candidates.filter { admit(Int($0)) } }
            return (0..<Int32(rowCount)).filter { admit(Int($0)) }
        }
        return bytes.withUnsafeBufferPointer { buffer -> [Int32] in
            guard let base = buffer.baseAddress else { return [] }
            let end = buffer.count
            func rowEnd(_ row: Int) -> Int { row + 1 < rowCount ? Int(starts[row + 1]) : end }
            // Narrowing a small earlier result: look in those rows only.
            if let candidates, candidates.count * 8 < rowCount {
                return candidates.filter { row in
                    let r = Int(row)
                    return admit(r) && Self.find(query, in: base, from: Int(starts[r]), to: rowEnd(r)) != nil
                }
            }
            var result: [Int32] = []
            var row = 0
            var position = 0
            while position < end, let hit = Self.find(query, in: base, from: position, to: end) {
                while row + 1 < rowCount && Int(starts[row + 1]) <= hit { row += 1 }
                if admit(row) { result.append(Int32(row)) }
                position = rowEnd(row)
            }
            return result
        }
    }

    /// The first offset of `query` in `base[from..<to]`, or nil. Rows end in a newline, which
    /// no query contains, so a hit never spans two rows.
    static func find(_ query: [UInt8], in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let count = query.count
        guard count > 0, to - from >= count else { return nil }
        return query.withUnsafeBufferPointer { q -> Int? in
            let first = Int32(q[0])
            var position = from
            let last = to - count
            while position <= last {
                guard let raw = memchr(base + position, first, last - position + 1) else { return nil }
                let at = UnsafeRawPointer(raw) - UnsafeRawPointer(base)
                if count == 1 || memcmp(base + at + 1, q.baseAddress! + 1, count - 1) == 0 { return at }
                position = at + 1
            }
            return nil
        }
    }
}
