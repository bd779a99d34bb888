/// The size of a payload as the app would receive it (docs/PROTOCOL.md's 4096-byte limit).
extension PushPayload {
    /// The bytes of the payload's top-level `"Simulator Target Bundle"` member (its key, value and one
    /// separating comma), or 0 when it has none. The simulator strips that key before delivery, so a
    /// payload that fits APNs' limit only without it is still a payload APNs takes.
    var simulatorBundleBytes: Int {
        let key = Array(RoutingTable.simulatorBundleKey.utf8)
        return withContents { text, members in
            guard kind == .object else { return 0 }
            var index = 0
            while index < members.count {
                let member = members[index]
                let keyBytes = text[Int(member.keyStart)..<Int(member.keyEnd)]
                if member.keyPlain && keyBytes.elementsEqual(key) {
                    let memberBytes = Int(member.valueEnd) - Int(member.keyStart - 1)
                    let comma = members.count > Int(member.subtreeEnd) || index > 0 ? 1 : 0
                    return memberBytes + comma
                }
                index = Int(member.subtreeEnd)
            }
            return 0
        }
    }
}

extension RouterLimits {
    /// Why a payload of `bytes` bytes is too large, or nil when it fits `maxPayloadBytes`. The
    /// simulator's bundle key counts only when the payload is over the limit with it: then it is
    /// measured and taken off.
    func sizeError(push payload: PushPayload, bytes: Int) -> WireError? {
        guard bytes > maxPayloadBytes else { return nil }
        let delivered = bytes - payload.simulatorBundleBytes
        guard delivered > maxPayloadBytes else { return nil }
        let without = delivered < bytes ? " without \"\(RoutingTable.simulatorBundleKey)\"" : ""
        return WireError(.payloadTooLarge, "push payload is \(delivered) bytes\(without), over the \(maxPayloadBytes)-byte limit (--max-payload; APNs allows 4096)")
    }
}
