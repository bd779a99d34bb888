extension SiteAssociation {
    /// What reading an apple-app-site-association file gave: the app's components (nil when the
    /// file is refused), the errors that refuse it, and warnings for keys iOS ignores.
    struct Reading {
        var association: SiteAssociation?
        var errors: [ConfigError]
        var warnings: [ConfigWarning]
    }

    /// Reads an apple-app-site-association file as iOS does for the app `appId`: the
    /// `applinks.details` entries whose `appIDs` (or `appID`) name it, each entry's `components`
    /// (or, without them, its legacy `paths`), with `defaults` from the entry, else from
    /// `applinks`, for `caseSensitive` and `percentEncoded`. A file that does not have that shape
    /// is refused naming the key; a key iOS would ignore is a warning.
    ///
    /// - Parameter file: the file's name, for the messages.
    static func read(json: [UInt8], appId: String, file: String) -> Reading {
        var reader = AssociationReader(file: file)
        let components = reader.read(json: json, appId: appId)
        return Reading(association: reader.errors.isEmpty ? components.map { SiteAssociation(components: $0) } : nil,
                       errors: reader.errors, warnings: reader.warnings)
    }
}

/// The pattern-matching settings a component inherits (`defaults`), each one optional so that
/// a more specific level overrides only what it sets.
struct MatchDefaults {
    var caseSensitive: Bool?
    var percentEncoded: Bool?

    func over(_ outer: MatchDefaults) -> MatchDefaults {
        MatchDefaults(caseSensitive: caseSensitive ?? outer.caseSensitive, percentEncoded: percentEncoded ?? outer.percentEncoded)
    }
}

/// Walks the file's JSON, collecting an error for every key of the wrong shape. The Digital Asset
/// Links reader uses its component reading too: Android 15's components are read like these.
struct AssociationReader {
    let file: String
    var errors: [ConfigError] = []
    var warnings: [ConfigWarning] = []

    static let applinksKeys: Set<String> = ["apps", "details", "defaults", "substitutionVariables"]
    static let detailKeys: Set<String> = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    static let defaultsKeys: Set<String> = ["caseSensitive", "percentEncoded"]

    init(file: String) {
        self.file = file
    }

    /// The components for `appId`, in file order; nil when the file has none for it.
    mutating func read(json: [UInt8], appId: String) -> [AppLinkComponent]? {
        let root: JSONValue
        do {
            root = try JSONValue.parse(json[...])
        } catch {
            errors.append(ConfigError(syntax: error, in: json, file: file))
            return nil
        }
        guard case .object(let top) = root else {
            fail("", "the file must be a JSON object with an \"applinks\" key")
            return nil
        }
        guard let applinksValue = top["applinks"] else {
            fail("applinks", "missing: the file declares no universal links")
            return nil
        }
        guard case .object(let applinks) = applinksValue else {
            fail("applinks", "expected an object with a \"details\" list")
            return nil
        }
        ignoredKeys(applinks, Self.applinksKeys, "applinks.")
        let outer = defaults(applinks["defaults"], "applinks.defaults")
        guard let detailsValue = applinks["details"] else {
            fail("applinks.details", "missing: the list of apps and the links they open")
            return nil
        }
        guard case .array(let details) = detailsValue else {
            fail("applinks.details", "expected a list of {\"appIDs\": [...], \"components\": [...]} objects")
            return nil
        }
        var components: [AppLinkComponent] = []
        var named = false
        var others: [String] = []
        for (index, value) in details.enumerated() {
            let key = "applinks.details[\(index)]"
            guard case .object(let detail) = value else {
                fail(key, "expected an object with \"appIDs\" and \"components\"")
                continue
            }
            let apps = appIDs(detail, key)
            // Another app's entry is that app's business, as on iOS: what it holds (a feature
            // not read here, a typo) neither refuses the file nor warns.
            guard apps.contains(appId) else {
                others += apps
                continue
            }
            ignoredKeys(detail, Self.detailKeys, key + ".")
            let settings = defaults(detail["defaults"], key + ".defaults").over(outer)
            named = true
            components += readComponents(detail, key, settings)
        }
        guard errors.isEmpty else { return nil }
        guard named else {
            let found = others.isEmpty ? "none" : others.joined(separator: ", ")
            fail("applinks.details", "no entry names the app \(appId) (appIDs found: \(found)); check \"appId\" in the config")
            return nil
        }
        if components.isEmpty {
            fail("applinks.details", "the entries for \(appId) list no components or paths: no link would open the app")
            return nil
        }
        return components
    }

