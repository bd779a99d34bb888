/// A TCP address `serve --listen tcp:HOST:PORT` names (docs/PROTOCOL.md). An IPv6 host may be written in
/// brackets (`tcp:[::1]:7000`); `localhost` is 127.0.0.1, so that it never depends on the resolver.
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: UInt16

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `tcp:HOST:PORT`; nil when it is not that shape. Whether HOST is an IP address is known
    /// only when it is bound.
    package init?(_ text: String) {
        guard text.hasPrefix("tcp:"), let colon = text.lastIndex(of: ":"), colon > text.index(text.startIndex, offsetBy: 3),
              let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[text.index(text.startIndex, offsetBy: 4)..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.port = port
    }

    /// Whether the host is an IPv4 or IPv6 address (names other than `localhost` are not looked up).
    package var isIPAddress: Bool { TCPAddress(host: host, port: port) != nil }

    /// Whether only this machine can reach the address: 127.0.0.0/8 or ::1.
    package var isLoopback: Bool { TCPAddress(host: host, port: port)?.isLoopback ?? false }

    package var description: String { host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)" }
}
