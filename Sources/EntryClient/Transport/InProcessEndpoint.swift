/// An engine running in the same process as the client, as a test's in-process daemon hosts it
/// (`EntryTesting`'s `TestDaemon` in its in-process mode). The client talks to it through the same
/// line codec as to a socket; only the bytes' way differs.
public final class InProcessEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// What errors and logs call it.
    public let name: String
    private let opener: @Sendable () throws(EntryClientError) -> any LineTransport

    package init(name: String, connect: @escaping @Sendable () throws(EntryClientError) -> any LineTransport) {
        self.name = name
        opener = connect
    }

    func connect() throws(EntryClientError) -> any LineTransport {
        try opener()
    }

    public var description: String { "in-process:" + name }

    public static func == (a: InProcessEndpoint, b: InProcessEndpoint) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
