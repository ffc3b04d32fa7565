import Audit
import Foundation
import MockStore

extension AuditCommand {
    /// The most text `--text` reads: a paywall's text is a few kilobytes.
    static let textLimit = 1_000_000

    /// `--text FILE` read and checked: its content and the one locale it is audited in (the
    /// `--locale` given, else the language it is written in). Window sizes do not apply to text.
    func paywallText() throws -> (content: String, locale: String)? {
        guard let textFile else { return nil }
        guard sizes.isEmpty else { throw CLIError("--size does not apply to --text: text has no window") }
        guard locales.count <= 1 else { throw CLIError("--text is audited in one --locale, not \(locales.count)") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: textFile),
              attributes[.type] as? FileAttributeType == .typeRegular else {
            throw CLIError("--text \(SourceText.path(textFile)) is not a readable file")
        }
        guard (attributes[.size] as? Int ?? 0) <= Self.textLimit else {
            throw CLIError("--text \(SourceText.path(textFile)) is larger than \(Self.textLimit / 1_000_000) MB; a paywall's text is far shorter")
        }
        guard let data = FileManager.default.contents(atPath: textFile), let content = String(data: data, encoding: .utf8) else {
            throw CLIError("--text \(SourceText.path(textFile)) is not readable UTF-8 text")
        }
        if let problem = RenderedPaywall.problem(withText: content, file: "--text \(SourceText.path(textFile))") { throw CLIError(problem) }
        return (content, locales.first ?? Auditor.locale(ofText: content))
    }
}
