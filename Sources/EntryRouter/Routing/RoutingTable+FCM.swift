/// FCM messages (docs/CONFIG.md): their `data` values are strings, where an APNs payload may carry a
/// number or a boolean, so that a selector wanting `true` or `2` is matched by the string that
/// reads as it. Off the APNs path: an FCM push is made into an APNs-shaped payload once more.
extension RoutingTable {
    /// Routes an FCM message made into a payload, `payloadBytes` its counted bytes
    /// (`FCMMessage.countedBytes`), measured against the limit as FCM measures them.
    package func route(fcm payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        if let tooLarge = limits.sizeError(fcmBytes: payloadBytes) { return .failure(tooLarge) }
        return route(push: typedForFCM(payload), payloadBytes: payloadBytes)
    }

    /// Why an FCM message routes where it does, or why it does not (`entryd route --fcm`).
    package func explain(fcm message: FCMMessage) -> RouteExplanation {
        if let tooLarge = limits.sizeError(fcmBytes: message.countedBytes) {
            return RouteExplanation(push: nil, hops: [], result: .failure(tooLarge))
        }
        return explain(push: typedForFCM(message.payload), payloadBytes: message.countedBytes)
    }

    /// `payload` with each string at a key path some selector wants a non-string value at, and
    /// that parses as exactly that value, replaced by the value; the payload itself when none is.
    package func typedForFCM(_ payload: PushPayload) -> PushPayload {
        var value = payload.value
        var changed = false
        for route in config.routes {
            for (path, expected) in route.push ?? [:] {
                if case .string = expected { continue }
                guard case .string(let text)? = value[path: path], (try? JSONValue.parse(Array(text.utf8)[...])) == expected else { continue }
                value.set(expected, at: path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...])
                changed = true
            }
        }
        return changed ? PushPayload(value) : payload
    }
}

extension JSONValue {
    /// Sets the member at the key path `keys`, which exists (the caller read it).
    fileprivate mutating func set(_ newValue: JSONValue, at keys: ArraySlice<String>) {
        guard let key = keys.first else {
            self = newValue
            return
        }
        guard case .object(var members) = self, var member = members[key] else { return }
        member.set(newValue, at: keys.dropFirst())
        members[key] = member
        self = .object(members)
    }
}
