import EntryRouter

/// An apple-app-site-association file or a Digital Asset Links file (`assetlinks.json`) given to
/// `check-config`, as a glob such as `samples/*.json` gives them beside the configs that name them:
/// recognised by its top level and read, for each app it names, by the reader `serve` uses for a
/// config's `aasa` or `assetlinks` (through `Config.load`, the only door to it), so that it is
/// refused and warned about in the same words.
package enum AssociationFileCheck {
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        case appleAppSiteAssociation
        case assetLinks

        package var description: String {
            switch self {
            case .appleAppSiteAssociation: "an apple-app-site-association file"
            case .assetLinks: "a Digital Asset Links file"
            }
        }
    }

    /// What the file held: each app it names, with the reader's warnings.
    package struct Report: Sendable, Hashable {
        /// One app and how many path rules the file has for it; nil for an `assetlinks.json`
        /// grant without `dynamic_app_link_components`, which takes every path.
        package struct App: Sendable, Hashable {
            package var id: String
            package var paths: Int?
        }

        package var kind: Kind
        package var apps: [App]
        package var warnings: [ConfigWarning]

        /// `6 paths`, `every path`, or for several apps each one's, naming it.
        package var paths: String {
            func count(_ paths: Int?) -> String { paths.map { "\($0) path\($0 == 1 ? "" : "s")" } ?? "every path" }
            guard apps.count != 1 else { return count(apps[0].paths) }
            return apps.map { "\(count($0.paths)) for \($0.id)" }.joined(separator: ", ")
        }
    }

    /// The statement relation that grants a host's links to an Android app.
    static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    /// The kind of file `bytes` hold: an object with `applinks`, `webcredentials` or `appclips` at the
    /// top (and no `bundleId` or `routes`, which make it a config), or a list of statements with
    /// `relation` or `target`; nil for anything else, a config among them.
    package static func kind(of bytes: [UInt8]) -> Kind? {
        switch try? JSONValue.parse(bytes[...]) {
        case .object(let top)?:
            let association = ["applinks", "webcredentials", "appclips"].contains { top[$0] != nil }
            return association && top["bundleId"] == nil && top["routes"] == nil ? .appleAppSiteAssociation : nil
        case .array(let statements)?:
            let statement = statements.contains { item in
                guard case .object(let members) = item else { return false }
                return members["relation"] != nil || members["target"] != nil
            }
            return statement ? .assetLinks : nil
        default:
            return nil
        }
    }

    /// Reads `bytes`, a file of `kind` named `file`, for every app it names; throws the reader's
    /// errors, naming `file` and the key at fault.
    package static func check(_ bytes: [UInt8], file: String, kind: Kind) throws(ConfigErrors) -> Report {
        let apps = kind == .appleAppSiteAssociation ? appIDs(bytes) : packages(bytes)
        // A file that names no app is still read, for an app of no one's, so that a file of the
        // wrong shape is refused by what the reader says of it.
        var report = Report(kind: kind, apps: [], warnings: [])
        var errors: [ConfigError] = []
        for app in apps.isEmpty ? [nobody(kind)] : apps {
            do throws(ConfigErrors) {
                let config = try Config.load(json: linkingConfig(file: file, app: app, kind: kind), file: linkingName,
                                             readFile: { _ in bytes })
                let host = config.universalLinks[0]
                let paths = kind == .appleAppSiteAssociation ? host.association?.components.count : host.appLinks?.components?.count
                report.apps.append(Report.App(id: app, paths: paths))
                report.warnings += config.warnings.filter { $0.file == file && !report.warnings.contains($0) }
            } catch {
                // The config around the file is this check's own: only what is said of the file counts.
                let own = error.errors.filter { $0.file == file && !$0.problem.contains(nobody(kind)) }
                errors += own.filter { !errors.contains($0) }
                if own.isEmpty && !apps.isEmpty { errors += error.errors }
            }
        }
        if apps.isEmpty && errors.isEmpty {
            errors.append(kind == .appleAppSiteAssociation
                ? ConfigError(file: file, route: nil, field: "applinks.details", problem: "no entry names an app (\"appIDs\": [\"PREFIX.bundle.id\"]): no link opens an app")
                : ConfigError(file: file, route: nil, field: "", problem: "no statement grants \(handleAllURLs) to an android_app: no link opens an app"))
        }
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return report
    }

    /// The name the linking config is loaded under: without a directory, so that the file it
    /// names is read by the path it was given.
    private static let linkingName = "check-config"

    /// An app id (`PREFIX.bundle.id`) or package no file names, for a file that names none.
    private static func nobody(_ kind: Kind) -> String {
        kind == .appleAppSiteAssociation ? "NOAPP0.entryd.check.none" : "entryd.check.none"
    }

    /// The smallest config that names `file` as one host's `aasa` or `assetlinks`, for `app`.
    private static func linkingConfig(file: String, app: String, kind: Kind) -> [UInt8] {
        var top: [String: JSONValue] = ["home": .string("home"), "routes": .array([])]
        var host: [String: JSONValue] = ["host": .string("associated.invalid")]
        switch kind {
        case .appleAppSiteAssociation:
            top["appId"] = .string(app)
            top["bundleId"] = .string(String(app.drop { $0 != "." }.dropFirst()))
            host["aasa"] = .string(file)
        case .assetLinks:
            top["bundleId"] = .string(app)
            top["packageName"] = .string(app)
            host["assetlinks"] = .string(file)
        }
        top["universalLinks"] = .array([.object(host)])
        var bytes: [UInt8] = []
        JSONWriter.append(.object(top), to: &bytes)
        return bytes
    }

    /// The app ids the `applinks.details` entries name, in file order, those of the form
    /// `PREFIX.bundle.id` (a prefix of letters and digits) only: no app has another.
    private static func appIDs(_ bytes: [UInt8]) -> [String] {
        guard case .array(let details)? = (try? JSONValue.parse(bytes[...]))?["applinks"]?["details"] else { return [] }
        var apps: [String] = []
        for case .object(let detail) in details {
            var named: [JSONValue] = detail["appID"].map { [$0] } ?? []
            if case .array(let list)? = detail["appIDs"] { named += list }
            for case .string(let app) in named where !apps.contains(app) {
                guard let dot = app.firstIndex(of: "."), dot > app.startIndex, app.index(after: dot) < app.endIndex,
                      app[..<dot].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { continue }
                apps.append(app)
            }
        }
        return apps
    }

    /// The `android_app` packages the statements grant `handle_all_urls`, in file order.
    private static func packages(_ bytes: [UInt8]) -> [String] {
        guard case .array(let statements)? = try? JSONValue.parse(bytes[...]) else { return [] }
        var packages: [String] = []
        for statement in statements {
            guard case .string("android_app")? = statement["target"]?["namespace"],
                  case .string(let package)? = statement["target"]?["package_name"], !package.isEmpty,
                  case .array(let relations)? = statement["relation"], relations.contains(.string(handleAllURLs)),
                  !packages.contains(package) else { continue }
            packages.append(package)
        }
        return packages
    }
}
