/// How far an `advance` moves a manual clock (`serve --clock manual`), as people write a span:
/// a positive whole number and one unit, `ms`, `s`, `m`, `h` or `d` (`1500ms`, `90s`, `25h`), at most
/// ten years (`3650d`), so that a clock moved on stays far inside 64 bits.
///
/// The wire op and the scenario step read the same words, so a span that a scenario accepts is one
/// the daemon accepts.
package enum ClockAdvance {
    /// The longest span one `advance` takes.
    package static let maxMilliseconds: Int64 = 3650 * 86_400_000

    /// The milliseconds `text` stands for; nil for anything else, or a span over `maxMilliseconds`.
    package static func milliseconds(_ text: String) -> Int64? {
        let units: [(suffix: String, scale: Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let digits = text.utf8.dropLast(unit.suffix.utf8.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int64(String(decoding: digits, as: UTF8.self)), number > 0 else { return nil }
        let (milliseconds, overflow) = number.multipliedReportingOverflow(by: unit.scale)
        return overflow || milliseconds > maxMilliseconds ? nil : milliseconds
    }
}
