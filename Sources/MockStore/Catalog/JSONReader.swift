/// A JSON value that remembers where in the file it starts.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` report no line or column, and a developer
/// fixing a hand-edited `.storekit` needs both; so the loader parses with this small reader instead.
struct JSONNode: Sendable {
    /// One `"key" : value` pair, with the position of the key for messages about it.
    struct Member: Sendable {
        let key: String
        let keyOffset: Int
        let value: JSONNode
    }

    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number's text exactly as written: prices and ids must not pass through `Double`.
        case number(String)
        case bool(Bool)
        case null
    }

    let value: Value
    /// Byte offset of the value's first character in the UTF-8 input.
    let offset: Int

    /// The value of `key` in an object; the last one wins when a key repeats, as in Foundation.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The member named `key`, with its position.
    func member(_ key: String) -> Member? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }
    }

    var members: [Member] {
        if case .object(let members) = value { return members }
        return []
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// "a string", "an array"…: how messages name what was found instead of what was expected.
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true/false"
        case .null: "null"
        }
    }
}

/// Why the bytes are not JSON, and where: `offset` is where the reader stopped.
struct JSONSyntaxError: Error, Equatable {
    let offset: Int
    let message: String
}

/// A strict RFC 8259 reader over UTF-8 bytes that records offsets and never traps.
///
/// Every `.storekit` Xcode writes is strict JSON (storekit-format.md §1), so there is no lenient
/// mode; instead the common hand-editing slips (trailing commas, comments, single quotes, a file
/// cut short) get messages that say what to change. Nesting is capped so that hostile input
/// cannot exhaust the stack; a `.storekit` needs fewer than ten levels.
struct JSONReader {
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8], startingAt start: Int = 0) {
        self.bytes = bytes
        self.index = start
    }

    /// Parses one JSON document that must span the rest of the input.
    static func parse(_ bytes: [UInt8], startingAt start: Int = 0) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, startingAt: start)
        reader.skipWhitespace()
        let root = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeByte(at: reader.index)) after the end of the JSON document")
        }
        return root
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard let byte = peek() else {
            throw error("the file ends where a value was expected (it may have been cut short)")
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            let start = index
            return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return try parseLiteral()
        default: throw unexpected(expecting: "a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = index
        guard depth < Self.maxDepth else {
            throw error("objects and arrays are nested more than \(Self.maxDepth) levels deep, which no StoreKit configuration needs")
        }
        index += 1  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return JSONNode(value: .object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw endOfInput(inside: "object", openedAt: start) }
            guard byte == UInt8(ascii: "\"") else { throw unexpected(expecting: "a key in double quotes") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard let colon = peek() else { throw endOfInput(inside: "object", openedAt: start) }
            guard colon == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after the key") }
            index += 1
            skipWhitespace()
            if peek() == nil { throw endOfInput(inside: "object", openedAt: start) }
            let value = try parseValue(depth: depth + 1)
            members.append(.init(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            guard let next = peek() else { throw endOfInput(inside: "object", openedAt: start) }
            if next == UInt8(ascii: "}") {
                index += 1
                return JSONNode(value: .object(members), offset: start)
            }
            guard next == UInt8(ascii: ",") else {
                if next == UInt8(ascii: "\"") {
                    // The usual slip: a comma left out between two members. The position (the
                    // next key) says enough; naming the found quote would only confuse.
                    throw error("expected ',' or '}' after an object member")
                }
                throw unexpected(expecting: "',' or '}' after an object member")
            }
            let comma = index
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                throw JSONSyntaxError(offset: comma, message: "a trailing comma before '}' is not allowed in JSON")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = index
        guard depth < Self.maxDepth else {
            throw error("objects and arrays are nested more than \(Self.maxDepth) levels deep, which no StoreKit configuration needs")
        }
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return JSONNode(value: .array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            if peek() == nil { throw endOfInput(inside: "array", openedAt: start) }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard let next = peek() else { throw endOfInput(inside: "array", openedAt: start) }
            if next == UInt8(ascii: "]") {
                index += 1
                return JSONNode(value: .array(elements), offset: start)
            }
            guard next == UInt8(ascii: ",") else { throw unexpected(expecting: "',' or ']' after an array element") }
            let comma = index
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                throw JSONSyntaxError(offset: comma, message: "a trailing comma before ']' is not allowed in JSON")
            }
        }
    }

    /// Reads a string starting at its opening quote. The input was validated as UTF-8 beforehand,
    /// so raw bytes can be copied; escapes are decoded here, surrogate pairs included.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // "
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("a control character (U+\(hex4(UInt16(byte)))) appears inside a string; write it as an escape such as \\n")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw JSONSyntaxError(offset: start, message: "the string that starts here is never closed with '\"'")
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1  // backslash
        guard let letter = peek() else {
            throw JSONSyntaxError(offset: escapeStart, message: "the file ends inside an escape sequence")
        }
        index += 1
        switch letter {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by `\u` and a low surrogate (JSON encodes
                // characters outside the BMP, such as emoji, as such a pair).
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: escapeStart, message: "the escape \\u\(hex4(unit)) is half of a surrogate pair, but no low surrogate \\uDC00–\\uDFFF follows it")
                }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(offset: lowStart, message: "the escape \\u\(hex4(low)) should be a low surrogate (\\uDC00–\\uDFFF) completing \\u\(hex4(unit))")
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(offset: escapeStart, message: "the escape \\u\(hex4(unit)) is a lone low surrogate, which is not a character")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw JSONSyntaxError(offset: escapeStart, message: "the escape \\u\(hex4(unit)) is not a Unicode character")
            }
            UTF8.encode(scalar) { utf8.append($0) }
        default:
            throw JSONSyntaxError(offset: escapeStart, message: "\\\(describeEscapeLetter(letter)) is not a JSON escape; use \\\\, \\\", \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                throw JSONSyntaxError(offset: escapeStart, message: "\\u must be followed by exactly four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Checks the RFC 8259 number grammar and keeps the text; callers convert as they need.
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else {
            throw JSONSyntaxError(offset: start, message: "'-' must be followed by a digit")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) {
                throw JSONSyntaxError(offset: start, message: "numbers cannot start with a leading zero in JSON")
            }
        } else {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw error("expected a digit after the decimal point") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw error("expected a digit in the number's exponent") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return JSONNode(value: .number(text), offset: start)
    }

    private mutating func parseLiteral() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        for (word, value) in [("true", JSONNode.Value.bool(true)), ("false", .bool(false)), ("null", .null)] {
            let utf8 = Array(word.utf8)
            if index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 {
                let end = index + utf8.count
                // `nullx` or `trueish` is a bareword, not a literal followed by junk.
                if end < bytes.count, isWordByte(bytes[end]) { break }
                index = end
                return JSONNode(value: value, offset: start)
            }
        }
        throw unexpected(expecting: "a value")
    }

    // MARK: - Helpers

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, message: message) }

    private func endOfInput(inside container: String, openedAt start: Int) -> JSONSyntaxError {
        let (line, column) = SourceText.lineAndColumn(in: bytes, at: start)
        return error("the file ends before the \(container) opened at \(line):\(column) is closed (it may have been cut short)")
    }

    /// An error for the byte at the current position that names the usual hand-editing slip.
    private func unexpected(expecting expected: String) -> JSONSyntaxError {
        guard let byte = peek() else { return error("the file ends where \(expected) was expected") }
        switch byte {
        case UInt8(ascii: "/") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
            return error("expected \(expected), but found a comment, and comments are not allowed in JSON")
        case UInt8(ascii: "'"):
            return error("expected \(expected), but found a single quote; JSON strings use double quotes")
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
            return error("expected \(expected), but found '\(Character(Unicode.Scalar(byte)))'")
        default:
            if isWordByte(byte) {
                var end = index
                while end < bytes.count, end - index < 24, isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                return error("expected \(expected), but found the bare word '\(word)'; text needs double quotes and literals are true, false and null")
            }
            return error("expected \(expected), but found \(describeByte(at: index))")
        }
    }

    /// Names a byte for a message without echoing control or invisible characters to a terminal.
    private func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "the control character U+\(hex4(UInt16(byte)))" }
        if let scalar = SourceText.scalar(in: bytes, at: offset) {
            return "the character U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
        return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func describeEscapeLetter(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "(byte 0x\(String(byte, radix: 16, uppercase: true)))"
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
