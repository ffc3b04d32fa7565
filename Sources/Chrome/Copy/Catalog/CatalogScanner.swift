import Foundation

/// A forward-only reader of the JSON a String Catalog is written in.
///
/// Why not `JSONSerialization`: the catalog holds every language (over a megabyte), and turning
/// all of it into Foundation objects took 50–65 ms, twice Tollbooth's whole start-up. The paywall
/// needs one or two languages, so this reader walks the bytes once, builds strings only for
/// the values asked for, and skips everything else in place.
///
/// It reads memory it does not own (the file's bytes, mapped): use it only inside the
/// `withUnsafeBytes` call that lends them.
struct CatalogScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What went wrong and the 1-based line it was found on.
    struct Failure: Error {
        var reason: String
        var line: Int
    }

    func failure(_ reason: String) -> Failure {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
        return Failure(reason: reason, line: line)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            offset += 1
        }
    }

    /// The next byte after whitespace, not consumed.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    mutating func expect(_ byte: UInt8) throws(Failure) {
        guard peek() == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))' here")
        }
        offset += 1
    }

    /// An object's key, kept as bytes: most keys are only compared, and a `String` for each
    /// would cost more than the rest of the reading.
    struct Key {
        let raw: Slice<UnsafeBufferPointer<UInt8>>
        /// Set when the key had escapes, which `raw` still holds.
        let decoded: String?
        func `is`(_ name: String) -> Bool { decoded.map { $0 == name } ?? raw.elementsEqual(name.utf8) }
        var text: String { decoded ?? String(decoding: raw, as: UTF8.self) }
    }

    /// Calls `member` with each key of the object that starts here; `member` must consume the
    /// value (read it or `skipValue()`).
    mutating func forEachMember(_ member: (inout CatalogScanner, Key) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { offset += 1; return }
        while true {
            let key = try readKey()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return
            default: throw failure("expected ',' or '}' after a value")
            }
        }
    }

    private mutating func readKey() throws(Failure) -> Key {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string in double quotes") }
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { offset = end + 1 }
            return Key(raw: bytes[(offset + 1)..<end], decoded: nil)
        }
        let start = offset
        let decoded = try readString()
        return Key(raw: bytes[start..<offset], decoded: decoded)
    }

    /// A JSON string, escapes decoded.
    mutating func readString() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string in double quotes") }
        offset += 1
        let start = offset
        // Fast path: no escapes, the bytes are the string.
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        guard offset < bytes.count else { throw failure("a string is not closed") }
        if bytes[offset] == UInt8(ascii: "\"") {
            offset += 1
            return String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars)
        var plain: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
            plain.removeAll(keepingCapacity: true)
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") { flush(); return String(scalars) }
            guard byte == UInt8(ascii: "\\") else { plain.append(byte); continue }
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): plain.append(escape)
            case UInt8(ascii: "n"): plain.append(0x0A)
            case UInt8(ascii: "t"): plain.append(0x09)
            case UInt8(ascii: "r"): plain.append(0x0D)
            case UInt8(ascii: "b"): plain.append(0x08)
            case UInt8(ascii: "f"): plain.append(0x0C)
            case UInt8(ascii: "u"):
                flush()
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                    offset += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: throw failure("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
        throw failure("a string is not closed")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard offset + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16) else {
            throw failure("\\u needs four hexadecimal digits")
        }
        offset += 4
        return value
    }

    /// Steps over the value that starts here, whatever it is.
    mutating func skipValue() throws(Failure) {
        switch peek() {
        case UInt8(ascii: "\""):
            offset += 1
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard offset < bytes.count else { throw failure("a string is not closed") }
            offset += 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // One tight pass over raw memory: only quotes (to skip strings) and brackets matter.
            let end = { (buffer: UnsafeBufferPointer<UInt8>) -> Int? in
                var at = offset, depth = 0
                let count = buffer.count
                while at < count {
                    switch buffer[at] {
                    case UInt8(ascii: "\""):
                        // memchr to the closing quote: strings are most of the bytes.
                        while true {
                            guard at + 1 < count, let found = memchr(buffer.baseAddress! + at + 1, 0x22, count - at - 1) else { return nil }
                            at = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                            var slashes = 0
                            while buffer[at - 1 - slashes] == UInt8(ascii: "\\") { slashes += 1 }
                            if slashes % 2 == 0 { break }
                        }
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return at + 1 }
                    default:
                        break
                    }
                    at += 1
                }
                return nil
            }(bytes)
            guard let end else { offset = bytes.count; throw failure("an object or array is not closed") }
            offset = end
        case .some:
            // A number, true, false or null: up to the next delimiter.
            while offset < bytes.count, !",}] \n\r\t".utf8.contains(bytes[offset]) { offset += 1 }
        case nil:
            throw failure("the file ends where a value should be")
        }
    }
}
