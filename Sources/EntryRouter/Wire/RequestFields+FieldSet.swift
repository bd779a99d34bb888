/// The set of fields a request carries or an op defines (`OpName.fields`), one bit per field; each
/// field's bit and its name as a set are with the vocabulary (`Vocabulary/RequestVocabulary.swift`).
extension RequestFields {
    /// A set of fields, one bit each: the decoder marks each member it reads, and the op's set is
    /// checked once, after the line, so that a known key costs one `or` more.
    struct FieldSet: OptionSet {
        let rawValue: UInt32

        init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        init(_ field: Field) {
            rawValue = 1 << field.bit
        }

        /// The members every request may carry.
        static var common: FieldSet { [FieldSet(.req), FieldSet(.op)] }

        /// The fields in the set, in `Field`'s order.
        var members: [Field] {
            Field.allCases.filter { contains(FieldSet($0)) }
        }
    }
}
