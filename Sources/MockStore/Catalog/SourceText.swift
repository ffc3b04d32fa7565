/// Byte-level facts about a file's text: whether it is UTF-8, and the line and column of an offset.
///
/// Positions are computed on demand from the bytes (only when something is reported), so a
/// file that loads cleanly pays nothing for them.
public enum SourceText {
    /// 1-based line and column of `offset`. The column counts Unicode scalars, not bytes, so
    /// that it matches what an editor shows on a line holding Japanese or Arabic text.
    static func lineAndColumn(in bytes: [UInt8], at offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        var j = lineStart
        while j < end {
            // Count lead bytes only: continuation bytes (10xxxxxx) belong to the previous scalar.
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return (line, column)
    }

    /// The offset of the first byte that is not well-formed UTF-8 (Unicode Table 3-7), or nil.
    static func firstInvalidUTF8(in bytes: [UInt8], from start: Int = 0) -> Int? {
        var i = start
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // excludes UTF-16 surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
            default: return i
            }
            guard i + length <= n else { return i }
            let b1 = bytes[i + 1]
            guard b1 >= low && b1 <= high else { return i }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 {
                return i
            }
            i += length
        }
        return nil
    }

    /// The scalar that starts at `offset`, if the bytes there are a well-formed sequence.
    static func scalar(in bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + 4)
        var iterator = bytes[offset..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The most of a path a message shows: more than any real file's path, far less than a path
    /// someone typed by mistake (a tape's `Set Catalog` a megabyte long).
    public static let longestShownPath = 160

    /// A path as a message shows it: whole when it is at most `limit` characters, else its start
    /// and its end (the file's name, the part a person recognises) around "…". Not quoted, as
    /// a `file:line:` prefix is written; the CLI sanitises what it prints.
    public static func path(_ path: String, limit: Int = longestShownPath) -> String {
        guard path.count > limit else { return path }
        let end = limit * 2 / 3
        return String(path.prefix(limit - end - 1)) + "…" + String(path.suffix(end))
    }

    /// `text` cut to its first `limit` characters and "…", unquoted: a name or value from a file
    /// inside a message that marks it its own way (`` `name` ``), so a megabyte-long value is
    /// quoted as a short excerpt, once per message.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        var prefix = ""
        var count = 0
        for character in text {
            if count == limit { return prefix + "…" }
            prefix.append(character)
            count += 1
        }
        return prefix
    }

    /// Quotes text taken from the file for a one-line message: control, format (bidi) and line
    /// characters become `\u{…}` escapes so a hostile file cannot restyle the terminal, and long
    /// values are cut.
    public static func quoted(_ text: String, limit: Int = 120) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return "\"\(out)\""
    }
}
