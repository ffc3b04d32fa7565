import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `path` absolute, with every link and `.`/`..` resolved (`realpath(3)`); nil when there is
/// no such file. Foundation's `resolvingSymlinksInPath` answers for missing files too and keeps
/// `..` after a link, so the places that must name one file one way ask the C library.
package func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
