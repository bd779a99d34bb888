/// A show route's `backStack` (docs/CONFIG.md): the screens under an entry from outside.
extension ConfigValidator {
    /// Every template of a back stack fills in from every way the route is reached and routes to a
    /// show route of the route's own tab; no route is (directly or through another's back stack)
    /// under itself. Sample values stand for the params, as for redirects.
    mutating func checkBackStacks(_ table: RoutingTable) {
        var under: [String: Set<String>] = [:]
        for route in config.routes where !route.backStack.isEmpty {
            guard case .show(let tab) = route.presentation else {
                fail(route.name, "backStack", "only a show route has a back stack: its screens go under the screen it pushes")
                continue
            }
            for (index, text) in route.backStack.enumerated() {
                let field = "backStack[\(index)]"
                let template: RedirectTemplate
                do {
                    template = try RedirectTemplate(text)
                } catch {
                    fail(route.name, field, "\"\(text)\" is not a URL template: \(error)")
                    continue
                }
                for source in sources(for: route) {
                    guard let target = backStackTarget(template, text, source, route.name, field, table) else { break }
                    guard check(target, of: route.name, tab: tab, field, text) else { break }
                    under[route.name, default: []].insert(target)
                }
            }
        }
        checkBackStackLoops(under)
    }

    /// The route `template` reaches with `source`'s sample values, or nil after reporting why none.
    private mutating func backStackTarget(_ template: RedirectTemplate, _ text: String, _ source: ParamSource,
                                          _ route: String, _ field: String, _ table: RoutingTable) -> String? {
        let from = source.pattern.map { "match[\($0)]" } ?? "the push params"
        switch template.fill(RouteParams(source.samples)) {
        case .missing(let param):
            fail(route, field, "\"\(text)\" needs param \(param), which \(from) does not give")
            return nil
        case .url(let url):
            do throws(WireError) {
                let found = try table.match(url: url)
                switch table.finish(route: found.route, params: found.params, hops: 0) {
                case .success(let match): return match.route
                case .failure(let error):
                    fail(route, field, "\"\(text)\" fills to \(url) (with sample values from \(from)): \(error.message)")
                    return nil
                }
            } catch {
                fail(route, field, "\"\(text)\" fills to \(url) (with sample values from \(from)), which no route takes: \(error.message)")
                return nil
            }
        }
    }

    /// Whether `target` is a show route of `tab`, reporting what it is otherwise.
    private mutating func check(_ target: String, of route: String, tab: String, _ field: String, _ text: String) -> Bool {
        guard let presentation = config.route(named: target)?.presentation else { return false }
        switch presentation {
        case .show(tab):
            return true
        case .show(let other):
            fail(route, field, "\"\(text)\" routes to \(target), a screen of tab \(other); a back stack stays on the entry's tab (\(tab))")
        case .modal(let kind):
            fail(route, field, "\"\(text)\" routes to \(target), a modal (\(kind)); a back stack is made of screens")
        case .tab(let other):
            fail(route, field, "\"\(text)\" routes to \(target), a tab switch (\(other)); the tab's root is under every back stack already")
        case .redirect:
            return false
        }
        return false
    }

    /// A route under itself, directly or through the back stacks of the routes under it.
    private mutating func checkBackStackLoops(_ under: [String: Set<String>]) {
        var reported: Set<Set<String>> = []
        for start in under.keys.sorted() {
            var path = [start]
            var seen: Set<String> = [start]
            findLoop(from: start, under, &path, &seen, &reported)
        }
    }

    private mutating func findLoop(from route: String, _ under: [String: Set<String>], _ path: inout [String],
                                   _ seen: inout Set<String>, _ reported: inout Set<Set<String>>) {
        for next in (under[route] ?? []).sorted() {
            if let start = path.firstIndex(of: next) {
                let cycle = Array(path[start...])
                if reported.insert(Set(cycle)).inserted {
                    fail(cycle.min()!, "backStack", "back stack loop \((cycle + [next]).joined(separator: " → ")): a screen cannot be under itself")
                }
                continue
            }
            guard seen.insert(next).inserted else { continue }
            path.append(next)
            findLoop(from: next, under, &path, &seen, &reported)
            path.removeLast()
        }
    }
}
