import EntryKit

/// The names of the request fields as the key reader compares them, made once from `Field`: each
/// name's bytes read as the two little-endian words a key is read in (`JSONParser.fieldKey`), the
/// bytes past the name zero. Adding a field is adding its case.
///
/// Every key of every request is looked up here, so the table is a perfect hash: the multiplier is
/// searched for once, when the table is made, such that every name has a slot of its own. A key
/// then costs a multiplication and one comparison with the name in its slot. A name holds no zero
/// byte, so its words tell its length too, and a key of a different length never equals them.
struct RequestFieldNames {
    /// One slot: a name's words and the field it names; an empty slot names no field.
    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var field: RequestFields.Field?
    }

    /// The most bytes a name may have: the key reader holds a key of up to 15 bytes in two words,
    /// and anything longer takes the byte scan and names no field.
    static let maxLength = 15

    /// Every field's name.
    static let all = RequestFieldNames(RequestFields.Field.allCases)

    /// A power of two at least four times the number of names, so that a multiplier that places
    /// every name apart is found in a few tries.
    private let slots: [Slot]
    private let multiplier: UInt64
    /// 64 minus the bits of a slot's index: the hash's top bits are the index.
    private let shift: UInt64

    /// The table of `fields`' names, which must be plain ASCII (no quote, backslash or control
    /// character: the key reader stops at those) and 1 to `maxLength` bytes long.
    init(_ fields: [RequestFields.Field]) {
        let names = fields.map { field in
            let bytes = Array(field.rawValue.utf8)
            precondition((1...Self.maxLength).contains(bytes.count),
                         "field name `\(field.rawValue)` must be 1 to \(Self.maxLength) bytes")
            precondition(bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != ASCII.quote && $0 != ASCII.backslash },
                         "field name `\(field.rawValue)` must be plain ASCII")
            return bytes.withBufferView { Slot(low: $0.loadPartialWord(at: 0), high: $0.loadPartialWord(at: 8), field: field) }
        }
        var bits: UInt64 = 1
        while 1 << bits < 4 * names.count { bits += 1 }
        let shift = 64 - bits
        // Odd multipliers from a fixed sequence, so that every run makes the same table.
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        while true {
            var slots = Array(repeating: Slot(), count: 1 << bits)
            let placed = names.allSatisfy { name in
                let index = Self.index(low: name.low, high: name.high, multiplier: candidate, shift: shift)
                guard slots[index].field == nil else { return false }
                slots[index] = name
                return true
            }
            if placed {
                self.slots = slots
                multiplier = candidate
                self.shift = shift
                return
            }
            candidate = candidate &* 0x5851_F42D_4C95_7F2D &+ 0x1405_7B7E_F767_814F | 1
        }
    }

    @inline(__always)
    private static func index(low: UInt64, high: UInt64, multiplier: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ high &* 0xBF58_476D_1CE4_E5B9) &* multiplier) >> shift)
    }

    /// The field whose name is the bytes `low` and `high` (read as `loadWord` reads them, the bytes
    /// past the key zero); nil for a key that names no field.
    @inline(__always)
    func field(low: UInt64, high: UInt64) -> RequestFields.Field? {
        let slot = slots[Self.index(low: low, high: high, multiplier: multiplier, shift: shift)]
        return slot.low == low && slot.high == high ? slot.field : nil
    }
}
