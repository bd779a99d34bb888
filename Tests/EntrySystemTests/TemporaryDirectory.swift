import Glibc

/// A directory of the test's own under /tmp, removed with what it holds when the test is done.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/entrysystem-XXXXXX".utf8CString)
        path = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` as the file `name` with `mode`; its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o600) -> String {
        let path = file(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        precondition(fd >= 0, "cannot create \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
        close(fd)
        return path
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }
}
