#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// One connection's bytes: lines out, lines in. The only type that touches a socket.
///
/// The descriptor is blocking. Writes happen on the caller (lines are small, and the daemon reads
/// as fast as it can); reads happen on a dedicated dispatch queue, in a loop that blocks in `recv`
/// and hands every complete line to `onLine` in order, then calls `onEnd` once. A blocking reader on
/// its own queue needs no run loop or event source, works the same on Linux and Apple platforms,
/// and is what an app's debug build can afford: one thread per connection, of which an app has one.
///
/// A TCP endpoint is another way to get the descriptor; the `hello` line the connection sends
/// first (`Connection`) is what stands in for the Unix socket's peer check.
final class SocketTransport: LineTransport, @unchecked Sendable {
    // @unchecked: `fd` never changes after init; `write` is called by one actor at a time, and the
    // reader loop owns its buffer alone.
    let path: String
    private let fd: Int32

    init(unixPath: String) throws(EntryClientError) {
        path = unixPath
        fd = try Self.connectUnix(path: unixPath)
    }

    /// `name` is the endpoint as errors show it (`tcp:HOST:PORT`).
    init(host: String, port: UInt16, name: String) throws(EntryClientError) {
        path = name
        fd = try Self.connectTCP(host: host, port: port, name: name)
    }

    /// Connects to the first address `host` resolves to that accepts (an emulator's `10.0.2.2`, a
    /// container's published `127.0.0.1`, a name).
    private static func connectTCP(host: String, port: UInt16, name: String) throws(EntryClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let status = getaddrinfo(bare, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw .io(path: name, operation: "getaddrinfo", reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = ECONNREFUSED
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            #if canImport(Darwin)
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            #else
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            #endif
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                // A scene writes small acknowledgements one after another: none waits for the last's ACK.
                var on: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                return fd
            }
            lastError = errno
            closeDescriptor(fd)
        }
        if lastError == ECONNREFUSED { throw .noDaemon(path: name, reason: errnoText(lastError)) }
        throw .io(path: name, operation: "connect", reason: errnoText(lastError))
    }

    /// The largest socket path this platform's `sun_path` holds, without its terminating zero.
    static var pathLimit: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    private static func connectUnix(path: String) throws(EntryClientError) -> Int32 {
        let bytes = Array(path.utf8)
        guard bytes.count <= pathLimit else { throw .socketPathTooLong(path: path, bytes: bytes.count, limit: pathLimit) }
        // Close-on-exec, so that a process the app or a test starts (a daemon) does not hold the
        // connection open; atomically where the platform can.
        #if canImport(Darwin)
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #else
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .io(path: path, operation: "socket", reason: errnoText()) }
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { room in
            for (index, byte) in bytes.enumerated() { room[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result != 0 {
            let code = errno
            closeDescriptor(fd)
            switch code {
            case ENOENT, ECONNREFUSED: throw .noDaemon(path: path, reason: errnoText(code))
            default: throw .io(path: path, operation: "connect", reason: errnoText(code))
            }
        }
        do throws(EntryClientError) {
            try checkPeer(fd: fd, path: path)
        } catch {
            closeDescriptor(fd)
            throw error
        }
        return fd
    }

    /// Refuses a listener that runs as neither this user nor root: another user's process on the
    /// path must not get what the app sends.
    private static func checkPeer(fd: Int32, path: String) throws(EntryClientError) {
        #if canImport(Darwin)
        var uid: uid_t = 0
        var gid: gid_t = 0
        guard getpeereid(fd, &uid, &gid) == 0 else {
            throw .io(path: path, operation: "getpeereid", reason: errnoText())
        }
        #else
        // `struct ucred` (pid, uid, gid) is declared only under _GNU_SOURCE; a tuple has its layout.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .io(path: path, operation: "getsockopt SO_PEERCRED", reason: errnoText())
        }
        let uid = credentials.uid
        #endif
        guard uid == getuid() || uid == 0 else { throw .foreignServer(path: path, uid: UInt32(uid)) }
    }

    /// Writes `bytes` whole.
    func write(_ bytes: [UInt8]) throws(EntryClientError) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .disconnected(path: path) }
                throw .io(path: path, operation: "write", reason: errnoText())
            }
            offset += n
        }
    }

    /// Starts the reader: `onLine` for every line, without its newline, then `onEnd` once at the
    /// end of the stream (the daemon closed, or `close()` was called: its owner must call it).
    func startReading(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        // The loop holds the transport, so the descriptor stays open until the loop has ended.
        DispatchQueue(label: "entryd.client.reader").async { [self] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                pending.append(contentsOf: chunk[..<n])
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    var end = newline
                    if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    if end > start { onLine(Array(pending[start..<end])) }
                    start = newline + 1
                }
                pending.removeFirst(start)
            }
            onEnd()
        }
    }

    /// Ends the connection both ways: the reader sees the end of the stream and stops.
    func close() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    deinit {
        closeDescriptor(fd)
    }
}

private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
