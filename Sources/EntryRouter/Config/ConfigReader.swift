/// Turns a config file's JSON into a `Config`, collecting a `ConfigError` for every key that is
/// unknown, missing or of the wrong type. What it can read it keeps, so that `ConfigValidator`
/// reports the remaining problems in the same run.
struct ConfigReader {
    let file: String
    private(set) var errors: [ConfigError] = []

    static let topKeys: Set<String> = ["bundleId", "appId", "packageName", "schemes", "universalLinks", "home", "gates", "tabs",
                                       "pushLinkKey", "modals", "routes", "fallback", "deferred"]
    static let routeKeys: Set<String> = ["name", "match", "push", "params", "modal", "show", "tab", "redirect",
                                         "identity", "ttl", "requires", "actions", "backStack"]
    static let presentationKeys = ["modal", "show", "tab", "redirect"]

    init(file: String) {
        self.file = file
    }

    mutating func read(_ root: JSONValue) -> Config {
        guard case .object(let top) = root else {
            fail(nil, "", "the config must be a JSON object")
            return Config(bundleId: "", schemes: [], universalLinks: [], home: "", gates: [], tabs: [],
                          pushLinkKey: nil, modals: [:], routes: [])
        }
        unknownKeys(top, Self.topKeys, nil, "")
        let routes: [Route]
        if let list = top["routes"] {
            routes = array(list, nil, "routes").enumerated().compactMap { index, value in readRoute(value, index) }
        } else {
            fail(nil, "routes", "missing: the list of routes")
            routes = []
        }
        var config = Config(
            bundleId: required(top["bundleId"], "bundleId") ?? "",
            schemes: strings(top["schemes"], nil, "schemes"),
            universalLinks: array(top["universalLinks"] ?? .array([]), nil, "universalLinks").enumerated()
                .compactMap { index, value in readHost(value, "universalLinks[\(index)]") },
            home: required(top["home"], "home") ?? "",
            gates: strings(top["gates"], nil, "gates"),
            tabs: strings(top["tabs"], nil, "tabs"),
            pushLinkKey: top["pushLinkKey"].flatMap { string($0, nil, "pushLinkKey") },
            modals: readModals(top["modals"]),
            routes: routes,
            appId: top["appId"].flatMap { string($0, nil, "appId") },
            fallback: top["fallback"].flatMap { string($0, nil, "fallback") },
            packageName: top["packageName"].flatMap { string($0, nil, "packageName") })
        config.deferredRequires = readDeferred(top["deferred"])
        return config
    }

    /// `deferred`: `{"requires": [gate, ...]}`, the gates every deferred link waits for.
    private mutating func readDeferred(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        guard case .object(let members) = value else {
            fail(nil, "deferred", "expected an object {\"requires\": [gate, ...]}")
            return []
        }
        unknownKeys(members, ["requires"], nil, "deferred.")
        guard let requires = members["requires"] else {
            // A misspelt `requires` is named above, once.
            if members.isEmpty { fail(nil, "deferred.requires", "missing: the gates every deferred link waits for") }
            return []
        }
        return strings(requires, nil, "deferred.requires")
    }

    private mutating func readHost(_ value: JSONValue, _ field: String) -> UniversalLinkHost? {
        guard case .object(let members) = value else {
            fail(nil, field, "expected an object {\"host\": ..., \"paths\": [...]}")
            return nil
        }
        unknownKeys(members, ["host", "paths", "aasa", "assetlinks", "manifest"], nil, field + ".")
        guard let hostValue = members["host"] else {
            fail(nil, field + ".host", "missing: the universal-link host name")
            return nil
        }
        guard let host = string(hostValue, nil, field + ".host") else { return nil }
        return UniversalLinkHost(host: host, paths: strings(members["paths"], nil, field + ".paths"),
                                 aasa: members["aasa"].flatMap { string($0, nil, field + ".aasa") },
                                 assetlinks: members["assetlinks"].flatMap { string($0, nil, field + ".assetlinks") },
                                 manifest: members["manifest"].flatMap { string($0, nil, field + ".manifest") })
    }

