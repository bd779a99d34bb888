import EntryDaemon
import Testing

struct SocketPathTests {
    struct Case: Sendable {
        var flag: String?
        var environment: [String: String]
        var expected: String
    }

    static let cases: [Case] = [
        Case(flag: "/a.sock", environment: ["ENTRYD_SOCKET": "/b.sock", "XDG_RUNTIME_DIR": "/run/user/5"], expected: "/a.sock"),
        Case(flag: nil, environment: ["ENTRYD_SOCKET": "/b.sock", "XDG_RUNTIME_DIR": "/run/user/5"], expected: "/b.sock"),
        Case(flag: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/5"], expected: "/run/user/5/entryd.sock"),
        Case(flag: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/5/"], expected: "/run/user/5/entryd.sock"),
        Case(flag: nil, environment: ["ENTRYD_SOCKET": ""], expected: "/tmp/entryd-5/entryd.sock"),
        Case(flag: nil, environment: [:], expected: "/tmp/entryd-5/entryd.sock"),
    ]

    @Test(arguments: cases) func resolution(_ row: Case) {
        #expect(SocketPath.resolve(flag: row.flag, environment: row.environment, uid: 5) == row.expected)
    }

    @Test(arguments: [(106, true), (107, true), (108, false)])
    func lengthLimit(_ length: Int, _ fits: Bool) {
        let path = "/" + String(repeating: "p", count: length - 1)
        #expect(SocketPath.fits(path) == fits)
    }
}
