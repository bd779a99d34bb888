extension ConfigValidator {
    /// A push selector that holds every key of an earlier route's selector, with the same values,
    /// only ever sees payloads the earlier route takes first (file order decides): its route is
    /// unreachable by push. Equal selectors are the common case.
    mutating func checkPushSelectors() {
        var earlier: [(name: String, selector: [String: JSONValue])] = []
        for route in config.routes {
            guard let selector = route.push, !selector.isEmpty else { continue }
            if let first = earlier.first(where: { Self.selector(selector, narrows: $0.selector) }) {
                let (same, fix) = first.selector == selector
                    ? ("the same push selector as", "make the selectors differ or remove one")
                    : ("a push selector that only narrows that of", "move this route before route \(first.name)")
                fail(route.name, "push", "\(same) route \(first.name), which comes first and takes every payload this one would: this route is never reached by a push; \(fix)")
            }
            earlier.append((route.name, selector))
        }
    }

    /// Whether every payload `later` takes, `earlier` takes too.
    private static func selector(_ later: [String: JSONValue], narrows earlier: [String: JSONValue]) -> Bool {
        earlier.allSatisfy { key, value in later[key] == value }
    }

    /// An action's `dismiss` is its first step, and its only one: the steps after it go out once the
    /// scene acknowledged the dismissal, through the scene's outbox, at least once (docs/CONFIG.md), and a
    /// tab switch or a flow never starts under the modal that would cover it.
    mutating func checkDismissFirst(_ route: Route) {
        for (action, steps) in route.actions.sorted(by: { $0.key < $1.key }) {
            let field = "actions.\(action)"
            if let first = steps.first, first != .dismiss {
                let fixed = ([RouteAction.dismiss] + RouteAction.afterDismissal(steps)).map { "\"\($0.step)\"" }
                fail(route.name, "\(field)[0]", "an action's first step is dismiss (the steps after it go out once the "
                    + "modal is gone): write [\(fixed.joined(separator: ", "))]")
                continue
            }
            for index in steps.indices.dropFirst() where steps[index] == .dismiss {
                fail(route.name, "\(field)[\(index)]", "dismiss appears again: an action closes its modal once, with its first step")
            }
        }
    }

    /// Actions run on a modal (`scene.action` names the modal, R12): on a route that is not a
    /// modal no scene can ever report one.
    mutating func checkActionsPlace(_ route: Route) {
        guard !route.actions.isEmpty else { return }
        let what: String
        switch route.presentation {
        case .modal: return
        case .show: what = "a show route pushes a screen"
        case .tab: what = "a tab route switches tabs"
        case .redirect: what = "a redirect route hands the entry to its target, whose actions apply"
        }
        fail(route.name, "actions", "actions run on a modal (a scene reports them with scene.action on the modal), but \(what) and is never a modal: move them to a modal route or remove them")
    }
}
