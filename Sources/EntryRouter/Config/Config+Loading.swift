import EntryKit

extension Config {
    /// Reads and validates a config file (docs/CONFIG.md).
    ///
    /// - Parameters:
    ///   - file: the file's name, for the error messages, and the place `aasa` paths are relative to.
    ///   - readFile: reads a file the config names (an `aasa` file), by its path relative to the
    ///     working directory; it throws when the file cannot be read. The engine itself never
    ///     touches files: the caller that read the config passes its own reader.
    /// - Throws: every problem found, not only the first, so one run shows all there is to fix.
    public static func load(json: [UInt8], file: String,
                            readFile: (String) throws -> [UInt8] = Config.readNoFiles) throws(ConfigErrors) -> Config {
        let root: JSONValue
        do {
            root = try JSONValue.parse(json[...])
        } catch {
            throw ConfigErrors([ConfigError(syntax: error, in: json, file: file)])
        }
        var reader = ConfigReader(file: file)
        var config = reader.read(root)
        var errors = reader.errors
        var warnings: [ConfigWarning] = []
        config.readAssociations(file: file, readFile: readFile, errors: &errors, warnings: &warnings)
        config.readAssetLinks(file: file, readFile: readFile, errors: &errors, warnings: &warnings)
        config.readManifests(file: file, readFile: readFile, errors: &errors, warnings: &warnings)
        let findings = ConfigValidator(config: config, file: file).findings()
        errors += findings.errors
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        config.warnings = warnings + findings.warnings
        config.file = file
        return config
    }

    /// Checks a config built in code by the rules `load` applies to a file.
    ///
    /// - Returns: the warnings, as `load` keeps them in `warnings`.
    @discardableResult
    package func validate(file: String) throws(ConfigErrors) -> [ConfigWarning] {
        let findings = ConfigValidator(config: self, file: file).findings()
        guard findings.errors.isEmpty else { throw ConfigErrors(findings.errors) }
        return findings.warnings
    }

    /// The reader `load` uses when its caller gives none: a config loaded that way cannot name
    /// an `aasa` file.
    @usableFromInline package static func readNoFiles(_ path: String) throws -> [UInt8] {
        throw NoFileReading()
    }

    private struct NoFileReading: Error, CustomStringConvertible {
        var description: String { "files named by this config are not read here" }
    }

    /// Whether `appId` is `PREFIX.bundleId`, the prefix letters and digits.
    var hasValidAppId: Bool {
        guard let appId, appId.hasSuffix("." + bundleId) else { return false }
        let prefix = appId.dropLast(bundleId.count + 1)
        return !prefix.isEmpty && prefix.utf8.allSatisfy { ASCII.isAlpha($0) || ASCII.isDigit($0) }
    }

    /// `path` as seen from the directory of the config `file`: unchanged when absolute or when
    /// the config has no directory part.
    static func path(_ path: String, besides file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    /// Reads the Digital Asset Links file of each `assetlinks` host into its `appLinks`.
    private mutating func readAssetLinks(file: String, readFile: (String) throws -> [UInt8],
                                         errors: inout [ConfigError], warnings: inout [ConfigWarning]) {
        for index in universalLinks.indices {
            guard let assetlinks = universalLinks[index].assetlinks else { continue }
            let field = "universalLinks[\(index)].assetlinks"
            guard let packageName, !packageName.isEmpty else {
                errors.append(ConfigError(file: file, route: nil, field: field, problem: "a Digital Asset Links file names apps by package: set \"packageName\" (the Android application id) at the top of the config"))
                continue
            }
            guard let (resolved, bytes) = Self.readHostFile(assetlinks, besides: file, field: field, readFile: readFile,
                                                            errors: &errors) else { continue }
            let reading = AppLinksAssociation.read(json: bytes, packageName: packageName, file: resolved)
            universalLinks[index].appLinks = reading.association
            errors += reading.errors
            warnings += reading.warnings
        }
    }

    /// Reads the `AndroidManifest.xml` of each `manifest` host into its `intentFilters`; a file
    /// several hosts name is read once. A manifest bounds what a host's assetlinks grants, so a
    /// host that names one without an assetlinks file is refused.
    private mutating func readManifests(file: String, readFile: (String) throws -> [UInt8],
                                        errors: inout [ConfigError], warnings: inout [ConfigWarning]) {
        var read: [String: [AppLinkIntentFilter]?] = [:]
        for index in universalLinks.indices {
            guard let manifest = universalLinks[index].manifest else { continue }
            let field = "universalLinks[\(index)].manifest"
            guard universalLinks[index].assetlinks != nil else {
                errors.append(ConfigError(file: file, route: nil, field: field, problem: "a manifest decides which paths open the app once the host's assetlinks.json verifies it: name the host's \"assetlinks\" file too"))
                continue
            }
            if let filters = read[Self.path(manifest, besides: file)] {
                universalLinks[index].intentFilters = filters
                continue
            }
            guard let (resolved, bytes) = Self.readHostFile(manifest, besides: file, field: field, readFile: readFile,
                                                            errors: &errors) else { continue }
            let reading = AndroidManifest.read(xml: bytes, file: resolved)
            read[resolved] = reading.filters
            universalLinks[index].intentFilters = reading.filters
            errors += reading.errors
            warnings += reading.warnings
        }
    }

    /// Reads the apple-app-site-association file of each `aasa` host into its `association`.
    private mutating func readAssociations(file: String, readFile: (String) throws -> [UInt8],
                                           errors: inout [ConfigError], warnings: inout [ConfigWarning]) {
        for index in universalLinks.indices {
            guard let aasa = universalLinks[index].aasa else { continue }
            let field = "universalLinks[\(index)].aasa"
            guard let appId else {
                errors.append(ConfigError(file: file, route: nil, field: field, problem: "an apple-app-site-association file names apps by app id: set \"appId\" (PREFIX.\(bundleId)) at the top of the config"))
                continue
            }
            // A malformed app id is the validator's to report; no file would name it.
            guard hasValidAppId else { continue }
            guard let (resolved, bytes) = Self.readHostFile(aasa, besides: file, field: field, readFile: readFile,
                                                            errors: &errors) else { continue }
            let reading = SiteAssociation.read(json: bytes, appId: appId, file: resolved)
            universalLinks[index].association = reading.association
            errors += reading.errors
            warnings += reading.warnings
        }
    }

    /// The bytes of a file a universal-link host names (`aasa`, `assetlinks`), found beside the
    /// config, and the path it was read from; nil, with the error recorded under `field`, when it
    /// cannot be read.
    private static func readHostFile(_ name: String, besides file: String, field: String,
                                     readFile: (String) throws -> [UInt8],
                                     errors: inout [ConfigError]) -> (path: String, bytes: [UInt8])? {
        let resolved = path(name, besides: file)
        do {
            return (resolved, try readFile(resolved))
        } catch {
            errors.append(ConfigError(file: file, route: nil, field: field, problem: "cannot read \(resolved): \(error)"))
            return nil
        }
    }
}
