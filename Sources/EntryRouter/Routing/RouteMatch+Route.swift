extension RouteMatch {
    /// What every match of one route has in common: its name, its target without an identity value,
    /// its ttl, gates and actions, and its index in the config. Immutable and shared: a match refers
    /// to it with one reference, and a match whose field is set gets a changed copy (`with`).
    final class Route: Sendable {
        let fields: Fields
        /// Whether the target is a modal, the one kind whose match keeps an identity value: read
        /// where a match is made, so that no copy of the target enum is made to ask its case.
        let isModal: Bool

        /// The fields of a route. A modal target's identity is always nil here: the value is the match's own.
        struct Fields: Sendable {
            var name: String
            var target: Target
            var ttl: Int64?
            var requires: [String]
            var actions: [String: [RouteAction]]
            var routeIndex: Int?
        }

        init(_ fields: Fields) {
            var fields = fields
            fields.target = fields.target.withoutIdentity
            if case .modal = fields.target { isModal = true } else { isModal = false }
            self.fields = fields
        }

        /// A new route with this one's fields, changed by `change`.
        func with(_ change: (inout Fields) -> Void) -> Route {
            var fields = fields
            change(&fields)
            return Route(fields)
        }
    }
}
