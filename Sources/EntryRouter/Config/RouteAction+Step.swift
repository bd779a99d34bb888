extension RouteAction {
    /// The step as the config writes it: `dismiss`, `selectTab:TAB` or `start:FLOW`. A store keeps an
    /// accepted action's remaining steps in this form.
    package var step: String {
        switch self {
        case .dismiss: "dismiss"
        case .selectTab(let tab): "selectTab:" + tab
        case .start(let flow): "start:" + flow
        }
    }

    /// A step in the config's form; nil for anything else.
    package static func parse(step: String) -> RouteAction? {
        RouteAction(step: step)
    }
}

extension RouteAction {
    /// The steps of an action that go out once its modal is gone: all but its `dismiss`, which the
    /// config allows only as the first step.
    static func afterDismissal(_ steps: [RouteAction]) -> [RouteAction] {
        steps.filter { $0 != .dismiss }
    }
}
