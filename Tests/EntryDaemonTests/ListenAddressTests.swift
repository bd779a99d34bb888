import EntryDaemon
import Testing

/// `--listen` addresses and the token comparison, without a daemon.
@Suite struct ListenAddressTests {
    @Test(arguments: [
        ("tcp:127.0.0.1:7000", "127.0.0.1", 7000, true),
        ("tcp:127.8.9.10:0", "127.8.9.10", 0, true),
        ("tcp:localhost:7000", "127.0.0.1", 7000, true),
        ("tcp:[::1]:7000", "::1", 7000, true),
        ("tcp:::1:7000", "::1", 7000, true),
        ("tcp:0.0.0.0:7000", "0.0.0.0", 7000, false),
        ("tcp:192.168.1.2:7000", "192.168.1.2", 7000, false),
        ("tcp:[::]:7000", "::", 7000, false),
    ])
    func addressesAreReadAndLoopbackKnown(text: String, host: String, port: Int, loopback: Bool) throws {
        let address = try #require(ListenAddress(text))
        #expect(address.host == host && Int(address.port) == port)
        #expect(address.isIPAddress)
        #expect(address.isLoopback == loopback)
    }

    @Test(arguments: ["127.0.0.1:7000", "tcp:127.0.0.1", "tcp::7000", "tcp:127.0.0.1:70000", "unix:/tmp/s"])
    func otherShapesAreNotAddresses(text: String) {
        #expect(ListenAddress(text) == nil)
    }

    @Test func aNameIsNotAnIPAddress() throws {
        #expect(try #require(ListenAddress("tcp:example.com:7000")).isIPAddress == false)
    }

    @Test func theTokenMatchesOnlyItself() {
        let token = Array("0123abcd".utf8)
        #expect(TokenFile.matches("0123abcd".utf8, token))
        for other in ["0123abce", "0123abc", "0123abcde", "", "1123abcd"] {
            #expect(!TokenFile.matches(other.utf8, token), "\(other)")
        }
    }
}
