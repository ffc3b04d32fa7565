import Foundation
import MockStore
import TerminalUI

/// Writes an asciicast v2 file (docs/recordings.md): the header, then one `[time, code, data]`
/// line per event.
///
/// Lines go to a temporary file beside the destination as they come, so a long session costs no
/// memory; `finish()` renames it into place. Until then, and after a failure or `discard()`, the
/// destination is untouched: nothing half-written ever carries its name. Times are written with
/// six decimals and never go backwards, so the same events give the same bytes.
public final class AsciicastWriter {
    /// The cast's final path.
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var headerWritten = false
    private var lastTime = 0.0
    private var failure: RecordingError?

    /// Opens a temporary file in the destination's folder; fails at once (with a one-sentence
    /// reason) when that folder is missing or not writable, before anything else has started.
    public init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        self.path = url.path
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RecordingError("cannot record to \(SourceText.path(path)): the folder \(SourceText.path(folder)) does not exist")
        }
        guard !url.lastPathComponent.isEmpty, !(url.hasDirectoryPath) else {
            throw RecordingError("cannot record to \(SourceText.path(path)): name a file, such as demo.cast")
        }
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw RecordingError("cannot record to \(SourceText.path(path)): \(String(cString: strerror(errno)))")
        }
    }

    deinit { discard() }

    /// Writes the header line; must come before any event.
    public func begin(_ header: AsciicastHeader) {
        precondition(!headerWritten, "the asciicast header is written once")
        headerWritten = true
        writeLine(header.json)
    }

    /// An `"o"` event: what the terminal was sent at `time` seconds since the start.
    public func output(_ data: String, at time: Double) {
        event(time, "o", data)
    }

    /// An `"r"` event: the terminal became `size` (`"100x30"`).
    public func resize(to size: Size, at time: Double) {
        event(time, "r", size.description)
    }

    /// An `"m"` event: a named moment (docs/terminal.md §2.3).
    public func marker(_ label: String, at time: Double) {
        event(time, "m", label)
    }

    /// Closes the file and renames it to `path`. On any earlier or current failure the temporary
    /// file is removed, nothing is left at `path` by this writer, and the error is thrown.
    public func finish() throws {
        guard descriptor >= 0 else {
            if let failure { throw failure }
            return
        }
        if !headerWritten { fail("no header was written") }
        if failure == nil && fsync(descriptor) != 0 { fail(String(cString: strerror(errno))) }
        let closed = close(descriptor)
        descriptor = -1
        if failure == nil && closed != 0 { fail(String(cString: strerror(errno))) }
        if failure == nil && rename(temporaryPath, path) != 0 { fail(String(cString: strerror(errno))) }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
    }

    /// Drops the recording: closes and removes the temporary file. Safe to call more than once.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    private func event(_ time: Double, _ code: String, _ data: String) {
        precondition(headerWritten, "write the asciicast header before its events")
        let t = max(lastTime, time.isFinite ? time : lastTime)
        lastTime = t
        writeLine("[\(AsciicastFormat.seconds(t)), \"\(code)\", \(AsciicastFormat.jsonString(data))]")
    }

    /// Appends a line; the first failure is kept and later writes are skipped.
    private func writeLine(_ line: String) {
        guard failure == nil, descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                fail(String(cString: strerror(errno)))
                return
            }
            offset += written
        }
    }

    private func fail(_ reason: String) {
        if failure == nil { failure = RecordingError("could not write the recording \(SourceText.path(path)): \(reason)") }
    }
}

/// Why a recording could not be made or saved, as one sentence for the person running it.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
