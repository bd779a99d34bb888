import EntryHost
import EntryRouter
import Glibc
@testable import EntryDaemon

/// A fresh directory under /tmp (short, so socket paths fit `sun_path`), removed with its files when released.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/entryd-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
        // mkdtemp's 0700 passes through the umask, which a listener bound on another test's thread
        // narrows for a moment (`PipeListener`): set it whole.
        chmod(path, 0o700)
    }

    deinit {
        removeTree(path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// Removes `path` and everything below it (the test directories hold only plain files and directories).
func removeTree(_ path: String) {
    if let directory = opendir(path) {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != ".", name != ".." else { continue }
            removeTree(path + "/" + name)
        }
        closedir(directory)
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// The bytes of a file, or nil when it cannot be read.
func fileBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}

/// Writes `bytes` to `path`, replacing it; false when the disk refused them.
@discardableResult
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    let written = fwrite(bytes, 1, bytes.count, file)
    return fclose(file) == 0 && written == bytes.count
}

/// An entry with the fields a test does not care about filled in.
func sampleEntry(_ id: String, state: EntryState = .pending, received: Int64 = 1_000,
                 params: [String: String] = ["sessionId": "abc"]) -> EntryRecord {
    EntryRecord(id: id, source: .push, route: "invitation", params: RouteParams(params), collapseId: nil, kind: "invitation",
                priority: 2, identity: params["sessionId"], received: Instant(milliseconds: received),
                expires: Instant(milliseconds: received + 300_000), state: state, scene: nil)
}

extension Result where Failure == StoreError {
    /// The failure's text, or nil on success.
    var errorText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
