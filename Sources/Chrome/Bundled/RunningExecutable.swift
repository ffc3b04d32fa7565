import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running executable's own file, links resolved (PREFIX/bin/tollbooth is a link to
/// PREFIX/lib/tollbooth/tollbooth): the shipped resources and `tollbooth-server` sit beside it.
/// The one place each platform is asked.
package enum RunningExecutable {
    package static let path: String? = {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        return nil
        #endif
    }()
}