    private mutating func readModals(_ value: JSONValue?) -> [String: Int] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            fail(nil, "modals", "expected an object of modal kind → priority")
            return [:]
        }
        var modals: [String: Int] = [:]
        for (kind, priority) in members.sorted(by: { $0.key < $1.key }) {
            if let number = integer(priority) {
                modals[kind] = Int(number)
            } else {
                fail(nil, "modals.\(kind)", "the priority must be an integer (lower is presented first)")
            }
        }
        return modals
    }

    private mutating func readRoute(_ value: JSONValue, _ index: Int) -> Route? {
        guard case .object(let r) = value else {
            fail(nil, "routes[\(index)]", "a route must be a JSON object")
            return nil
        }
        let name = r["name"].flatMap { string($0, nil, "routes[\(index)].name") }
        if r["name"] == nil { fail(nil, "routes[\(index)].name", "missing: every route needs a name") }
        let prefix = name == nil ? "routes[\(index)]." : ""
        unknownKeys(r, Self.routeKeys, name, prefix)

        let present = Self.presentationKeys.filter { r[$0] != nil }
        if present.count != 1 {
            let found = present.isEmpty ? "none" : present.joined(separator: " and ")
            fail(name, prefix.isEmpty ? "" : String(prefix.dropLast()),
                 "a route is exactly one of modal, show, tab or redirect; this one has \(found)")
        }
        guard let key = present.first, let target = string(r[key]!, name, prefix + key) else { return nil }
        let presentation: Presentation = switch key {
        case "modal": .modal(kind: target)
        case "show": .show(tab: target)
        case "tab": .tab(target)
        default: .redirect(template: target)
        }

        var push: [String: JSONValue]?
        if let selector = r["push"] {
            if case .object(let members) = selector {
                push = members
            } else {
                fail(name, prefix + "push", "expected an object of key path → value the payload must hold")
            }
        }
        var ttl: Int64?
        if let value = r["ttl"] {
            if let seconds = integer(value), seconds > 0 {
                ttl = seconds
            } else {
                fail(name, prefix + "ttl", "expected a positive whole number of seconds")
            }
        }
        return Route(name: name ?? "routes[\(index)]",
                     match: strings(r["match"], name, prefix + "match"),
                     push: push,
                     params: stringMap(r["params"], name, prefix + "params"),
                     presentation: presentation,
                     identity: r["identity"].flatMap { string($0, name, prefix + "identity") },
                     ttl: ttl,
                     requires: strings(r["requires"], name, prefix + "requires"),
                     actions: readActions(r["actions"], name, prefix + "actions"),
                     backStack: strings(r["backStack"], name, prefix + "backStack"))
    }

    private mutating func readActions(_ value: JSONValue?, _ route: String?, _ field: String) -> [String: [RouteAction]] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            fail(route, field, "expected an object of action name → list of steps")
            return [:]
        }
        var actions: [String: [RouteAction]] = [:]
        for (action, steps) in members.sorted(by: { $0.key < $1.key }) {
            let stepsField = "\(field).\(action)"
            actions[action] = strings(steps, route, stepsField).enumerated().compactMap { index, step in
                if let parsed = RouteAction(step: step) { return parsed }
                fail(route, "\(stepsField)[\(index)]",
                     "unknown action step \"\(step)\": steps are dismiss, selectTab:TAB and start:FLOW")
                return nil
            }
        }
        return actions
    }

    // MARK: Typed reads that record what is wrong

    private mutating func fail(_ route: String?, _ field: String, _ problem: String) {
        errors.append(ConfigError(file: file, route: route, field: field, problem: problem))
    }

    private mutating func unknownKeys(_ members: [String: JSONValue], _ known: Set<String>, _ route: String?, _ prefix: String) {
        let candidates = known.sorted()
        for key in members.keys.sorted() where !known.contains(key) {
            if let near = NearestName.suggestion(for: key, among: candidates) {
                fail(route, prefix + key, "unknown key; did you mean \"\(near)\"?")
            } else {
                fail(route, prefix + key, "unknown key; known keys are \(candidates.joined(separator: ", "))")
            }
        }
    }

    private mutating func required(_ value: JSONValue?, _ field: String) -> String? {
        guard let value else {
            fail(nil, field, "missing")
            return nil
        }
        return string(value, nil, field)
    }

    private mutating func string(_ value: JSONValue, _ route: String?, _ field: String) -> String? {
        if case .string(let text) = value { return text }
        fail(route, field, "expected a string")
        return nil
    }

    private mutating func array(_ value: JSONValue, _ route: String?, _ field: String) -> [JSONValue] {
        if case .array(let items) = value { return items }
        fail(route, field, "expected a list")
        return []
    }

    private mutating func strings(_ value: JSONValue?, _ route: String?, _ field: String) -> [String] {
        guard let value else { return [] }
        return array(value, route, field).enumerated().compactMap { index, item in
            string(item, route, "\(field)[\(index)]")
        }
    }

    private mutating func stringMap(_ value: JSONValue?, _ route: String?, _ field: String) -> [String: String] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            fail(route, field, "expected an object of string values")
            return [:]
        }
        var out: [String: String] = [:]
        for (key, item) in members.sorted(by: { $0.key < $1.key }) {
            if let text = string(item, route, "\(field).\(key)") { out[key] = text }
        }
        return out
    }

    private func integer(_ value: JSONValue) -> Int64? {
        guard case .number(let n) = value, abs(n) < 9_007_199_254_740_992, Double(Int64(n)) == n else { return nil }
        return Int64(n)
    }
}

extension RouteAction {
    /// Parses a config step: `dismiss`, `selectTab:TAB` or `start:FLOW` (names non-empty).
    init?(step: String) {
        if step == "dismiss" {
            self = .dismiss
        } else if step.hasPrefix("selectTab:"), step.count > 10 {
            self = .selectTab(String(step.dropFirst(10)))
        } else if step.hasPrefix("start:"), step.count > 6 {
            self = .start(flow: String(step.dropFirst(6)))
        } else {
            return nil
        }
    }
}
