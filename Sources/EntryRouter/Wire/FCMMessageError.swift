/// Why an FCM message is refused (docs/PROTOCOL.md, push): each case carries the field at fault as
/// the sender wrote it under `fcm`, so that the `bad_request` reply names what to change. A message
/// FCM itself would refuse is refused here too: a test push that passes where the real one fails
/// would hide the sender's mistake until production.
package enum FCMMessageError: Error, Sendable, Hashable {
    /// `fcm` is not an object.
    case notAMessage
    /// A member of another JSON type than the one FCM defines; `expected` says which.
    case wrongType(field: String, expected: String)
    /// `android.ttl` that is not a protobuf duration.
    case badDuration(field: String, text: String)
    /// A `data` (or `android.data`) key FCM keeps for itself: `from`, `message_type`,
    /// `notification`, or one starting `google.` or `gcm.`.
    case reservedKey(field: String, key: String)
    /// Two data keys naming one key path (`a` and `a.b`), or a data `aps` beside the alert made of
    /// `notification`.
    case keyPathClash(field: String, with: String)
    /// A member of FCM's legacy HTTP API (`to`, `registration_ids`, `time_to_live`, ...), which FCM
    /// no longer takes; `v1` says where HTTP v1 has what it meant.
    case legacyField(field: String, v1: String)
    /// A member beside `message` other than `validate_only`.
    case besideMessage(field: String)
    /// A member an HTTP v1 message does not have; `suggestion` is the nearest one it has.
    case unknownField(field: String, suggestion: String?)
    /// `validate_only: true`: FCM would check the message and deliver nothing.
    case validateOnly

    /// The shape FCM's HTTP v1 API takes, shown to a sender who wrote another.
    package static let v1Shape = #"{"message":{"token":…,"data":{…}}}"#

    /// The field at fault, as `fcm.data.from`.
    package var field: String {
        switch self {
        case .notAMessage: "fcm"
        case .wrongType(let field, _), .badDuration(let field, _), .reservedKey(let field, _),
             .keyPathClash(let field, _), .legacyField(let field, _), .besideMessage(let field),
             .unknownField(let field, _):
            field
        case .validateOnly: "fcm.validate_only"
        }
    }

    /// What is wrong, naming the field, and what to send instead.
    package var message: String {
        switch self {
        case .notAMessage:
            "field `fcm` must be an FCM message object (or {\"message\": {...}})"
        case .wrongType(let field, let expected):
            "field `\(field)` must be \(expected)"
        case .badDuration(let field, let text):
            "field `\(field)` must be a duration such as \"3600s\"; got \"\(text)\""
        case .reservedKey(let field, let key):
            "field `\(field)`: FCM reserves the data key \"\(key)\" (from, message_type, notification, "
                + "and keys starting google. or gcm.) and refuses a message that carries it; rename the key"
        case .keyPathClash(let field, let with):
            "field `\(field)`: \(with) already holds this key path"
        case .legacyField(let field, let v1):
            "field `\(field)` belongs to FCM's legacy HTTP API, which FCM no longer accepts; "
                + "send an HTTP v1 message, \(Self.v1Shape), with \(v1)"
        case .besideMessage(let field):
            "field `\(field)`: an FCM HTTP v1 request holds `message` and, optionally, `validate_only`, "
                + "nothing else: \(Self.v1Shape)"
        case .unknownField(let field, let suggestion):
            "field `\(field)` is not a member of an FCM HTTP v1 message (\(Self.v1Shape))"
                + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
        case .validateOnly:
            "field `fcm.validate_only` is true: FCM would check the message and deliver nothing, while "
                + "entryd delivers every push it accepts; leave it out, or check the message with `entryd route --fcm FILE`"
        }
    }
}

extension WireError {
    /// An FCM message refused for its shape: always `bad_request`.
    package init(_ error: FCMMessageError) {
        self.init(.badRequest, error.message)
    }
}
