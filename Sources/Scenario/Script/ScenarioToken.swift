import MockStore

/// A word of a scenario line and where it starts.
struct ScenarioToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Unquoted: a command, a setting's name, a key, a duration, a path.
        case word
        /// `"…"` or `'…'`, escapes resolved.
        case quoted
        /// `/…/`, for `Expect`.
        case regex
    }

    var kind: Kind
    var text: String
    /// 1-based column of the token's first character.
    var column: Int
}

/// Splits a line into tokens: words separated by blanks, strings in double or single quotes
/// (`\"`, `\\`, `\n`, `\t` inside), and a regular expression between slashes as the pattern of
/// `Expect` and `ExpectNot`.
enum ScenarioLexer {
    /// The tokens of `line`, or the column and reason of the first thing that cannot be read.
    static func tokens(_ line: String) -> Result<[ScenarioToken], LexError> {
        var tokens: [ScenarioToken] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            if chars[i] == " " || chars[i] == "\t" { i += 1; continue }
            let start = i
            let c = chars[i]
            // A slash opens a regular expression only where one is expected, after Expect or
            // ExpectNot; elsewhere it starts a word, such as an absolute path.
            let opensRegex = c == "/" && tokens.count == 1 && ["Expect", "ExpectNot"].contains(tokens[0].text)
            if c == "\"" || c == "'" || opensRegex {
                i += 1
                var text = ""
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == "\\" && i + 1 < chars.count {
                        let next = chars[i + 1]
                        if c == "/" {
                            // A regex keeps its escapes, except the one for its own delimiter.
                            text += next == "/" ? "/" : "\\\(next)"
                        } else {
                            switch next {
                            case "n": text += "\n"
                            case "t": text += "\t"
                            default: text.append(next)
                            }
                        }
                        i += 2
                        continue
                    }
                    if d == c { closed = true; i += 1; break }
                    text.append(d)
                    i += 1
                }
                guard closed else {
                    let what = c == "/" ? "regular expression" : "string"
                    return .failure(LexError(column: start + 1, message: "this \(what) is never closed: end it with \(c)"))
                }
                tokens.append(ScenarioToken(kind: c == "/" ? .regex : .quoted, text: text, column: start + 1))
            } else {
                var text = ""
                while i < chars.count, chars[i] != " ", chars[i] != "\t" {
                    text.append(chars[i])
                    i += 1
                }
                tokens.append(ScenarioToken(kind: .word, text: text, column: start + 1))
            }
        }
        return .success(tokens)
    }

    struct LexError: Error, Equatable {
        var column: Int
        var message: String
    }
}

/// Text from a scenario quoted in a message: `'Entr'`, cut after `limit` characters, so a
/// hostile or mistaken file (a megabyte-long word) never floods the terminal; controls are
/// refused by the parser before any message quotes a line.
enum ScenarioText {
    static func quoted(_ text: String, limit: Int = 40) -> String {
        "'\(cut(text, limit: limit))'"
    }

    /// `text`, or its first `limit` characters and "…".
    static func cut(_ text: String, limit: Int = 40) -> String {
        SourceText.excerpt(text, limit: limit)
    }
}
