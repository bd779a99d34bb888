/// Reads the App Link intent filters of an app's `AndroidManifest.xml` as it is in the app's
/// source tree.
enum AndroidManifest {
    static let namespace = "http://schemas.android.com/apk/res/android"
    static let tools = "http://schemas.android.com/tools"
    static let view = "android.intent.action.VIEW"
    static let categories = ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"]
    static let pathAttributes = ["path", "pathPrefix", "pathSuffix", "pathPattern", "pathAdvancedPattern"]

    /// What reading a manifest gave: its App Link filters (nil when the file is refused), the
    /// errors that refuse it and warnings for filters Android would not verify.
    struct Reading {
        var filters: [AppLinkIntentFilter]?
        var errors: [ConfigError]
        var warnings: [ConfigWarning]
    }

    /// The `<intent-filter android:autoVerify="true">` elements of the `<activity>` and
    /// `<activity-alias>` elements under `<application>` that take https links, in file order;
    /// a disabled activity (`android:enabled="false"`) and what `tools:node="remove"` takes out
    /// of the merged manifest are left out, as the phone never has them.
    /// A filter Android would not verify (no `VIEW` action, no `BROWSABLE` or `DEFAULT`
    /// category, no host) is a warning and left out. Attribute values are read as the build
    /// tools compile them (`\\` escapes undone); a Gradle placeholder (`${hostName}`) or a
    /// resource reference (`@string/host`) in a value entryd needs is an error naming it, since
    /// only the build knows its value.
    ///
    /// - Parameter file: the file's name, for the messages.
    static func read(xml: [UInt8], file: String) -> Reading {
        let document: XMLDocument
        do {
            document = try XMLDocument(bytes: xml)
        } catch {
            return Reading(filters: nil, errors: [ConfigError(file: file, route: nil, field: "", problem: "not well-formed XML: \(error.problem)",
                                                              line: error.line, column: error.column)], warnings: [])
        }
        var reading = Reading(filters: [], errors: [], warnings: [])
        guard document.root.name == "manifest" else {
            reading.errors.append(ConfigError(file: file, route: nil, field: "line \(document.root.line)",
                                              problem: "the top element is <\(document.root.name)>, not <manifest>: is this the app's AndroidManifest.xml?"))
            return Reading(filters: nil, errors: reading.errors, warnings: [])
        }
        for application in document.root.children where application.name == "application" {
            for activity in application.children where activity.name == "activity" || activity.name == "activity-alias" {
                guard !removed(activity), activity.attribute("enabled", namespace: namespace) != "false" else { continue }
                let activityName = activity.attribute("name", namespace: namespace) ?? "?"
                for filter in activity.children where filter.name == "intent-filter" && !removed(filter) {
                    guard filter.attribute("autoVerify", namespace: namespace) == "true" else { continue }
                    let key = "intent-filter at line \(filter.line) (\(activity.name) \(activityName))"
                    if let read = reading.filter(filter, key: key, file: file) { reading.filters?.append(read) }
                }
            }
        }
        guard reading.errors.isEmpty else { return Reading(filters: nil, errors: reading.errors, warnings: reading.warnings) }
        if reading.filters?.isEmpty == true {
            reading.warnings.append(ConfigWarning(file: file, route: nil, field: "",
                                                  problem: "no <intent-filter android:autoVerify=\"true\"> with https data: Android opens no link in the app"))
        }
        return reading
    }
}

extension AndroidManifest {
    /// Whether the manifest merger leaves `element` out of the app (`tools:node="remove"` or
    /// `"removeAll"`), so that the phone never sees it.
    static func removed(_ element: XMLDocument.Element) -> Bool {
        ["remove", "removeAll"].contains(element.attribute("node", namespace: tools))
    }
}

