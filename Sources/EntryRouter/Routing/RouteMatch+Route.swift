extension RouteMatch {
    /// What every match of one route has in common: its name, its target without an identity value,
    /// its ttl, gates and actions, and its index in the config. Immutable and shared: a match refers
    /// to it with one reference, and a match whose field is set gets a changed copy (`with`).
    final class Route: Sendable {
        let name: String
        /// A modal target's identity is always nil here: the value is the match's own.
        let target: Target
        let ttl: Int64?
        let requires: [String]
        let actions: [String: [RouteAction]]
        let routeIndex: Int?

        init(name: String, target: Target, ttl: Int64?, requires: [String], actions: [String: [RouteAction]],
             routeIndex: Int?) {
            self.name = name
            self.target = target.withoutIdentity
            self.ttl = ttl
            self.requires = requires
            self.actions = actions
            self.routeIndex = routeIndex
        }

        /// The fields of a route, to change one.
        struct Fields {
            var name: String
            var target: Target
            var ttl: Int64?
            var requires: [String]
            var actions: [String: [RouteAction]]
            var routeIndex: Int?
        }

        /// A new route with this one's fields, changed by `change`.
        func with(_ change: (inout Fields) -> Void) -> Route {
            var fields = Fields(name: name, target: target, ttl: ttl, requires: requires, actions: actions,
                                routeIndex: routeIndex)
            change(&fields)
            return Route(name: fields.name, target: fields.target, ttl: fields.ttl, requires: fields.requires,
                         actions: fields.actions, routeIndex: fields.routeIndex)
        }
    }
}
