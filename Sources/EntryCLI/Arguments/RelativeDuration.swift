/// `--expires-in 30s|10m|2h|1d`: a span from now, as people write it, in whole seconds.
package enum RelativeDuration {
    /// The seconds `text` stands for: a positive whole number followed by one unit, `s`, `m`, `h` or `d`.
    package static func seconds(_ text: String) -> Int64? {
        guard let unit = text.last, let number = Int64(text.dropLast()), number > 0 else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3600
        case "d": scale = 86400
        default: return nil
        }
        let (seconds, overflow) = number.multipliedReportingOverflow(by: scale)
        return overflow ? nil : seconds
    }
}