    private mutating func appIDs(_ detail: [String: JSONValue], _ key: String) -> [String] {
        var apps: [String] = []
        if let value = detail["appID"] {
            if case .string(let app) = value { apps.append(app) } else { fail(key + ".appID", "expected a string (PREFIX.bundle.id)") }
        }
        if let value = detail["appIDs"] {
            apps += strings(value, key + ".appIDs", "a list of app ids (PREFIX.bundle.id)")
        }
        if detail["appID"] == nil && detail["appIDs"] == nil {
            fail(key, "missing: \"appIDs\" (or \"appID\"), the apps the entry is for")
        }
        return apps
    }

    /// The entry's components, or its legacy `paths` when it has none (iOS ignores `paths` next
    /// to `components`).
    private mutating func readComponents(_ detail: [String: JSONValue], _ key: String, _ settings: MatchDefaults) -> [AppLinkComponent] {
        if let value = detail["components"] {
            guard case .array(let list) = value else {
                fail(key + ".components", "expected a list of component objects")
                return []
            }
            return list.enumerated().compactMap { index, item in
                component(item, "\(key).components[\(index)]", settings)
            }
        }
        guard let value = detail["paths"] else { return [] }
        let paths = strings(value, key + ".paths", "a list of path patterns (\"NOT \" in front excludes)")
        return paths.enumerated().map { index, rule in
            let excludes = rule.hasPrefix("NOT ")
            let glob = excludes ? String(rule.dropFirst(4)) : rule
            return AppLinkComponent(path: LinkPattern(written: glob, compared: glob, caseSensitive: true), query: nil,
                                    fragment: nil, excludes: excludes, key: "\(key).paths[\(index)]")
        }
    }

    mutating func component(_ value: JSONValue, _ key: String, _ outer: MatchDefaults,
                            keys: Set<String> = AssociationReader.componentKeys, comment: String = "comment") -> AppLinkComponent? {
        guard case .object(let members) = value else {
            fail(key, "expected an object of \"/\", \"?\", \"#\" patterns and settings")
            return nil
        }
        ignoredKeys(members, keys, key)
        if let note = members[comment], !isString(note) { fail(key + "[\"\(comment)\"]", "expected a string") }
        let settings = keys.contains("caseSensitive") ? defaults(.object(members), key, unknownKeys: false).over(outer) : outer
        let caseSensitive = settings.caseSensitive ?? true
        let percentEncoded = settings.percentEncoded ?? true
        func pattern(_ part: String) -> LinkPattern? {
            guard let value = members[part] else { return nil }
            guard case .string(let text) = value else {
                fail("\(key)[\"\(part)\"]", "expected a pattern string")
                return nil
            }
            return linkPattern(text, "\(key)[\"\(part)\"]", caseSensitive, percentEncoded)
        }
        var query: AppLinkComponent.Query?
        switch members["?"] {
        case nil:
            break
        case .string(let text)?:
            query = linkPattern(text, key + "[\"?\"]", caseSensitive, percentEncoded).map { .whole($0) }
        case .object(let items)?:
            var patterns: [String: LinkPattern] = [:]
            for (name, item) in items.sorted(by: { $0.key < $1.key }) {
                let itemKey = "\(key)[\"?\"].\(name)"
                guard case .string(let text) = item else {
                    fail(itemKey, "expected a pattern string for the query item's value")
                    continue
                }
                guard let decodedName = percentEncoded ? PercentEncoding.decode(Array(name.utf8)) : name else {
                    fail(itemKey, "malformed percent escape in the query item's name")
                    continue
                }
                if let pattern = linkPattern(text, itemKey, caseSensitive, percentEncoded) { patterns[decodedName] = pattern }
            }
            query = .items(patterns)
        default:
            fail(key + "[\"?\"]", "expected a pattern string or an object of query item name → pattern")
        }
        let excludes = bool(members["exclude"], key + ".exclude") ?? false
        return AppLinkComponent(path: pattern("/"), query: query, fragment: pattern("#"), excludes: excludes, key: key)
    }

