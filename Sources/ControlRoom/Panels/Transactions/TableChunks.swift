import Foundation
import MockStore

/// A run of consecutive rows of the table, newest first, with their searchable text.
///
/// The table keeps its rows in chunks because the runtime holds the previous frame until it
/// is freed off the event loop: any buffer a merge changes is copied first. With one buffer
/// for 100,000 rows, a purchase on another device copied all of them (about 12 MB, on the
/// loop); in chunks, a merge copies the chunks it changes and shares the others.
struct TableChunk: Hashable, Sendable {
    var rows: [TransactionRow] = []
    var search = SearchIndex()

    /// Rows in a chunk built from a ledger read; merges grow a chunk up to `maxSize` rows, then
    /// split it.
    static let size = 1024
    static let maxSize = 2 * size

    /// Row `i`'s text, its newline included.
    func text(ofRow i: Int) -> ArraySlice<UInt8> { search.text(ofRow: i) }

    /// Appends a row and its text (which ends in a newline).
    mutating func append(_ row: TransactionRow, text: [UInt8]) {
        search.starts.append(Int32(truncatingIfNeeded: search.bytes.count))
        search.bytes += text
        rows.append(row)
    }

    /// Appends rows `range` of `other`, with their text.
    mutating func append(_ other: TableChunk, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let starts = other.search.starts, bytes = other.search.bytes
        let from = Int(starts[range.lowerBound])
        let to = range.upperBound < starts.count ? Int(starts[range.upperBound]) : bytes.count
        let shift = Int32(truncatingIfNeeded: search.bytes.count) &- starts[range.lowerBound]
        search.bytes += bytes[from..<to]
        search.starts += starts[range].lazy.map { $0 &+ shift }
        rows += other.rows[range]
    }

    /// This chunk as chunks of at most `maxSize` rows, of even size; none when it is empty.
    func split() -> [TableChunk] {
        guard rows.count > Self.maxSize else { return rows.isEmpty ? [] : [self] }
        let pieces = (rows.count + Self.size - 1) / Self.size
        return (0..<pieces).map { piece in
            var chunk = TableChunk()
            chunk.append(self, rows.count * piece / pieces..<rows.count * (piece + 1) / pieces)
            return chunk
        }
    }

    /// The chunk holding item `index` of chunks whose running counts are `ends`, and the
    /// item's offset in it.
    static func locate(_ index: Int, in ends: [Int]) -> (chunk: Int, offset: Int) {
        var low = 0, high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= index { low = mid + 1 } else { high = mid }
        }
        return (low, index - (low == 0 ? 0 : ends[low - 1]))
    }

    /// Running counts: `ends[k]` is the sum of `counts[0...k]`.
    static func ends(_ counts: some Sequence<Int>) -> [Int] {
        var total = 0
        return counts.map { total += $0; return total }
    }
}

/// The table's rows, newest first, read through its chunks (a view: nothing is copied).
struct TableRows: RandomAccessCollection, Sendable {
    let chunks: [TableChunk]
    let ends: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { ends.last ?? 0 }

    subscript(index: Int) -> TransactionRow {
        let (chunk, offset) = TableChunk.locate(index, in: ends)
        return chunks[chunk].rows[offset]
    }
}

extension TransactionTable {
    /// Rows newest first.
    var rows: TableRows { TableRows(chunks: chunks, ends: ends) }

    /// Row `index`'s searchable text, its newline included.
    func text(ofRow index: Int) -> ArraySlice<UInt8> {
        let (chunk, offset) = TableChunk.locate(index, in: ends)
        return chunks[chunk].text(ofRow: offset)
    }

