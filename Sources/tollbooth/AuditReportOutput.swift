import Audit
import Foundation
import MockStore

/// Where `tollbooth audit` writes its report: standard output, or with `--output FILE` that file,
/// replaced whole (written beside it, then renamed over it), so a CI step reading it never sees
/// half a report. Either way the bytes are the same, made safe for a terminal.
struct AuditReportOutput {
    var format: AuditReportFormat
    /// nil: standard output.
    var path: String?
    /// `--verbose`: the text report has a line per variant instead of one per finding.
    var verbose = false

    /// Checks `--output` before the audit runs: its directory must exist and it must not be one.
    static func checked(format: AuditReportFormat, path: String?, verbose: Bool = false) throws -> AuditReportOutput {
        if let path {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            let directory = url.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError("--output \(SourceText.path(path)): the directory \(SourceText.path(directory)) does not exist")
            }
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CLIError("--output \(SourceText.path(path)) is a directory; name a file")
            }
        }
        return AuditReportOutput(format: format, path: path, verbose: verbose)
    }

    /// The report's bytes: JSON with every control escaped, the other formats line by line
    /// through the terminal sanitiser.
    func text(_ report: AuditReport) throws -> String {
        switch format {
        case .json: try TerminalSafeOutput.json(report, encoder: AuditJSONReport.encoder())
        default: TerminalSafeOutput.safeLines(try format.render(report, verbose: verbose))
        }
    }

    func write(_ report: AuditReport) throws {
        let data = Data((try text(report) + "\n").utf8)
        guard let path else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CLIError("could not replace \(SourceText.path(path)): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? CLIError { throw error }
            throw CLIError("could not write \(SourceText.path(path)): \(error.localizedDescription)")
        }
    }
}
