/// Push payloads: the `pushLinkKey` URL, else the push selectors in file order (SPEC §4).
extension RoutingTable {
    /// Routes a push payload: its `pushLinkKey` URL, else the first route in file order whose
    /// `push` selector matches.
    public func route(push payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        guard payloadBytes <= limits.maxPayloadBytes else {
            return .failure(WireError(.payloadTooLarge, "push payload is \(payloadBytes) bytes, over the \(limits.maxPayloadBytes)-byte limit (--max-payload; APNs allows 4096)"))
        }
        guard payload.isObject else { return .failure(WireError(.noRoute, "push payload is not a JSON object")) }
        if let member = payload.member(at: Self.simulatorBundlePath), case let bundle = payload.value(of: member),
           bundle.stringValue != config.bundleId {
            let named = bundle.stringValue.map { "\"\($0)\"" } ?? "a non-string value"
            return .failure(WireError(.wrongBundle, "payload's \"\(Self.simulatorBundleKey)\" is \(named), this config is for \"\(config.bundleId)\""))
        }
        if let path = pushLinkPath, let member = payload.member(at: path), let link = payload.string(at: member) {
            return route(url: link)
        }
        if let match = pushRoutes.match(payload) {
            return finish(route: match.route, params: match.params, identity: .read(match.identity), hops: 0)
        }
        return .failure(WireError(.noRoute, "no route's push selector matches the payload"))
    }

    /// `simulatorBundleKey` as a one-key path (the key holds no dots to split at).
    private static let simulatorBundlePath = PushParams.KeyPath.single(simulatorBundleKey)
}
