import Glibc

/// A uid as people read it: `uid 1001 (mallory)`, or `uid 1001` when the password database does not
/// know it.
package func describeUser(_ uid: uid_t) -> String {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(uid, &entry, &buffer, buffer.count, &found) == 0, found != nil, let name = entry.pw_name else {
        return "uid \(uid)"
    }
    return "uid \(uid) (\(String(cString: name)))"
}