    /// A pattern as it is compared: with `percentEncoded` its escapes are decoded (the URL's
    /// parts are compared decoded, so `%61dmin` cannot slip past `/admin/*`); without, a `%` is
    /// itself. Apple's built-in substitution variables (`$(digit)`, …) become one-character
    /// classes; the others (`$(lang)`, `$(region)`, the file's own `substitutionVariables`) stand
    /// for lists of strings and are refused, naming the variable.
    private mutating func linkPattern(_ text: String, _ key: String, _ caseSensitive: Bool, _ percentEncoded: Bool) -> LinkPattern? {
        var parts: [LinkPattern.Part] = []
        var rest = text[...]
        while !rest.isEmpty {
            guard let open = rest.firstRange(of: "$("), let close = rest[open.upperBound...].firstIndex(of: ")") else {
                parts.append(.text(String(rest)))
                break
            }
            let name = rest[open.upperBound..<close]
            guard let variable = CharacterClass(name: name) else {
                fail(key, "\"\(text)\": the substitution variable $(\(name)) is not supported (only $(alpha), $(upper), $(lower), $(alnum), $(digit) and $(xdigit) are); write its values out")
                return nil
            }
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            parts.append(.variable(variable))
            rest = rest[rest.index(after: close)...]
        }
        guard percentEncoded else { return LinkPattern(written: text, parts: parts, caseSensitive: caseSensitive) }
        var decoded: [LinkPattern.Part] = []
        for part in parts {
            guard case .text(let piece) = part else {
                decoded.append(part)
                continue
            }
            guard let plain = PercentEncoding.decode(Array(piece.utf8)) else {
                fail(key, "\"\(text)\": malformed percent escape (`%` needs two hex digits); with \"percentEncoded\": false a `%` is literal")
                return nil
            }
            decoded.append(.text(plain))
        }
        return LinkPattern(written: text, parts: decoded, caseSensitive: caseSensitive)
    }

    private mutating func defaults(_ value: JSONValue?, _ key: String, unknownKeys: Bool = true) -> MatchDefaults {
        guard let value else { return MatchDefaults() }
        guard case .object(let members) = value else {
            fail(key, "expected an object of caseSensitive and percentEncoded")
            return MatchDefaults()
        }
        if unknownKeys { ignoredKeys(members, Self.defaultsKeys, key + ".") }
        return MatchDefaults(caseSensitive: bool(members["caseSensitive"], key + ".caseSensitive"),
                             percentEncoded: bool(members["percentEncoded"], key + ".percentEncoded"))
    }

    // MARK: Typed reads that record what is wrong

    mutating func fail(_ key: String, _ problem: String) {
        errors.append(ConfigError(file: file, route: nil, field: key, problem: problem))
    }

    /// Keys iOS does not read are ignored there too, but may be a typo (`exlude`): a warning.
    mutating func ignoredKeys(_ members: [String: JSONValue], _ known: Set<String>, _ prefix: String) {
        for key in members.keys.sorted() where !known.contains(key) {
            let shown = prefix.hasSuffix("]") ? "\(prefix)[\"\(key)\"]" : prefix + key
            warnings.append(ConfigWarning(file: file, route: nil, field: shown,
                                          problem: "unknown key, ignored; known keys are \(known.sorted().joined(separator: ", "))"))
        }
    }

    mutating func bool(_ value: JSONValue?, _ key: String) -> Bool? {
        guard let value else { return nil }
        if case .bool(let flag) = value { return flag }
        fail(key, "expected true or false")
        return nil
    }

    mutating func strings(_ value: JSONValue, _ key: String, _ expected: String) -> [String] {
        guard case .array(let items) = value else {
            fail(key, "expected \(expected)")
            return []
        }
        return items.enumerated().compactMap { index, item in
            if case .string(let text) = item { return text }
            fail("\(key)[\(index)]", "expected a string")
            return nil
        }
    }

    private func isString(_ value: JSONValue) -> Bool {
        if case .string = value { return true }
        return false
    }
}
