extension AppLinksAssociation {
    /// What reading a Digital Asset Links file gave: the app's association (nil when the file is
    /// refused), the errors that refuse it, and warnings for keys Android ignores and statements
    /// that grant nothing.
    struct Reading {
        var association: AppLinksAssociation?
        var errors: [ConfigError]
        var warnings: [ConfigWarning]
    }

    static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    static let statementKeys: Set<String> = ["relation", "target", "relation_extensions"]
    static let targetKeys: Set<String> = ["namespace", "package_name", "sha256_cert_fingerprints", "site"]
    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "comments"]

    /// Reads an `assetlinks.json` as Android does for the app `packageName`: a list of statements;
    /// those whose `target` is the `android_app` `packageName`, whose `relation` has
    /// `handle_all_urls` and whose `sha256_cert_fingerprints` has a well-formed fingerprint grant
    /// the host, and their `relation_extensions` may carry `dynamic_app_link_components` (`/`, `?`,
    /// `#`, `exclude`, `comments`). Statements for other apps or sites are not read beyond their
    /// target, as Android ignores them. An empty components list is the same as none: the host's
    /// paths are left to the manifest.
    ///
    /// - Parameter file: the file's name, for the messages.
    static func read(json: [UInt8], packageName: String, file: String) -> Reading {
        var reader = AssociationReader(file: file)
        let root: JSONValue
        do {
            root = try JSONValue.parse(json[...])
        } catch {
            return Reading(association: nil, errors: [ConfigError(syntax: error, in: json, file: file)], warnings: [])
        }
        guard case .array(let statements) = root else {
            reader.fail("", "the file must be a JSON list of statements ({\"relation\": [...], \"target\": {...}})")
            return Reading(association: nil, errors: reader.errors, warnings: reader.warnings)
        }
        var granting: [String] = []
        var unsigned: [String] = []
        var components: [AppLinkComponent] = []
        var componentStatements: [String] = []
        var others: [String] = []
        for (index, value) in statements.enumerated() {
            let key = "[\(index)]"
            guard case .object(let statement) = value, case .object(let target)? = statement["target"] else {
                reader.fail(key, "expected a statement object with a \"target\" object")
                continue
            }
            guard case .string("android_app")? = target["namespace"], case .string(let package)? = target["package_name"] else {
                continue
            }
            let relations = statement["relation"].map { reader.strings($0, key + ".relation", "a list of relation strings") } ?? []
            guard package == packageName, relations.contains(handleAllURLs) else {
                if !others.contains(package) { others.append(package) }
                continue
            }
            reader.ignoredKeys(statement, statementKeys, key + ".")
            reader.ignoredKeys(target, targetKeys, key + ".target.")
            guard reader.signs(target, key, package: package) else {
                unsigned.append(key)
                continue
            }
            granting.append(key)
            guard let own = reader.dynamicComponents(statement, key), !own.isEmpty else { continue }
            components += own
            componentStatements.append(key)
        }
        if componentStatements.count > 1 {
            reader.warnings.append(ConfigWarning(file: file, route: nil, field: componentStatements.joined(separator: ", "),
                                                 problem: "several statements for \(packageName) carry dynamic_app_link_components; Android does not say which it uses (entryd reads them in file order): keep one"))
        }
        if reader.errors.isEmpty, granting.isEmpty {
            let found = others.isEmpty ? "none" : others.joined(separator: ", ")
            let why = unsigned.isEmpty ? "" : " (\(unsigned.joined(separator: ", ")) name it without a well-formed SHA-256 fingerprint)"
            reader.fail("", "no statement grants \(handleAllURLs) to the app \(packageName)\(why) (android_app packages found: \(found)); check \"packageName\" in the config")
        }
        guard reader.errors.isEmpty else { return Reading(association: nil, errors: reader.errors, warnings: reader.warnings) }
        return Reading(association: AppLinksAssociation(statement: granting.joined(separator: ", "), components: components.isEmpty ? nil : components),
                       errors: [], warnings: reader.warnings)
    }
}

extension AssociationReader {
    /// Whether a statement's target names a signing certificate Android can verify the app with:
    /// at least one well-formed SHA-256 fingerprint. Each malformed one is a warning; a statement
    /// with none is a warning saying that it grants nothing.
    mutating func signs(_ target: [String: JSONValue], _ key: String, package: String) -> Bool {
        let field = key + ".target.sha256_cert_fingerprints"
        let listed: [String]
        if let value = target["sha256_cert_fingerprints"] {
            listed = strings(value, field, "a list of SHA-256 fingerprints (\"14:6D:…:E5\")")
        } else {
            listed = []
        }
        var wellFormed = 0
        for (index, fingerprint) in listed.enumerated() {
            if CertificateFingerprint.isWellFormed(fingerprint) {
                wellFormed += 1
            } else {
                warnings.append(ConfigWarning(file: file, route: nil, field: "\(field)[\(index)]",
                                              problem: "\"\(fingerprint)\" is not a SHA-256 fingerprint (32 hex bytes separated by colons, as keytool -list -v prints it); Android matches no certificate with it"))
            }
        }
        guard wellFormed == 0 else { return true }
        let reason = listed.isEmpty ? "names no SHA-256 fingerprint" : "names no well-formed SHA-256 fingerprint"
        warnings.append(ConfigWarning(file: file, route: nil, field: key,
                                      problem: "the statement for \(package) \(reason): Android verifies the app against none, so it grants nothing"))
        return false
    }

    /// A granting statement's `dynamic_app_link_components`, nil when it has none. Android reads
    /// `?` only as an object of query item → pattern, every item required.
    mutating func dynamicComponents(_ statement: [String: JSONValue], _ key: String) -> [AppLinkComponent]? {
        guard let extensions = statement["relation_extensions"] else { return nil }
        let extensionKey = key + ".relation_extensions"
        guard case .object(let byRelation) = extensions else {
            fail(extensionKey, "expected an object of relation → extension")
            return nil
        }
        let relation = AppLinksAssociation.handleAllURLs
        guard let grant = byRelation[relation] else { return nil }
        let grantKey = "\(extensionKey)[\"\(relation)\"]"
        guard case .object(let members) = grant else {
            fail(grantKey, "expected an object with \"dynamic_app_link_components\"")
            return nil
        }
        ignoredKeys(members, ["dynamic_app_link_components"], grantKey + ".")
        guard let list = members["dynamic_app_link_components"] else { return nil }
        guard case .array(let items) = list else {
            fail(grantKey + ".dynamic_app_link_components", "expected a list of component objects")
            return nil
        }
        return items.enumerated().compactMap { position, item in
            let itemKey = "\(key).dynamic_app_link_components[\(position)]"
            if case .object(let members) = item, case .string(let text)? = members["?"] {
                fail(itemKey + "[\"?\"]", "\"\(text)\": Android reads \"?\" only as an object of query item name → pattern ({\"dl\": \"*\"})")
                return nil
            }
            guard var component = component(item, itemKey, MatchDefaults(), keys: AppLinksAssociation.componentKeys,
                                            comment: "comments") else { return nil }
            if case .items(let patterns)? = component.query { component.query = .present(patterns) }
            return component
        }
    }
}
