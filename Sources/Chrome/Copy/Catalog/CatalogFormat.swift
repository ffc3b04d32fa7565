/// A value put into a catalog string's placeholder.
public protocol CatalogArgument: Sendable {
    /// The text a placeholder shows.
    var catalogText: String { get }
    /// The number plural variations choose by, for numbers.
    var pluralCount: Int? { get }
}

extension String: CatalogArgument {
    public var catalogText: String { self }
    public var pluralCount: Int? { nil }
}

extension Substring: CatalogArgument {
    public var catalogText: String { String(self) }
    public var pluralCount: Int? { nil }
}

extension Int: CatalogArgument {
    public var catalogText: String { String(self) }
    public var pluralCount: Int? { self }
}

extension UInt64: CatalogArgument {
    public var catalogText: String { String(self) }
    public var pluralCount: Int? { Int(exactly: self) }
}

extension Int64: CatalogArgument {
    public var catalogText: String { String(self) }
    public var pluralCount: Int? { Int(exactly: self) }
}

/// Fills a catalog string's printf-style placeholders as Xcode's catalogs write them: `%@`,
/// `%lld`/`%ld`/`%d`, positional `%1$@`, and `%%`.
///
/// Every placeholder prints its argument's text, so a `%@` given a number is not an error; a
/// placeholder without an argument prints nothing rather than trapping like `String(format:)`.
enum CatalogFormat {
    /// A piece of a template: text to copy, or the argument at a 0-based index.
    enum Token: Equatable {
        case literal(Substring)
        /// `number` for `%lld` and its kin, else text (`%@`).
        case placeholder(index: Int, number: Bool)
    }

    static func format(_ template: String, _ arguments: [any CatalogArgument]) -> String {
        guard template.contains("%") else { return template }
        var out = ""
        for token in tokens(template) {
            switch token {
            case .literal(let text): out += text
            case .placeholder(let index, _): if arguments.indices.contains(index) { out += arguments[index].catalogText }
            }
        }
        return out
    }

    /// The placeholders of a template by argument index (`true` for numbers), to compare
    /// languages: a translation must take the same arguments as English.
    static func placeholders(_ template: String) -> [Int: Bool] {
        var found: [Int: Bool] = [:]
        for case .placeholder(let index, let number) in tokens(template) { found[index] = number }
        return found
    }

    static func tokens(_ template: String) -> [Token] {
        var tokens: [Token] = []
        var next = 0
        var chars = template[...]
        while let percent = chars.firstIndex(of: "%") {
            if percent > chars.startIndex { tokens.append(.literal(chars[..<percent])) }
            var rest = chars[chars.index(after: percent)...]
            if rest.first == "%" {
                tokens.append(.literal("%"))
                chars = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix(while: \.isNumber)
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            rest = rest.dropFirst(rest.prefix(while: { "lhqjzt".contains($0) }).count)
            guard let conversion = rest.first, "@dixu".contains(conversion) else {
                // Not a placeholder: keep the percent sign as written.
                tokens.append(.literal("%"))
                chars = chars[chars.index(after: percent)...]
                continue
            }
            let index = position ?? next
            next = index + 1
            tokens.append(.placeholder(index: index, number: conversion != "@"))
            chars = rest.dropFirst()
        }
        if !chars.isEmpty { tokens.append(.literal(chars)) }
        return tokens
    }
}
