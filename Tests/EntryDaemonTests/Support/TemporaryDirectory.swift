import Glibc

/// A fresh directory under /tmp (short, so socket paths fit `sun_path`), removed with its files.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/entryd-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(file(name)) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}
