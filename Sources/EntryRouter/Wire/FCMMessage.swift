/// A Firebase Cloud Messaging HTTP v1 message as a push (docs/PROTOCOL.md, push).
///
/// The message becomes the APNs-shaped payload routing already reads, once, when the request is
/// decoded: the data the device gets plays the APNs custom keys (a dotted key, `inviter.name`,
/// nests as the key path that names it), `notification` the `aps.alert`, and `click_action` (the
/// Android analogue of a notification category) `aps.category`. So push selectors, `params` and
/// `pushLinkKey` read an FCM message as they read an APNs payload, and the APNs path is untouched.
/// Data values are strings in FCM; a selector that wants a number or a boolean is matched by
/// `RoutingTable.typedForFCM`, which knows the config.
package struct FCMMessage: Sendable, Hashable {
    package var payload: PushPayload
    /// `android.collapse_key`.
    package var collapseId: String?
    /// `android.ttl` in whole seconds (`"3600s"`; a fraction is cut off).
    package var ttl: Int64?
    /// What counts against the 4096-byte limit, as FCM counts it: the data and the notification,
    /// not the envelope (`FCMMessage+Size.swift`).
    package var countedBytes: Int

    /// Reads `value`: the message object, or the whole `{"message": {...}}` a sender posts.
    package init(_ value: JSONValue) throws(FCMMessageError) {
        let members = try Self.messageMembers(of: value)
        // The members read are objects in FCM, and one of another type is refused rather than
        // read as absent: a sender's mistake there would drop its alert, collapse key or ttl.
        // `apns` is not read (an Android push), but a sender's message must still be well formed.
        let android = try Self.object(members["android"], "fcm.android")
        _ = try Self.object(members["apns"], "fcm.apns")
        let data = try members["data"].map { value throws(FCMMessageError) in try FCMData(value, field: "fcm.data") }
        let androidData = try android["data"].map { value throws(FCMMessageError) in try FCMData(value, field: "fcm.android.data") }
        // On the device `android.data` replaces `data` whole: no key of `data` is kept beside it. An
        // empty one is no replacement: a protobuf map has no presence, so FCM reads `{}` as absent.
        let delivered = androidData.flatMap { $0.items.isEmpty ? nil : $0 } ?? data
        var payload: [String: JSONValue] = [:]
        for item in delivered?.items ?? [] {
            try Self.insert(.string(item.value), at: item.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init),
                            into: &payload, field: "\(delivered?.field ?? "fcm.data").\(item.key)")
        }
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
            guard payload["aps"] == nil else {
                throw .keyPathClash(field: "\(delivered?.field ?? "fcm.data").aps", with: "the alert made of `notification`")
            }
            payload["aps"] = .object(aps)
        }
        self.payload = PushPayload(.object(payload))
        countedBytes = Self.countedBytes(data: delivered, notification: notification)
        switch android["collapse_key"] {
        case nil: collapseId = nil
        case .string(let key)?: collapseId = key
        default: throw .wrongType(field: "fcm.android.collapse_key", expected: "a string")
        }
        switch android["ttl"] {
        case nil: ttl = nil
        case .string(let text)?:
            guard let seconds = Self.seconds(text) else { throw .badDuration(field: "fcm.android.ttl", text: text) }
            ttl = seconds
        default: throw .wrongType(field: "fcm.android.ttl", expected: "a duration string such as \"3600s\"")
        }
    }

    /// The members of an optional object field, none when it is absent; any other value is refused,
    /// naming the field.
    private static func object(_ value: JSONValue?, _ field: String) throws(FCMMessageError) -> [String: JSONValue] {
        switch value {
        case nil: return [:]
        case .object(let object)?: return object
        default: throw .wrongType(field: field, expected: "an object")
        }
    }

    /// Puts `value` at the key path `keys`, making the objects on the way; `field` names the data
    /// key it came from.
    private static func insert(_ value: JSONValue, at keys: [String], into object: inout [String: JSONValue],
                               field: String) throws(FCMMessageError) {
        guard let first = keys.first else { return }
        let clash = FCMMessageError.keyPathClash(field: field, with: "another data key")
        if keys.count == 1 {
            guard object[first] == nil else { throw clash }
            object[first] = value
            return
        }
        var inner: [String: JSONValue]
        switch object[first] {
        case nil: inner = [:]
        case .object(let existing)?: inner = existing
        default: throw clash
        }
        try insert(value, at: Array(keys.dropFirst()), into: &inner, field: field)
        object[first] = .object(inner)
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
