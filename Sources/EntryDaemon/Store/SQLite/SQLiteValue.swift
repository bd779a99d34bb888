/// A value bound to a statement parameter: the only three kinds the store writes.
enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    /// `text`, or `null` for nil.
    init(_ text: String?) {
        self = text.map(SQLiteValue.text) ?? .null
    }

    /// `integer`, or `null` for nil.
    init(_ integer: Int64?) {
        self = integer.map(SQLiteValue.integer) ?? .null
    }
}
