#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected stream socket to a daemon: the one place the package connects to one, for
/// EntryClient's transport, the command line's client and `serve` looking at a path before it binds
/// it. Each of them reads and writes it in its own way and decides what the listener's uid means.
///
/// The descriptor is blocking and close-on-exec (atomically where the platform can), so that a
/// process started meanwhile does not hold the connection open; a write to a peer that has gone is
/// an error, never a SIGPIPE.
package final class StreamSocket: @unchecked Sendable {
    // @unchecked: `descriptor` never changes after init, and the kernel orders what its callers do.
    package let descriptor: Int32
    /// The uid the process listening on a Unix socket runs as (`SO_PEERCRED`, `getpeereid`); nil
    /// over TCP, where nothing tells it.
    package let peerUID: UInt32?

    /// Why no connection was made, with the `errno` of the call that failed.
    package enum Failure: Error, Sendable, Hashable {
        /// The path has `bytes` bytes, more than `sun_path` holds.
        case pathTooLong(bytes: Int)
        case socket(code: Int32)
        case connect(code: Int32)
        /// The listener's uid could not be read; `operation` names the call.
        case peerCredentials(operation: String, code: Int32)
        /// `getaddrinfo` found no address; `reason` is its own text.
        case resolve(reason: String)
    }

    /// Why a write did not go through.
    package enum WriteFailure: Error, Sendable, Hashable {
        /// The peer closed the connection (`EPIPE`, `ECONNRESET`).
        case closed
        case failed(code: Int32)
    }

    /// The largest socket path this platform's `sun_path` holds, without its terminating zero.
    package static var unixPathLimit: Int { UnixSocket.pathLimit }

    /// Connects to the Unix socket at `path` and reads the listener's uid; nothing is left open
    /// when it throws.
    package init(unixPath path: String) throws(Failure) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.unixPathLimit else { throw .pathTooLong(bytes: bytes.count) }
        let fd = try Self.makeSocket(family: AF_UNIX, type: streamType)
        let result = UnixSocket.withAddress(bytes) { connect(fd, $0, $1) }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw .connect(code: code)
        }
        do throws(Failure) {
            peerUID = try Self.peerUID(of: fd)
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
    }

    /// Connects to the first address `host` resolves to that accepts (an IP address, `localhost`,
    /// an emulator's `10.0.2.2`, a name; an IPv6 address bare or in brackets).
    package init(host: String, port: UInt16) throws(Failure) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var found: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let status = getaddrinfo(bare, String(port), &hints, &found)
        guard status == 0, let first = found else { throw .resolve(reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(first) }
        var failure = Failure.connect(code: ECONNREFUSED)
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let fd: Int32
            do throws(Failure) {
                fd = try Self.makeSocket(family: info.pointee.ai_family, type: info.pointee.ai_socktype)
            } catch {
                failure = error
                continue
            }
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                // A scene writes small acknowledgements one after another: none waits for the last's ACK.
                var on: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                descriptor = fd
                peerUID = nil
                return
            }
            failure = .connect(code: errno)
            close(fd)
        }
        throw failure
    }

    /// Writes `bytes` whole.
    package func write(_ bytes: [UInt8]) throws(WriteFailure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .failed(code: errno)
            }
            offset += n
        }
    }

    /// One `recv` into `chunk`: how many bytes it received, 0 at the end of the stream, or -1 with
    /// `errno` set.
    package func receive(into chunk: inout [UInt8]) -> Int {
        chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Stops sending: the peer sees the end of input, and the socket can still be read.
    package func finishWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Ends the connection both ways: a reader blocked in `receive` sees the end of the stream.
    package func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        close(descriptor)
    }

    /// A close-on-exec socket that never raises SIGPIPE.
    private static func makeSocket(family: Int32, type: Int32) throws(Failure) -> Int32 {
        let fd = UnixSocket.closeOnExec(family: family, type: type)
        guard fd >= 0 else { throw .socket(code: errno) }
        #if canImport(Darwin)
        // Darwin has no MSG_NOSIGNAL: the socket itself is told.
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// The uid the peer of the connected Unix socket `fd` runs as.
    private static func peerUID(of fd: Int32) throws(Failure) -> UInt32 {
        #if canImport(Darwin)
        var uid: uid_t = 0
        var gid: gid_t = 0
        guard getpeereid(fd, &uid, &gid) == 0 else { throw .peerCredentials(operation: "getpeereid", code: errno) }
        return UInt32(uid)
        #else
        // `struct ucred` (pid, uid, gid) is declared only under _GNU_SOURCE; a tuple has its layout.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .peerCredentials(operation: "getsockopt SO_PEERCRED", code: errno)
        }
        return credentials.uid
        #endif
    }
}

/// `SOCK_STREAM` as `socket` and `addrinfo` take it (a plain constant on Darwin, an enum on Glibc),
/// and the flag that keeps `send` from raising SIGPIPE where there is one.
#if canImport(Darwin)
private let streamType = SOCK_STREAM
private let noSignal: Int32 = 0
#else
private let streamType = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#endif
