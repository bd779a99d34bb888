import EntryRouter
import Glibc
@testable import EntryDaemon

/// A sender that writes request lines as fast as the daemon's socket takes them while it reads the
/// replies on the same thread (poll on one non-blocking socket), so requests are in flight in every
/// state of the daemon: not yet read, decoded, being committed, replied.
///
/// At a given moment (a line written, a reply read) it runs an action once (the crash test's
/// `kill -9`) while the daemon is still busy, and then reads on until the connection ends: replies the
/// daemon wrote before it died still count.
final class PipelinedStream {
    private let fd: Int32

    init?(path: String) {
        guard let address = UnixAddress(path: path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, address.withSockaddr({ connect(fd, $0, $1) }) == 0 else {
            if fd >= 0 { close(fd) }
            return nil
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.fd = fd
    }

    deinit { close(fd) }

    /// What a run saw: the replies in order, and whether the daemon went silent instead of
    /// answering or closing (a hang: the test fails on it).
    struct Outcome {
        var replies: [JSONValue] = []
        var stalled = false
    }

    /// When the action runs.
    enum Moment {
        /// Right after the write that completes this many lines (0: before writing): the daemon is
        /// reading or deciding.
        case written(Int)
        /// Right after this many replies were read: the daemon has just written them, and is
        /// already busy with the lines after them.
        case replied(Int)
    }

    /// Streams `lines`, one write per batch (`batches` gives their sizes in lines, repeated as needed),
    /// calls `action` once at `moment`, and reads replies until the end of the stream.
    func run(_ lines: [String], batches: [Int], actAt moment: Moment, _ action: () -> Void) -> Outcome {
        var writes: [[UInt8]] = []
        var sentLines: [Int] = []
        var index = 0
        while index < lines.count {
            let count = min(max(batches[writes.count % batches.count], 1), lines.count - index)
            writes.append(lines[index..<(index + count)].reduce(into: [UInt8]()) { $0 += Array($1.utf8) + [UInt8(ascii: "\n")] })
            index += count
            sentLines.append(index)
        }
        var write = 0
        var offset = 0
        var acted = false
        var input: [UInt8] = []
        var outcome = Outcome()
        func act(when due: Bool) {
            guard due && !acted else { return }
            acted = true
            action()
        }
        if case .written(0) = moment { act(when: true) }
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN) | (write < writes.count ? Int16(POLLOUT) : 0), revents: 0)
            guard poll(&poller, 1, 10_000) > 0 else {
                outcome.stalled = true
                return outcome
            }
            if write < writes.count && poller.revents & Int16(POLLOUT) != 0 {
                let n = writes[write][offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n > 0 {
                    offset += n
                } else if n < 0 && errno != EAGAIN && errno != EINTR {
                    write = writes.count
                }
                if write < writes.count && offset == writes[write].count {
                    offset = 0
                    write += 1
                    if case .written(let count) = moment { act(when: sentLines[write - 1] >= count) }
                }
            }
            guard poller.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard n > 0 else { return outcome }
            input += chunk[..<n]
            while let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                if let reply = try? JSONValue.parse(input[..<newline]) { outcome.replies.append(reply) }
                input.removeFirst(newline + 1)
                if case .replied(let count) = moment { act(when: outcome.replies.count >= count) }
            }
        }
    }
}
