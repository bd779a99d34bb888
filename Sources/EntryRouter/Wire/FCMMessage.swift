/// A Firebase Cloud Messaging HTTP v1 message as a push (docs/PROTOCOL.md, push).
///
/// The message becomes the APNs-shaped payload routing already reads, once, when the request is
/// decoded: its `data` map plays the APNs custom keys (a dotted key, `inviter.name`, nests as the
/// key path that names it), `notification` the `aps.alert`, and `click_action` (the Android
/// analogue of a notification category) `aps.category`. So push selectors, `params` and
/// `pushLinkKey` read an FCM message as they read an APNs payload, and the APNs path is untouched.
/// Data values are strings in FCM; a selector that wants a number or a boolean is matched by
/// `RoutingTable.typedForFCM`, which knows the config.
package struct FCMMessage: Sendable, Hashable {
    package var payload: PushPayload
    /// `android.collapse_key`.
    package var collapseId: String?
    /// `android.ttl` in whole seconds (`"3600s"`; a fraction is cut off).
    package var ttl: Int64?

    /// Reads `value`: the message object, or the whole `{"message": {...}}` a sender posts.
    package init(_ value: JSONValue) throws(WireError) {
        var message = value
        if case .object(let top) = value, top.count == 1, let inner = top["message"] { message = inner }
        guard case .object(let members) = message else {
            throw WireError(.badRequest, "field `fcm` must be an FCM message object (or {\"message\": {...}})")
        }
        var payload: [String: JSONValue] = [:]
        if let data = members["data"] {
            guard case .object(let items) = data else { throw WireError(.badRequest, "field `fcm.data` must be an object of strings") }
            for (key, item) in items.sorted(by: { $0.key < $1.key }) {
                guard case .string = item else {
                    throw WireError(.badRequest, "field `fcm.data.\(key)` must be a string (FCM data values are strings)")
                }
                try Self.insert(item, at: key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                                into: &payload, key: key)
            }
        }
        // The members read are objects in FCM, and one of another type is refused rather than
        // read as absent: a sender's mistake there would drop its alert, collapse key or ttl.
        // `apns` is not read (an Android push), but a sender's message must still be well formed.
        let android = try Self.object(members["android"], "fcm.android")
        _ = try Self.object(members["apns"], "fcm.apns")
        var aps: [String: JSONValue] = [:]
        // The Android notification's fields override the message's, as they do on the phone.
        let notification = try Self.object(android["notification"], "fcm.android.notification")
            .merging(try Self.object(members["notification"], "fcm.notification")) { own, _ in own }
        var alert: [String: JSONValue] = [:]
        for key in ["title", "body"] {
            if case .string? = notification[key] { alert[key] = notification[key] }
        }
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        if case .string? = notification["click_action"] { aps["category"] = notification["click_action"] }
        if !aps.isEmpty {
            guard payload["aps"] == nil else { throw WireError(.badRequest, "field `fcm.data.aps` clashes with the alert made of `notification`") }
            payload["aps"] = .object(aps)
        }
        self.payload = PushPayload(.object(payload))
        switch android["collapse_key"] {
        case nil: collapseId = nil
        case .string(let key)?: collapseId = key
        default: throw WireError(.badRequest, "field `fcm.android.collapse_key` must be a string")
        }
        switch android["ttl"] {
        case nil: ttl = nil
        case .string(let text)?:
            guard let seconds = Self.seconds(text) else {
                throw WireError(.badRequest, "field `fcm.android.ttl` must be a duration such as \"3600s\"; got \"\(text)\"")
            }
            ttl = seconds
        default: throw WireError(.badRequest, "field `fcm.android.ttl` must be a duration string such as \"3600s\"")
        }
    }

    /// The members of an optional object field, none when it is absent; any other value is refused,
    /// naming the field.
    private static func object(_ value: JSONValue?, _ field: String) throws(WireError) -> [String: JSONValue] {
        switch value {
        case nil: return [:]
        case .object(let object)?: return object
        default: throw WireError(.badRequest, "field `\(field)` must be an object")
        }
    }

    /// Puts `value` at the key path `keys`, making the objects on the way.
    private static func insert(_ value: JSONValue, at keys: [String], into object: inout [String: JSONValue], key: String) throws(WireError) {
        guard let first = keys.first else { return }
        if keys.count == 1 {
            guard object[first] == nil else { throw clash(key) }
            object[first] = value
            return
        }
        var inner: [String: JSONValue]
        switch object[first] {
        case nil: inner = [:]
        case .object(let existing)?: inner = existing
        default: throw clash(key)
        }
        try insert(value, at: Array(keys.dropFirst()), into: &inner, key: key)
        object[first] = .object(inner)
    }

    private static func clash(_ key: String) -> WireError {
        WireError(.badRequest, "field `fcm.data.\(key)`: another data key already holds this key path")
    }

    /// A protobuf Duration as JSON writes it: seconds, an optional fraction, then `s`.
    static func seconds(_ text: String) -> Int64? {
        guard text.hasSuffix("s") else { return nil }
        let number = text.dropLast()
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(whole)
    }
}

/// What kind of push a request carried: an APNs payload, or an FCM message with its `android.ttl`,
/// which sets the expiration from the time it arrives.
package enum PushFormat: Sendable, Hashable {
    case apns
    case fcm(ttl: Int64?)
}
