import Foundation
#if canImport(Darwin)
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
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return realPath(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        #else
        return nil
        #endif
    }()
}
