import EntrySystem
import Glibc

/// The token a TCP peer must show in its `hello` (docs/PROTOCOL.md): the contents of `--token-file`, made
/// when missing with mode 0600 and 32 random bytes as hex. Like the socket's private directory, a
/// file others may read is refused: they could read the token and connect.
package enum TokenFile {
    /// Why the file cannot give the token.
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case cannotRead(reason: String)
        case cannotCreate(reason: String)
        case ownedBy(uid_t)
        /// Group or others may read or write it (its permission bits).
        case openTo(mode: mode_t)
        case empty

        package var description: String {
            switch self {
            case .cannotRead(let reason): "it cannot be read (\(reason))"
            case .cannotCreate(let reason): "it cannot be created (\(reason))"
            case .ownedBy(let uid): "it belongs to \(describeUser(uid))"
            case .openTo(let mode): "its mode is 0\(String(mode & 0o777, radix: 8)): group or others may read it; run chmod 600 on it"
            case .empty: "it holds no token"
            }
        }
    }

    /// The file `--token-file` defaults to: `entryd.token` beside the store file.
    package static func defaultPath(besideStore store: String) -> String {
        guard let slash = store.lastIndex(of: "/") else { return "entryd.token" }
        return String(store[...slash]) + "entryd.token"
    }

    /// The token in `path` (its first line, without surrounding blanks), the file made first when
    /// missing; refused unless it is a regular file of `uid`'s, closed to group and others. A
    /// symbolic link is refused too: it could lead to a file another user controls.
    package static func load(_ path: String, uid: uid_t) -> Result<[UInt8], Problem> {
        var result = RegularFile.contents(of: path, limit: 4096, followingLinks: false)
        if case .failure(.cannotRead(code: ENOENT)) = result {
            if let problem = create(path) { return .failure(problem) }
            result = RegularFile.contents(of: path, limit: 4096, followingLinks: false)
        }
        let contents: RegularFile.Contents
        switch result {
        case .success(let read): contents = read
        case .failure(let problem): return .failure(.cannotRead(reason: problem.description))
        }
        guard contents.owner == uid else { return .failure(.ownedBy(contents.owner)) }
        guard contents.permissions & 0o077 == 0 else { return .failure(.openTo(mode: mode_t(contents.permissions))) }
        let line = contents.bytes.prefix { $0 != UInt8(ascii: "\n") }
        let token = Array(line.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }.reversed())
        return token.isEmpty ? .failure(.empty) : .success(token)
    }

    /// Makes the file with mode 0600 (never replacing one made meanwhile) and 32 bytes of
    /// /dev/urandom as hex; nil when done.
    private static func create(_ path: String) -> Problem? {
        guard let random = randomBytes(32) else { return .cannotCreate(reason: "/dev/urandom cannot be read") }
        let digits = Array("0123456789abcdef".utf8)
        var text = random.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
        text.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return errno == EEXIST ? nil : .cannotCreate(reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        // The umask could have taken the owner's bits: a file made here is exactly 0600.
        fchmod(descriptor, 0o600)
        let written = write(descriptor, text, text.count)
        return written == text.count ? nil : .cannotCreate(reason: String(cString: strerror(errno)))
    }

    private static func randomBytes(_ count: Int) -> [UInt8]? {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return bytes
    }

    /// Whether `shown` is `token`, in a time that depends on their lengths only, not on where they
    /// first differ: a peer timing its refusals learns nothing of the token.
    package static func matches(_ shown: some Collection<UInt8>, _ token: [UInt8]) -> Bool {
        var difference = UInt8(shown.count == token.count ? 0 : 1)
        var index = 0
        for byte in shown {
            difference |= byte ^ (index < token.count ? token[index] : ~byte)
            index += 1
        }
        return difference == 0
    }
}