    /// The index of the row with this id (rows are sorted by id, descending).
    func index(of id: UInt64) -> Int? {
        // The first chunk whose last row is not newer than `id`, then the row in it.
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if (chunks[mid].rows.last?.id ?? .max) > id { low = mid + 1 } else { high = mid }
        }
        guard low < chunks.count else { return nil }
        let rows = chunks[low].rows
        var first = 0, last = rows.count
        while first < last {
            let mid = (first + last) / 2
            if rows[mid].id > id { first = mid + 1 } else { last = mid }
        }
        guard first < rows.count, rows[first].id == id else { return nil }
        return (low == 0 ? 0 : ends[low - 1]) + first
    }

    /// Equal rows and texts, however they are chunked; chunks both tables share compare at once.
    static func == (lhs: TransactionTable, rhs: TransactionTable) -> Bool {
        guard lhs.idWidth == rhs.idWidth, lhs.now == rhs.now, lhs.statusIDs == rhs.statusIDs, lhs.expiring == rhs.expiring,
              lhs.language == rhs.language, lhs.products == rhs.products, lhs.rows.count == rhs.rows.count else { return false }
        if lhs.ends == rhs.ends { return lhs.chunks == rhs.chunks }
        return lhs.rows.indices.allSatisfy { lhs.rows[$0] == rhs.rows[$0] && lhs.text(ofRow: $0) == rhs.text(ofRow: $0) }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(idWidth)
        hasher.combine(now)
        hasher.combine(statusIDs)
        hasher.combine(expiring)
        hasher.combine(language)
        hasher.combine(products)
        hasher.combine(rows.count)
        for chunk in chunks {
            for row in chunk.rows.indices {
                hasher.combine(chunk.rows[row])
                hasher.combine(chunk.text(ofRow: row))
            }
        }
    }
}

/// The rows that pass the panel's filters: indices into the table's rows, ascending (newest
/// first). Kept per chunk of the table, so a merge works out again only the chunks it built
/// again, and shares the rest with the previous frame.
struct VisibleRows: RandomAccessCollection, Hashable, Sendable {
    /// For each chunk of the table, the offsets in it of the rows that pass, ascending.
    private(set) var offsets: [[Int32]] = []
    /// The table's index of each chunk's first row.
    private(set) var bases: [Int] = []
    /// `ends[k]`: the rows that pass in chunks 0...k.
    private(set) var ends: [Int] = []

    init() {}

    /// The rows of `table` that pass: `passing(k, chunk)` gives those of chunk `k`.
    init(_ table: TransactionTable, passing: (Int, TableChunk) -> [Int32]) {
        offsets = table.chunks.indices.map { passing($0, table.chunks[$0]) }
        bases = table.ends.isEmpty ? [] : [0] + table.ends.dropLast()
        ends = TableChunk.ends(offsets.lazy.map(\.count))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { ends.last ?? 0 }

    subscript(position: Int) -> Int32 {
        let (chunk, offset) = TableChunk.locate(position, in: ends)
        return Int32(truncatingIfNeeded: bases[chunk]) &+ offsets[chunk][offset]
    }

    /// Where row `index` is among these, by binary search.
    func position(ofRow index: Int32) -> Int? {
        var low = 0, high = bases.count
        while low < high {
            let mid = (low + high) / 2
            if bases[mid] <= Int(index) { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let chunk = low - 1
        let offset = index &- Int32(truncatingIfNeeded: bases[chunk])
        let list = offsets[chunk]
        var first = 0, last = list.count
        while first < last {
            let mid = (first + last) / 2
            if list[mid] < offset { first = mid + 1 } else { last = mid }
        }
        guard first < list.count, list[first] == offset else { return nil }
        return (chunk == 0 ? 0 : ends[chunk - 1]) + first
    }

    /// The same rows, however they are chunked; chunks both share compare at once.
    static func == (lhs: VisibleRows, rhs: VisibleRows) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.bases == rhs.bases && lhs.ends == rhs.ends { return lhs.offsets == rhs.offsets }
        return lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for chunk in offsets.indices {
            for offset in offsets[chunk] { hasher.combine(Int32(truncatingIfNeeded: bases[chunk]) &+ offset) }
        }
    }
}
