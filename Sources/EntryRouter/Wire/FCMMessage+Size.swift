/// FCM's 4096-byte limit as FCM counts it (docs/PROTOCOL.md, push): the payload the device gets,
/// not the request that carried it.
///
/// The count is the sum of the UTF-8 bytes of
/// - every key and value of the data the device gets (`android.data` when it has members, else
///   `data`), and
/// - every field name and value of the notification it shows (`notification` with
///   `android.notification`'s fields over it): a string value by its bytes, any other value by its
///   compact JSON text.
///
/// The envelope is not counted: `message`, `token`, `android.ttl`, `apns`, JSON's quotes, colons,
/// commas and whitespace: a message's size does not depend on how its sender formats it.
extension FCMMessage {
    static func countedBytes(data: FCMData?, notification: [String: JSONValue]) -> Int {
        var bytes = data?.countedBytes ?? 0
        for (key, value) in notification {
            bytes += key.utf8.count
            if case .string(let text) = value {
                bytes += text.utf8.count
            } else {
                var text: [UInt8] = []
                JSONWriter.append(value, to: &text)
                bytes += text.count
            }
        }
        return bytes
    }
}

extension RouterLimits {
    /// Why an FCM message of `bytes` counted bytes (`FCMMessage.countedBytes`) is too large, or nil
    /// when it fits `maxPayloadBytes`.
    package func sizeError(fcmBytes bytes: Int) -> WireError? {
        guard bytes > maxPayloadBytes else { return nil }
        return WireError(.payloadTooLarge, "FCM message carries \(bytes) bytes of data and notification keys and values, "
            + "over the \(maxPayloadBytes)-byte limit (--max-payload; FCM allows 4096)")
    }
}
