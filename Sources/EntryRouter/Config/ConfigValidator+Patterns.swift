import EntryKit

extension ConfigValidator {
    /// Pattern syntax, allowed schemes and hosts, ambiguity between patterns, and whether
    /// `identity` and redirect templates only use params the route can produce.
    mutating func checkPatterns() {
        var shapes: [URLPattern.Shape: (route: String, pattern: String)] = [:]
        for route in config.routes {
            let name = route.name
            var captureSets: [Set<String>] = []
            for (index, text) in route.match.enumerated() {
                let field = "match[\(index)]"
                let pattern: URLPattern
                do {
                    pattern = try URLPattern.parse(text)
                } catch {
                    fail(name, field, "bad pattern \"\(text)\" at character \(error.column): \(error.problem)")
                    continue
                }
                checkScheme(of: pattern, name, field, text)
                captureSets.append(Set(pattern.captureNames))
                if let other = shapes[pattern.shape] {
                    fail(name, field, "patterns \"\(other.pattern)\" (route \(other.route)) and \"\(text)\" (route \(name)) match the same URLs at the same specificity; make one more specific or remove one")
                } else {
                    shapes[pattern.shape] = (name, text)
                }
            }
            let allParsed = captureSets.count == route.match.count
            let produces = { (param: String) in
                route.params[param] != nil || (!captureSets.isEmpty && captureSets.allSatisfy { $0.contains(param) })
            }
            if let identity = route.identity, allParsed, !produces(identity) {
                fail(name, "identity", "\"\(identity)\" is neither a key of \"params\" nor a path param of every pattern, so the route cannot produce it")
            }
            if case .redirect(let text) = route.presentation {
                do {
                    let template = try RedirectTemplate(text)
                    checkScheme(of: template.pattern, name, "redirect", text)
                    for param in template.pattern.captureNames where allParsed && !produces(param) {
                        fail(name, "redirect", "template \"\(text)\" uses :\(param), which is neither a key of \"params\" nor a path param of every pattern")
                    }
                } catch {
                    fail(name, "redirect", "bad redirect template \"\(text)\" at character \(error.column): \(error.problem)")
                }
            }
        }
    }

    private mutating func checkScheme(of pattern: URLPattern, _ name: String, _ field: String, _ text: String) {
        if let host = pattern.host {
            if pattern.scheme != "https" {
                fail(name, field, "\"\(text)\": plain \(pattern.scheme) is not allowed; use https with a host listed in universalLinks")
            } else if LinkHostName.entry(for: host, among: config.universalLinks.map(\.host)) == nil {
                fail(name, field, "\"\(text)\": host \(host) is not in universalLinks (nor under a *. entry there); add it there or use a declared custom scheme")
            }
        } else if !config.schemes.contains(where: { ASCII.lowercased($0) == pattern.scheme }) {
            fail(name, field, "\"\(text)\": scheme \(pattern.scheme) is not declared in \"schemes\" (and is not https with a universal-link host)")
        }
    }
}
