import Foundation
import MockStore
import Yams

/// Reads a small hand-written YAML file node by node, keeping line numbers for error messages.
///
/// `Yams.compose` (not `Decodable`) because only the node tree knows where each value was
/// written; a decoding error can't say "line 12".
package struct YAMLReader {
    package let file: String

    package init(file: String) { self.file = file }

    /// A mapping entry with the line its key sits on.
    package struct Entry {
        package var key: String
        package var line: Int?
        package var value: Node
    }

    /// Parses `text` into its root node; nil for an empty document.
    package func root(_ text: String) throws(ConfigFileError) -> Node? {
        do {
            // No implicit-tag resolver: every value is read as text (`bool` parses its own
            // words), and the default resolver's ICU regular expressions cost milliseconds at
            // start-up.
            return try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw translate(error)
        } catch {
            throw ConfigFileError(file: file, line: nil, message: "Could not read the file as YAML (\(error)).")
        }
    }

    package func fail(_ node: Node?, _ message: String) -> ConfigFileError {
        ConfigFileError(file: file, line: node?.mark?.line, column: node?.mark?.column, message: message)
    }

    package func fail(line: Int?, column: Int? = nil, _ message: String) -> ConfigFileError {
        ConfigFileError(file: file, line: line, column: column, message: message)
    }

    /// The entries of a mapping, rejecting keys outside `allowed` so typos don't pass silently.
    package func mapping(_ node: Node, _ what: String, allowed: [String]? = nil) throws(ConfigFileError) -> [Entry] {
        guard case .mapping(let mapping) = node else {
            throw fail(node, "\(what) must be a mapping of `key: value` lines, but found \(kind(node)).")
        }
        var entries: [Entry] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw fail(keyNode, "Keys in \(what) must be plain words, but found \(kind(keyNode)).")
            }
            if let allowed, !allowed.contains(key) {
                let list = allowed.joined(separator: ", ")
                let fix = Self.closest(key, in: allowed).map { "rename it to `\($0)`, the nearest allowed key (allowed: \(list))" }
                    ?? "use one of the allowed keys (\(list))"
                throw fail(keyNode, "Unknown key `\(Self.cut(key))` in \(what): \(fix).")
            }
            entries.append(Entry(key: key, line: keyNode.mark?.line, value: value))
        }
        return entries
    }

    package func string(_ node: Node, _ what: String) throws(ConfigFileError) -> String {
        guard case .scalar(let scalar) = node else {
            throw fail(node, "\(what) must be text, but found \(kind(node)).")
        }
        return scalar.string
    }

    package func bool(_ node: Node, _ what: String) throws(ConfigFileError) -> Bool {
        let text = try string(node, what).lowercased()
        switch text {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(node, "\(what) must be true or false, but found `\(Self.cut(text))`.")
        }
    }

    /// A list of strings; a single string is accepted as a one-item list.
    package func strings(_ node: Node, _ what: String) throws(ConfigFileError) -> [String] {
        switch node {
        case .sequence(let sequence):
            var result: [String] = []
            for item in sequence { result.append(try string(item, "Each item of \(what)")) }
            return result
        case .scalar(let scalar) where !scalar.string.isEmpty:
            return [scalar.string]
        default:
            throw fail(node, "\(what) must be a list (lines starting with `- `), but found \(kind(node)).")
        }
    }

    /// An http(s) URL, checked enough that a typo can't put a broken link in the purchase flow.
    package func url(_ node: Node, _ what: String) throws(ConfigFileError) -> String {
        let text = try string(node, what).trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else {
            throw fail(node, "\(what) must be a full http(s) URL such as https://example.com/privacy, but found `\(Self.cut(text))`.")
        }
        // `URL` wraps a port past 2^64 into range, and the link would open a port nobody wrote.
        if let problem = URLPort(in: text).problem {
            throw fail(node, "\(what) `\(Self.cut(text))` \(problem).")
        }
        return text
    }

    /// "a list", "a mapping", "`text`" — how to name what was found in a message.
    package func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let s): s.string.isEmpty ? "nothing" : "`\(Self.cut(s.string))`"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private func translate(_ error: YamlError) -> ConfigFileError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let where_ = context.map { " (\($0.text))" } ?? ""
            return fail(line: mark.line, column: mark.column, "The YAML is malformed: \(problem)\(where_); check the indentation and quoting on this line or the one before.")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.prefix(3).map { Self.cut($0) }.joined(separator: "`, `")
            return fail(line: context.mark.line, column: context.mark.column, "The key `\(keys)` appears twice in the same block; keep only one.")
        case .reader(let problem, _, _, _):
            return fail(line: nil, "The file is not valid UTF-8 text (\(problem)); save it as UTF-8.")
        case .dataCouldNotBeDecoded:
            return fail(line: nil, "The file is not valid UTF-8 text; save it as UTF-8.")
        default:
            // Yams describes some errors with the line they are on, which may be a megabyte long.
            return fail(line: nil, "Could not read the file as YAML (\(SourceText.excerpt("\(error)", limit: 200))).")
        }
    }

    /// Text from the file as a message quotes it: at most 60 characters, so a mistaken file (a
    /// line a megabyte long) cannot flood the terminal.
    package static func cut(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(60)) + "…"
    }

    /// The allowed word nearest to a typo, if it is near enough to be a useful hint.
    package static func closest(_ key: String, in allowed: [String]) -> String? {
        let limit = max(2, key.count / 3)
        // A word whose length alone differs by more than the limit is never near: not measured.
        let scored = allowed.filter { abs($0.count - key.count) <= limit }.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
