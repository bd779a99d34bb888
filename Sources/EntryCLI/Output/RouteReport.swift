import EntryRouter

/// How `entryd route` and `entryd link` print what the routing table explains: lines for a person,
/// or one JSON object for a script. Segments are counted from 1 in both, as a person counts them.
package enum RouteReport {
    /// The explanation as indented lines: each URL with what admitted it, the pattern that won, the
    /// ones it beat, the params and what was lost; then the outcome after `=>`.
    package static func text(_ explanation: RouteExplanation) -> String {
        var lines: [String] = []
        if let push = explanation.push { lines += pushLines(push) }
        for hop in explanation.hops { lines += hopLines(hop) }
        lines += resultLines(explanation.result)
        if !explanation.backStack.isEmpty {
            lines.append("   back stack (bottom first, under the entry's screen):")
            for screen in explanation.backStack { lines.append("     " + describe(screen)) }
        }
        return lines.joined(separator: "\n")
    }

    private static func pushLines(_ push: RouteExplanation.PushStep) -> [String] {
        var lines = ["push payload"]
        switch push.matched {
        case .link(let key, let url)?:
            lines.append("  link key \(key) holds \(url): routed as that link")
        case .selector(let route, let selector)?:
            lines.append("  selector of \(route) matches: " + selector.sorted { $0.key < $1.key }.map { "\($0.key)=\(json($0.value))" }
                .joined(separator: " "))
            if !push.shadowed.isEmpty {
                lines.append("  also matching, later in the file (the first in file order wins): " + push.shadowed.joined(separator: ", "))
            }
            for param in push.params { lines.append("  " + describe(param)) }
        case nil:
            for miss in push.misses {
                lines.append("  \(miss.route): \(miss.key) is \(miss.found.map(json) ?? "missing"), the selector wants \(json(miss.expected))")
            }
        }
        return lines
    }

    private static func hopLines(_ hop: RouteExplanation.Hop) -> [String] {
        var lines: [String] = []
        if let redirect = hop.redirect { lines.append("redirect by \(redirect.route) (\(redirect.template)) to") }
        lines.append(hop.url)
        switch hop.admission {
        case .scheme(let scheme):
            lines.append("  scheme \(scheme) is declared")
        case .universalLink(let decision):
            let host = decision.entry == decision.host ? decision.host : "\(decision.host) (entry \(decision.entry))"
            let source = decision.rules == "paths" ? "paths of \(host)" : "\(decision.rules) of \(host)"
            let link = decision.platform == .ios ? "universal link" : "Android App Link"
            if let rule = decision.rule {
                lines.append("  \(link) \(decision.allows ? "allowed" : "refused") by \"\(rule)\" in the \(source)")
            } else {
                lines.append("  \(link) refused: no rule in the \(source) matches")
            }
        case .refused(let error):
            lines.append("  refused: \(error.message)")
        }
        let admitted: String? = switch hop.admission {
        case .scheme: "scheme"
        case .universalLink(let decision): decision.allows ? "host" : nil
        case .refused: nil
        }
        if let winner = hop.winner {
            lines.append("  matched \(winner.route)  \(winner.pattern)")
        } else if let admitted, hop.nearest.isEmpty {
            lines.append("  no pattern matches, and none has this \(admitted)")
        } else if admitted != nil {
            lines.append("  no pattern matches; nearest:")
            for near in hop.nearest {
                lines.append("    \(near.candidate.route)  \(near.candidate.pattern)  stops at segment \(near.segment + 1): \(near.reason)")
            }
        }
        if let fallback = hop.fallback {
            lines.append("  no pattern matched; fallback \(fallback) takes it with param url=\(hop.url)")
        }
        for beaten in hop.beaten {
            lines.append("  beat \(beaten.candidate.route)  \(beaten.candidate.pattern)  at segment \(beaten.segment + 1): "
                         + rule(beaten))
        }
        for param in hop.params { lines.append("  " + describe(param)) }
        for param in hop.lost {
            let winner = hop.params.first { $0.name == param.name }
            let why = if case .path? = winner?.origin { "the path param wins" } else { "the first query item wins" }
            lines.append("  lost \(param.name)=\(param.value) from the query: \(why)")
        }
        return lines
    }

    /// The precedence rule that decided between two matching patterns.
    private static func rule(_ beaten: RouteExplanation.Beaten) -> String {
        "\(beaten.winnerKind.rawValue) > \(beaten.loserKind.rawValue) (literal > typed > :param > *rest)"
    }

    private static func describe(_ screen: BackStackScreen) -> String {
        screen.route + (screen.params.isEmpty ? "" : "  " + screen.params.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }

    private static func describe(_ param: RouteExplanation.Param) -> String {
        "param \(param.name)=\(param.value) from " + origin(param.origin)
    }

    private static func origin(_ origin: RouteExplanation.Origin) -> String {
        switch origin {
        case .path(let segment): "path segment \(segment + 1)"
        case .query: "the query"
        case .payload(let key): "payload key \(key)"
        case .earlierHop: "the URL before the redirect"
        }
    }

    private static func resultLines(_ result: Result<RouteMatch, WireError>) -> [String] {
        switch result {
        case .failure(let error):
            return ["=> \(error.code.rawValue): \(error.message)"]
        case .success(let match):
            var lines = ["=> \(match.route): " + target(match.target)]
            if let ttl = match.ttl { lines.append("   waits at most \(ttl) s unless the sender gives an expiration") }
            lines.append(match.requires.isEmpty ? "   no gates required" : "   requires gates: " + match.requires.joined(separator: ", "))
            for (name, steps) in match.actions.sorted(by: { $0.key < $1.key }) {
                lines.append("   action \(name): " + steps.map(\.step).joined(separator: ", "))
            }
            return lines
        }
    }

    private static func target(_ target: RouteMatch.Target) -> String {
        switch target {
        case .modal(let kind, let priority, let identity):
            "modal \(kind), priority \(priority)" + (identity.map { ", identity \($0)" } ?? "")
        case .show(let tab): "show a screen on tab \(tab)"
        case .tab(let tab): "select tab \(tab)"
        }
    }

    private static func json(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        JSONWriter.append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The explanation as one JSON object: `push`, `hops` and `result`, every field named in docs/CONFIG.md.
    package static func json(_ explanation: RouteExplanation) -> JSONValue {
        var object: [String: JSONValue] = ["hops": .array(explanation.hops.map(json)), "result": json(explanation.result)]
        if let push = explanation.push { object["push"] = json(push) }
        object["backStack"] = .array(explanation.backStack.map { screen in
            var params: [String: JSONValue] = [:]
            for (name, value) in screen.params { params[name] = .string(value) }
            return .object(["route": .string(screen.route), "tab": .string(screen.tab), "params": .object(params)])
        })
        return .object(object)
    }

    private static func json(_ push: RouteExplanation.PushStep) -> JSONValue {
        var object: [String: JSONValue] = [
            "shadowed": .array(push.shadowed.map(JSONValue.string)),
            "params": .array(push.params.map(json)),
            "misses": .array(push.misses.map { miss in
                .object(["route": .string(miss.route), "key": .string(miss.key), "expected": miss.expected, "found": miss.found ?? .null])
            }),
        ]
        switch push.matched {
        case .link(let key, let url)?: object["matched"] = .object(["linkKey": .string(key), "url": .string(url)])
        case .selector(let route, let selector)?: object["matched"] = .object(["route": .string(route), "selector": .object(selector)])
        case nil: object["matched"] = .null
        }
        return .object(object)
    }

    private static func json(_ hop: RouteExplanation.Hop) -> JSONValue {
        var object: [String: JSONValue] = [
            "url": .string(hop.url),
            "admission": json(hop.admission),
            "winner": hop.winner.map(json) ?? .null,
            "beaten": .array(hop.beaten.map { beaten in
                .object(["route": .string(beaten.candidate.route), "pattern": .string(beaten.candidate.pattern),
                         "segment": .number(Double(beaten.segment + 1)), "winnerKind": .string(beaten.winnerKind.rawValue),
                         "loserKind": .string(beaten.loserKind.rawValue)])
            }),
            "params": .array(hop.params.map(json)),
            "lost": .array(hop.lost.map(json)),
            "nearest": .array(hop.nearest.map { near in
                .object(["route": .string(near.candidate.route), "pattern": .string(near.candidate.pattern),
                         "segment": .number(Double(near.segment + 1)), "reason": .string(near.reason.description)])
            }),
        ]
        if let fallback = hop.fallback { object["fallback"] = .string(fallback) }
        if let redirect = hop.redirect {
            object["redirect"] = .object(["route": .string(redirect.route), "template": .string(redirect.template)])
        }
        return .object(object)
    }

    private static func json(_ candidate: RouteExplanation.Candidate) -> JSONValue {
        .object(["route": .string(candidate.route), "pattern": .string(candidate.pattern)])
    }

    private static func json(_ admission: RouteExplanation.Admission) -> JSONValue {
        switch admission {
        case .scheme(let scheme):
            .object(["kind": .string("scheme"), "scheme": .string(scheme)])
        case .universalLink(let decision):
            .object(["kind": .string("universalLink"), "host": .string(decision.host), "entry": .string(decision.entry),
                     "rules": .string(decision.rules), "rule": decision.rule.map(JSONValue.string) ?? .null,
                     "allows": .bool(decision.allows), "platform": .string(decision.platform.rawValue)])
        case .refused(let error):
            .object(["kind": .string("refused"), "error": json(error)])
        }
    }

    private static func json(_ param: RouteExplanation.Param) -> JSONValue {
        var object: [String: JSONValue] = ["name": .string(param.name), "value": .string(param.value)]
        switch param.origin {
        case .path(let segment):
            object["from"] = .string("path")
            object["segment"] = .number(Double(segment + 1))
        case .query: object["from"] = .string("query")
        case .payload(let key):
            object["from"] = .string("payload")
            object["key"] = .string(key)
        case .earlierHop: object["from"] = .string("earlierHop")
        }
        return .object(object)
    }

    private static func json(_ error: WireError) -> JSONValue {
        .object(["code": .string(error.code.rawValue), "message": .string(error.message)])
    }

    private static func json(_ result: Result<RouteMatch, WireError>) -> JSONValue {
        switch result {
        case .failure(let error):
            return .object(["ok": .bool(false), "error": json(error)])
        case .success(let match):
            var target: [String: JSONValue]
            switch match.target {
            case .modal(let kind, let priority, let identity):
                target = ["modal": .string(kind), "priority": .number(Double(priority))]
                if let identity { target["identity"] = .string(identity) }
            case .show(let tab): target = ["show": .string(tab)]
            case .tab(let tab): target = ["tab": .string(tab)]
            }
            var params: [String: JSONValue] = [:]
            for (name, value) in match.params { params[name] = .string(value) }
            return .object([
                "ok": .bool(true), "route": .string(match.route), "params": .object(params), "target": .object(target),
                "ttl": match.ttl.map { .number(Double($0)) } ?? .null,
                "requires": .array(match.requires.map(JSONValue.string)),
                "actions": .object(match.actions.mapValues { .array($0.map { .string($0.step) }) }),
            ])
        }
    }

    /// `entryd link`'s lines: each pattern, its URL and what routing it back gave.
    package static func text(_ links: [RoutingTable.Link]) -> String {
        links.map { link in
            switch link.outcome {
            case .unfillable(let reason): "\(link.pattern)\n  cannot be filled in: \(reason)"
            case .url(let url, let check): "\(url)\n  " + describe(check)
            }
        }.joined(separator: "\n")
    }

    private static func describe(_ check: RoutingTable.Link.Check) -> String {
        switch check {
        case .routesBack: "checked: routes back to this route with these params"
        case .routesTo(let route, let params):
            "does not route back: it matches \(route) with " + (params.isEmpty ? "no params" : params.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        case .refused(let error): "does not route back: \(error.code.rawValue): \(error.message)"
        }
    }

    /// `entryd link --json`: `{"links": [{"pattern", "url" or "unfillable", "check"}]}`.
    package static func json(_ links: [RoutingTable.Link]) -> JSONValue {
        .object(["links": .array(links.map { link in
            switch link.outcome {
            case .unfillable(let reason):
                return .object(["pattern": .string(link.pattern), "unfillable": .string(reason)])
            case .url(let url, let check):
                var checked: [String: JSONValue]
                switch check {
                case .routesBack: checked = ["routesBack": .bool(true)]
                case .routesTo(let route, let params):
                    var values: [String: JSONValue] = [:]
                    for (name, value) in params { values[name] = .string(value) }
                    checked = ["routesBack": .bool(false), "route": .string(route), "params": .object(values)]
                case .refused(let error): checked = ["routesBack": .bool(false), "error": json(error)]
                }
                return .object(["pattern": .string(link.pattern), "url": .string(url), "check": .object(checked)])
            }
        })])
    }

    /// Whether every link was made and routes back.
    package static func allRouteBack(_ links: [RoutingTable.Link]) -> Bool {
        links.allSatisfy { if case .url(_, .routesBack) = $0.outcome { true } else { false } }
    }
}
