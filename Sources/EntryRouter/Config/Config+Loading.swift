extension Config {
    /// Reads and validates a config file (SPEC §4).
    ///
    /// - Parameter file: the file's name, for the error messages.
    /// - Throws: every problem found, not only the first, so one run shows all there is to fix.
    public static func load(json: [UInt8], file: String) throws(ConfigErrors) -> Config {
        let root: JSONValue
        do {
            root = try JSONValue.parse(json[...])
        } catch {
            throw ConfigErrors([ConfigError(syntax: error, in: json, file: file)])
        }
        var reader = ConfigReader(file: file)
        var config = reader.read(root)
        let findings = ConfigValidator(config: config, file: file).findings()
        let errors = reader.errors + findings.errors
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        config.warnings = findings.warnings
        return config
    }

    /// Checks a config built in code by the rules `load` applies to a file.
    ///
    /// - Returns: the warnings, as `load` keeps them in `warnings`.
    @discardableResult
    public func validate(file: String) throws(ConfigErrors) -> [ConfigWarning] {
        let findings = ConfigValidator(config: self, file: file).findings()
        guard findings.errors.isEmpty else { throw ConfigErrors(findings.errors) }
        return findings.warnings
    }
}
