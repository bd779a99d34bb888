import EntryDaemon
import EntryRouter

/// `watch --json`: the daemon's line with a `"time"` member first, the moment the watcher read it
/// (RFC 3339, UTC, milliseconds, as the daemon's log writes its times). The daemon's events carry no
/// time of their own, and a line read later from a file would otherwise not say when it happened.
package enum TimedLine {
    /// The line with `"time"` spliced in after its `{`, leaving the daemon's bytes as they are; a line
    /// that is not an object is returned unchanged.
    package static func stamped(_ line: [UInt8], at time: Instant) -> [UInt8] {
        guard line.first == UInt8(ascii: "{") else { return line }
        let member = Array(#""time":""#.utf8) + Array(Log.timestamp(time).utf8) + [UInt8(ascii: "\"")]
        let rest = line.dropFirst()
        let empty = rest.drop { $0 == UInt8(ascii: " ") }.first == UInt8(ascii: "}")
        return [UInt8(ascii: "{")] + member + (empty ? [] : [UInt8(ascii: ",")]) + rest
    }
}
