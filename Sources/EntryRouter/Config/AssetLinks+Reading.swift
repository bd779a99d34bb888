extension AppLinksAssociation {
    /// What reading a Digital Asset Links file gave: the app's association (nil when the file is
    /// refused), the errors that refuse it, and warnings for keys Android ignores.
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
    /// those whose `target` is the `android_app` `packageName` and whose `relation` has
    /// `handle_all_urls` grant the host, and their `relation_extensions` may carry
    /// `dynamic_app_link_components` (`/`, `?`, `#`, `exclude`, `comments`), read like an
    /// apple-app-site-association file's components (case-sensitive, percent-decoded). Statements
    /// for other apps or sites are not read beyond their target, as Android ignores them.
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
        var components: [AppLinkComponent]?
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
            granting.append(key)
            guard let extensions = statement["relation_extensions"] else { continue }
            let extensionKey = key + ".relation_extensions"
            guard case .object(let byRelation) = extensions else {
                reader.fail(extensionKey, "expected an object of relation → extension")
                continue
            }
            guard let grant = byRelation[handleAllURLs] else { continue }
            let grantKey = "\(extensionKey)[\"\(handleAllURLs)\"]"
            guard case .object(let members) = grant else {
                reader.fail(grantKey, "expected an object with \"dynamic_app_link_components\"")
                continue
            }
            reader.ignoredKeys(members, ["dynamic_app_link_components"], grantKey + ".")
            guard let list = members["dynamic_app_link_components"] else { continue }
            guard case .array(let items) = list else {
                reader.fail(grantKey + ".dynamic_app_link_components", "expected a list of component objects")
                continue
            }
            let own = items.enumerated().compactMap { position, item in
                reader.component(item, "\(key).dynamic_app_link_components[\(position)]", MatchDefaults(),
                                 keys: componentKeys, comment: "comments")
            }
            components = (components ?? []) + own
        }
        if reader.errors.isEmpty, granting.isEmpty {
            let found = others.isEmpty ? "none" : others.joined(separator: ", ")
            reader.fail("", "no statement grants \(handleAllURLs) to the app \(packageName) (android_app packages found: \(found)); check \"packageName\" in the config")
        }
        guard reader.errors.isEmpty else { return Reading(association: nil, errors: reader.errors, warnings: reader.warnings) }
        return Reading(association: AppLinksAssociation(statement: granting.joined(separator: ", "), components: components),
                       errors: [], warnings: reader.warnings)
    }
}
