/// The screens an entry from outside gets under its own (docs/CONFIG.md), resolved from the config when
/// the entry is shown: nothing about them is stored with the entry, so a show sent again after a
/// restart or a reconnect gets the same stack from the same config.
extension RoutingTable {
    /// The back stack of an entry of show route `route` with `params`, bottom first: each template
    /// filled in and routed (redirects followed). A template that does not fill, or that reaches
    /// anything but a show route of the same tab, is left out: `check-config` refuses both, so only
    /// a config built in code meets them.
    package func backStack(route: String, params: RouteParams) -> [BackStackScreen] {
        guard !backStacks.isEmpty, let templates = backStacks[route],
              let index = config.routes.firstIndex(where: { $0.name == route }),
              case .show(let tab) = config.routes[index].presentation else { return [] }
        return templates.compactMap { template in
            guard case .url(let url) = template.fill(params), let found = try? match(url: url),
                  case .success(let match) = finish(route: found.route, params: found.params, hops: 0),
                  case .show(tab) = match.target else { return nil }
            return BackStackScreen(route: match.route, tab: tab, params: match.params)
        }
    }
}
