/// What the state machine needs from routing. `RoutingTable` is the real one; tests of the state
/// machine may pass a small table of their own to keep each case about one rule.
package protocol EntryRouting: Sendable {
    /// Routes a URL (custom scheme or universal link); errors are `not_allowed` or `no_route`.
    func route(url: String) -> Result<RouteMatch, WireError>
    /// Routes a URL with the universal-link rules of `platform` (Android App Links or iOS).
    func route(url: String, on platform: LinkPlatform) -> Result<RouteMatch, WireError>
    /// Routes a push payload; errors are `payload_too_large`, `wrong_bundle`, `not_allowed` or `no_route`.
    func route(push payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError>
    /// Routes an FCM message made into a payload (`FCMMessage`), its data strings read as the
    /// types the selectors want.
    func route(fcm payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError>
    /// The screens shown under an entry of show route `route` (docs/CONFIG.md), bottom first.
    func backStack(route: String, params: RouteParams) -> [BackStackScreen]
}

extension EntryRouting {
    /// No back stacks: a table of a test that is about other rules.
    package func backStack(route: String, params: RouteParams) -> [BackStackScreen] { [] }
}

extension EntryRouting {
    /// A routing that knows no platforms reads every URL one way.
    package func route(url: String, on platform: LinkPlatform) -> Result<RouteMatch, WireError> {
        route(url: url)
    }

    /// A routing with no typed selectors reads an FCM payload as any other.
    package func route(fcm payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        route(push: payload, payloadBytes: payloadBytes)
    }
}
