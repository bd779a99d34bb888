/// The set of fields a request carries or an op defines (`OpName.fields`), one bit per field: touched
/// only for a member name no op had before, with `Field` and `RequestFields`' slot for it.
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

        static var payload: FieldSet { FieldSet(.payload) }
        static var id: FieldSet { FieldSet(.id) }
        static var collapseId: FieldSet { FieldSet(.collapseId) }
        static var expiration: FieldSet { FieldSet(.expiration) }
        static var url: FieldSet { FieldSet(.url) }
        static var source: FieldSet { FieldSet(.source) }
        static var kind: FieldSet { FieldSet(.kind) }
        static var limit: FieldSet { FieldSet(.limit) }
        static var after: FieldSet { FieldSet(.after) }
        static var by: FieldSet { FieldSet(.by) }
        static var scene: FieldSet { FieldSet(.scene) }
        static var launch: FieldSet { FieldSet(.launch) }
        static var screen: FieldSet { FieldSet(.screen) }
        static var modal: FieldSet { FieldSet(.modal) }
        static var action: FieldSet { FieldSet(.action) }
        static var busy: FieldSet { FieldSet(.busy) }
        static var parent: FieldSet { FieldSet(.parent) }
        static var gate: FieldSet { FieldSet(.gate) }
        static var open: FieldSet { FieldSet(.open) }
        static var platform: FieldSet { FieldSet(.platform) }
        static var fcm: FieldSet { FieldSet(.fcm) }
        static var token: FieldSet { FieldSet(.token) }
        static var confirms: FieldSet { FieldSet(.confirms) }
        static var step: FieldSet { FieldSet(.step) }
        /// The members every request may carry.
        static var common: FieldSet { [FieldSet(.req), FieldSet(.op)] }

        /// The fields in the set, in `Field`'s order.
        var members: [Field] {
            Field.allCases.filter { contains(FieldSet($0)) }
        }
    }
}
