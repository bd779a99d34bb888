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

    /// Numbers stay numbers in JSON, so that a log pipeline can compare them; text that looks like
    /// a number (a mode, an id) stays text.
    @Test func jsonKeepsNumbersAsNumbers() {
        let fields: Log.Fields = ["pid": .count(4242), "restored": .count(0), "mode": "0755", "exit": .number(-1)]
        let json = Log.line(time: LogTests.time, level: .info, message: "m", fields: fields, format: .json)
        #expect(json.hasSuffix(#""msg":"m","pid":4242,"restored":0,"mode":"0755","exit":-1}"#), "\(json)")
        let logfmt = Log.line(time: LogTests.time, level: .info, message: "m", fields: fields, format: .logfmt)
        #expect(logfmt.hasSuffix("msg=m pid=4242 restored=0 mode=0755 exit=-1"), "\(logfmt)")
    }

    /// The daemon's own lines carry their counts as numbers.
    @Test func theDaemonLogsItsCountsAsNumbers() {
        let daemon = LiveDaemon(["--store", ":memory:", "--log-format", "json"])
        #expect(daemon.stop() == 0)
        #expect(daemon.process.stderrText.contains(#""msg":"store opened","store":":memory:","restored":0}"#), "\(daemon.process.stderrText)")
        #expect(daemon.process.stderrText.contains(#""msg":"stopped","exit":0}"#), "\(daemon.process.stderrText)")
    }
}
