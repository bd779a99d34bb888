/// Push payloads: the `pushLinkKey` URL, else the push selectors in file order (docs/CONFIG.md).
extension RoutingTable {
    /// Routes a push payload: its `pushLinkKey` URL, else the first route in file order whose
    /// `push` selector matches. Inlined into the `EntryRouting` witness the router calls, the one
    /// caller on the hot path: a call fewer per push.
    @inline(__always)
    public func route(push payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        if let tooLarge = limits.sizeError(push: payload, bytes: payloadBytes) { return .failure(tooLarge) }
        guard payload.isObject else { return .failure(WireError(.noRoute, "push payload is not a JSON object")) }
        switch pushRoutes.route(payload) {
        case .wrongBundle(let member):
            let named = payload.value(of: member).stringValue.map { "\"\($0)\"" } ?? "a non-string value"
            return .failure(WireError(.wrongBundle, "payload's \"\(Self.simulatorBundleKey)\" is \(named), this config is for \"\(config.bundleId)\""))
        case .link(let url):
            return route(url: url)
        case .match(let match):
            return finish(push: match.route, params: match.params, identity: match.identity)
        case .none:
            return .failure(WireError(.noRoute, "no route's push selector matches the payload"))
        }
    }
}
