import Foundation
import TestSupport

/// Runs `body` with the path of a file named `name` holding `text`, in a folder of its own that
/// is removed when `body` returns or throws, so a test run leaves nothing in the temporary
/// directory.
func withTemporaryFile<Result>(_ name: String, _ text: String, _ body: (String) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder("paywall-tests")
    defer { folder.remove() }
    // Not `atomically`: the folder is new, and Foundation's atomic write leaves a
    // `TemporaryDirectory.*` folder of its own behind on Linux.
    try Data(text.utf8).write(to: folder.url.appendingPathComponent(name))
    return try body(folder.path(name))
}
