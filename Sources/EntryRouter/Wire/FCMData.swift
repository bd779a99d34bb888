/// An FCM `data` map, or `android.data`: the sender's own keys, each with a string value, none of
/// them a key FCM keeps for itself. FCM refuses a message that breaks either rule, and the device
/// delivers the values as strings, so the router reads them as FCM checks them.
struct FCMData: Sendable {
    /// The members in key order, so that an error names the same key on every run.
    let items: [(key: String, value: String)]
    /// The field as the sender wrote it: `fcm.data` or `fcm.android.data`.
    let field: String

    /// Reads `value`, the member `field` of a message.
    init(_ value: JSONValue, field: String) throws(FCMMessageError) {
        guard case .object(let members) = value else { throw .wrongType(field: field, expected: "an object of strings") }
        var items: [(key: String, value: String)] = []
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if Self.isReserved(key) { throw .reservedKey(field: "\(field).\(key)", key: key) }
            guard case .string(let text) = member else {
                throw .wrongType(field: "\(field).\(key)", expected: "a string (FCM data values are strings)")
            }
            items.append((key, text))
        }
        self.items = items
        self.field = field
    }

    /// Whether FCM keeps `key` for itself: the keys its SDK puts beside the sender's in the intent
    /// extras on the device (`from`, `message_type`, `google.message_id`, `gcm.notification.title`),
    /// and `notification`, the message's own member.
    static func isReserved(_ key: String) -> Bool {
        reservedKeys.contains(key) || key.hasPrefix("google.") || key.hasPrefix("gcm.")
    }

    private static let reservedKeys: Set<String> = ["from", "message_type", "notification"]

    /// The UTF-8 bytes of every key and value: what the data adds to FCM's 4096-byte limit
    /// (`FCMMessage.countedBytes`).
    var countedBytes: Int {
        items.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }
}
