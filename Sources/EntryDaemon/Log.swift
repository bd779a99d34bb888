import EntryRouter
import Glibc

/// Writes one line per event to stderr: logfmt (`time=… level=info msg="…" key=value`) or JSON.
package struct Log: Sendable {
    /// A field's value: text, or a number, which a JSON line keeps a number so that a log pipeline
    /// can compare and sum it. A string literal or interpolation is text.
    package enum Value: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
        case text(String)
        case number(Int64)

        package init(stringLiteral value: String) {
            self = .text(value)
        }

        /// `value` as a number.
        package static func count<Integer: BinaryInteger>(_ value: Integer) -> Value {
            .number(Int64(clamping: value))
        }

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            }
        }
    }

    package typealias Fields = KeyValuePairs<String, Value>

    /// Severity, lowest first; lines below the configured level are dropped.
    package enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warn, error

        package init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name }) else { return nil }
            self = level
        }

        package var name: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warn: "warn"
            case .error: "error"
            }
        }

        package static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    package enum Format: String, Sendable, CaseIterable {
        case logfmt, json
    }

    package var level: Level
    package var format: Format
    /// Where lines go; a file descriptor so that each line is one `write`, never interleaved.
    package var fd: Int32

    package init(level: Level = .info, format: Format = .logfmt, fd: Int32 = 2) {
        self.level = level
        self.format = format
        self.fd = fd
    }

    package func debug(_ message: String, _ fields: Fields = [:]) { write(.debug, message, fields) }
    package func info(_ message: String, _ fields: Fields = [:]) { write(.info, message, fields) }
    package func warn(_ message: String, _ fields: Fields = [:]) { write(.warn, message, fields) }
    package func error(_ message: String, _ fields: Fields = [:]) { write(.error, message, fields) }

    package func write(_ level: Level, _ message: String, _ fields: Fields) {
        guard level >= self.level else { return }
        let line = Log.line(time: WallClock.now(), level: level, message: message, fields: fields, format: format)
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// One formatted line without its newline.
    package static func line(time: Instant, level: Level, message: String, fields: Fields,
                             format: Format) -> String {
        var pairs: [(String, Value)] = [("time", .text(timestamp(time))), ("level", .text(level.name)), ("msg", .text(message))]
        pairs.append(contentsOf: fields.map { ($0.key, $0.value) })
        switch format {
        case .logfmt:
            return pairs.map { "\($0.0)=\(logfmtValue($0.1.text))" }.joined(separator: " ")
        case .json:
            return "{" + pairs.map { "\(jsonString($0.0)):\(jsonValue($0.1))" }.joined(separator: ",") + "}"
        }
    }

    /// RFC 3339 in UTC with milliseconds.
    package static func timestamp(_ time: Instant) -> String {
        var seconds = time_t(time.milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ n: Int32, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(time.milliseconds % 1000), 3))Z"
    }

    /// A logfmt value, quoted when it is empty or holds a space, `=`, a quote or a control character.
    static func logfmtValue(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "=" && $0 != "\"" && $0 != "\\" }
        return plain ? value : jsonString(value)
    }

    static func jsonValue(_ value: Value) -> String {
        switch value {
        case .text(let text): jsonString(text)
        case .number(let number): String(number)
        }
    }

    /// `value` as a quoted JSON string (the wire codec's escaping).
    static func jsonString(_ value: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
