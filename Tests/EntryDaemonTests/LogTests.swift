import EntryDaemon
import EntryRouter
import Testing

struct LogTests {
    static let time = Instant(milliseconds: 1_700_000_000_123)

    @Test func logfmtQuotesOnlyWhatNeedsIt() {
        let line = Log.line(time: LogTests.time, level: .warn, message: "connection closed",
                            fields: ["conn": "c1", "reason": "peer \"x\"", "empty": ""], format: .logfmt)
        #expect(line == #"time=2023-11-14T22:13:20.123Z level=warn msg="connection closed" conn=c1 reason="peer \"x\"" empty="""#)
    }

    @Test func jsonIsOneObject() {
        let line = Log.line(time: LogTests.time, level: .info, message: "serving", fields: ["socket": "/tmp/s"], format: .json)
        #expect(line == #"{"time":"2023-11-14T22:13:20.123Z","level":"info","msg":"serving","socket":"/tmp/s"}"#)
    }
}
