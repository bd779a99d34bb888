/// Turns a URL or a push payload into a `RouteMatch`.
public struct RoutingTable: EntryRouting {
    public let config: Config

    public init(config: Config) {
        self.config = config
    }

    /// Routes a URL (custom scheme or universal link).
    public func route(url: String) -> Result<RouteMatch, WireError> {
        .failure(WireError(.noRoute, "no route matches \(url)"))
    }

    /// Routes a push payload: its `pushLinkKey` URL, else the first matching `push` selector.
    public func route(push payload: JSONValue, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        .failure(WireError(.noRoute, "no route matches the push payload"))
    }
}
