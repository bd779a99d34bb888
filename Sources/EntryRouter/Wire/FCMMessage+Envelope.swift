/// The message out of what a sender posts (docs/PROTOCOL.md, push): FCM's HTTP v1 request body,
/// `{"message": {...}}` with an optional `validate_only`, or the message alone.
///
/// The legacy HTTP API's bodies (`to`, `registration_ids`, `time_to_live`, ...) are refused with
/// the v1 shape to send instead: FCM no longer takes them, and read as a v1 message they would
/// lose their target, their ttl or their collapse key without a word. A member a v1 message does
/// not have is refused as FCM refuses it, naming the nearest one it has.
extension FCMMessage {
    /// The members of a v1 message (FCM's `Message` resource).
    static let messageFields = ["name", "token", "topic", "condition", "data", "notification", "android",
                                "webpush", "apns", "fcm_options"]

    /// Members of the legacy HTTP API, and where HTTP v1 has what each meant.
    static let legacyFields: [String: String] = [
        "to": "the target as `token`, `topic` or `condition`",
        "registration_ids": "one message per `token`",
        "notification_key": "the target as `token`, `topic` or `condition`",
        "collapse_key": "`android.collapse_key`",
        "time_to_live": "`android.ttl`, a duration such as \"3600s\"",
        "priority": "`android.priority`",
        "restricted_package_name": "`android.restricted_package_name`",
        "content_available": "`apns.payload.aps.content-available`",
        "mutable_content": "`apns.payload.aps.mutable-content`",
        "dry_run": "`validate_only` beside `message`",
    ]

    /// The message's members: those of `value`'s `message` when `value` is a request body, else
    /// those of `value`.
    static func messageMembers(of value: JSONValue) throws(FCMMessageError) -> [String: JSONValue] {
        guard case .object(var members) = value else { throw .notAMessage }
        if let inner = members["message"] {
            for key in members.keys.sorted() where key != "message" {
                try checkBesideMessage(key, members[key])
            }
            guard case .object(let message) = inner else {
                throw .wrongType(field: "fcm.message", expected: "an object (the HTTP v1 message)")
            }
            members = message
        }
        for key in members.keys.sorted() where !messageFields.contains(key) {
            if let v1 = legacyFields[key] { throw .legacyField(field: "fcm.\(key)", v1: v1) }
            throw .unknownField(field: "fcm.\(key)", suggestion: NearestName.suggestion(for: key, among: messageFields))
        }
        return members
    }

    /// `validate_only` is the one member a request body has beside `message`. It must be a boolean,
    /// and not true: FCM would deliver nothing, while the router delivers what it accepts.
    private static func checkBesideMessage(_ key: String, _ value: JSONValue?) throws(FCMMessageError) {
        guard key == "validate_only" else {
            if let v1 = legacyFields[key] { throw .legacyField(field: "fcm.\(key)", v1: v1) }
            throw .besideMessage(field: "fcm.\(key)")
        }
        switch value {
        case .bool(false)?: return
        case .bool(true)?: throw .validateOnly
        default: throw .wrongType(field: "fcm.validate_only", expected: "a boolean")
        }
    }
}
