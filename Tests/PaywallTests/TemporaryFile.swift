import Foundation

/// Runs `body` with the path of a file named `name` holding `text`, in a folder of its own that
/// is removed when `body` returns or throws, so a test run leaves nothing in the temporary
/// directory.
func withTemporaryFile<Result>(_ name: String, _ text: String, _ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    // Not `atomically`: the folder is new, and Foundation's atomic write leaves a
    // `TemporaryDirectory.*` folder of its own behind on Linux.
    try Data(text.utf8).write(to: url)
    return try body(url.path)
}
