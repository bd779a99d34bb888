import EntryKit

/// The exact decimal digits of an integral JSON number, read from its text rather than its `Double`:
/// above 2^53 a `Double` no longer holds every integer, so 9007199254740993 would come back as
/// 9007199254740992.
enum ExactInteger {
    /// Integers of this magnitude or more are checked against their text (`JSONValue.largeInteger`);
    /// below it a `Double` holds every integer exactly. 2^53 itself is included: the text
    /// 9007199254740993 rounds to it.
    static let doubleLimit = 9_007_199_254_740_992.0

    /// The most digits an integral value of a finite `Double` has, with room to spare; a longer
    /// result means the text is not such a number.
    private static let maxDigits = 400

    /// The decimal digits (a `-` first when negative, no leading zeros, `0` for zero) of the value of
    /// `text`, a valid JSON number, when that value is an integer; nil when it has a fraction.
    static func digits(ofNumber text: ByteView) -> String? {
        var index = 0
        let negative = text.first == ASCII.minus
        if negative { index += 1 }
        var significand: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            if byte == ASCII.dot {
                inFraction = true
            } else if byte >= ASCII.zero && byte <= ASCII.nine {
                // Leading zeros carry nothing; zeros after the point still count as fraction digits.
                if !(significand.isEmpty && byte == ASCII.zero) { significand.append(byte) }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < text.count {
            index += 1
            var exponentNegative = false
            if text[index] == ASCII.minus || text[index] == ASCII.plus {
                exponentNegative = text[index] == ASCII.minus
                index += 1
            }
            while index < text.count {
                // Saturated: a larger exponent than this makes no finite integral Double anyway.
                exponent = min(exponent * 10 + Int(text[index] &- ASCII.zero), 1_000_000)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        var scale = exponent - fractionDigits
        while let last = significand.last, last == ASCII.zero {
            significand.removeLast()
            scale += 1
        }
        guard !significand.isEmpty else { return "0" }
        guard scale >= 0, significand.count + scale <= maxDigits else { return nil }
        var digits = negative ? [ASCII.minus] : []
        digits += significand
        digits += repeatElement(ASCII.zero, count: scale)
        return String(decoding: digits, as: UTF8.self)
    }
}

extension JSONValue {
    /// The value of a JSON number whose text is `text` and whose nearest `Double` is `value`: that
    /// `Double`, or `largeInteger` for an integer within `Int64` that it is not exactly. Every number a
    /// parser reads goes through here, so equal numbers are equal values, and a number the writer
    /// wrote reads back as the value it was written from.
    static func number(_ value: Double, text: ByteView) -> JSONValue {
        if abs(value) < ExactInteger.doubleLimit { return .number(value) }
        return numberBeyondDoubleIntegers(value, text: text)
    }

    @inline(never)
    private static func numberBeyondDoubleIntegers(_ value: Double, text: ByteView) -> JSONValue {
        guard let digits = ExactInteger.digits(ofNumber: text), let integer = Int64(digits) else { return .number(value) }
        // -2^63 is an Int64 and a Double exactly; +2^63 is no Int64.
        let exact = value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0 && Int64(value) == integer
        return exact ? .number(value) : .largeInteger(integer)
    }
}
