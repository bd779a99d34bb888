#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read without Foundation.
package enum ProcessEnvironment {
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