extension AndroidManifest.Reading {
    /// One autoVerify filter as an `AppLinkIntentFilter`; nil when it takes no https link or
    /// Android would not verify it (a warning says why) or one of its values is refused.
    fileprivate mutating func filter(_ element: XMLDocument.Element, key: String, file: String) -> AppLinkIntentFilter? {
        let ns = AndroidManifest.namespace
        let actions = element.children.filter { $0.name == "action" }.compactMap { $0.attribute("name", namespace: ns) }
        let categories = element.children.filter { $0.name == "category" }.compactMap { $0.attribute("name", namespace: ns) }
        var schemes: [String] = []
        var authorities: [AppLinkIntentFilter.Authority] = []
        var paths: [AppLinkIntentFilter.PathMatcher] = []
        for data in element.children where data.name == "data" {
            func value(_ name: String) -> String? {
                guard let raw = data.attribute(name, namespace: ns) else { return nil }
                return compiled(raw, field: "line \(data.line), <data android:\(name)>", file: file)
            }
            if let scheme = value("scheme") { schemes.append(scheme.lowercased()) }
            if let host = value("host") {
                var port: Int?
                if let written = value("port") {
                    port = Int(written)
                    if port == nil {
                        errors.append(ConfigError(file: file, route: nil, field: "line \(data.line), <data android:port>",
                                                  problem: "\"\(written)\" is not a port number"))
                    }
                }
                authorities.append(AppLinkIntentFilter.Authority(host: host.lowercased(), port: port))
            }
            for attribute in AndroidManifest.pathAttributes {
                guard let text = value(attribute) else { continue }
                switch attribute {
                case "path": paths.append(.path(text))
                case "pathPrefix": paths.append(.pathPrefix(text))
                case "pathSuffix": paths.append(.pathSuffix(text))
                case "pathPattern": paths.append(.pathPattern(text, AndroidPathPattern(simple: text)))
                default:
                    do {
                        paths.append(.pathAdvancedPattern(text, try AndroidPathPattern(advanced: text)))
                    } catch {
                        errors.append(ConfigError(file: file, route: nil, field: "line \(data.line), <data android:pathAdvancedPattern>",
                                                  problem: "\"\(text)\": \(error.message); Android refuses the app with it"))
                    }
                }
            }
        }
        guard schemes.contains("https") else { return nil }
        var missing: [String] = []
        if !actions.contains(AndroidManifest.view) { missing.append("<action android:name=\"\(AndroidManifest.view)\"/>") }
        for category in AndroidManifest.categories where !categories.contains(category) {
            missing.append("<category android:name=\"\(category)\"/>")
        }
        if authorities.isEmpty { missing.append("<data android:host=\"…\"/>") }
        guard missing.isEmpty else {
            warnings.append(ConfigWarning(file: file, route: nil, field: key,
                                          problem: "autoVerify, but without \(missing.joined(separator: ", ")): Android verifies no link through it, so entryd reads none"))
            return nil
        }
        return AppLinkIntentFilter(key: key, schemes: schemes, authorities: authorities, paths: paths)
    }

    /// An attribute value as the build tools compile it into the app: `\\` escapes undone
    /// (`\\\\.` in the file is the pattern `\\.`). nil, with an error, for what only the build
    /// can fill in.
    private mutating func compiled(_ raw: String, field: String, file: String) -> String? {
        if let open = raw.firstRange(of: "${") {
            let name = raw[open.upperBound...].prefix { $0 != "}" }
            errors.append(ConfigError(file: file, route: nil, field: field,
                                      problem: "\"\(raw)\" holds the manifest placeholder ${\(name)}, which Gradle fills in from manifestPlaceholders: entryd reads the manifest as written, so write the value (or point \"manifest\" at the merged manifest the build writes)"))
            return nil
        }
        if raw.hasPrefix("@") {
            errors.append(ConfigError(file: file, route: nil, field: field,
                                      problem: "\"\(raw)\" is a resource reference, which the build resolves: entryd reads the manifest as written, so write the value"))
            return nil
        }
        var text = ""
        var escaped = false
        for character in raw {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
