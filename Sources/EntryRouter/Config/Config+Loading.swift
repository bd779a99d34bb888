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
            throw ConfigErrors([ConfigError(file: file, route: nil, field: "", problem: "not valid JSON (\(error))")])
        }
        var reader = ConfigReader(file: file)
        let config = reader.read(root)
        let errors = reader.errors + ConfigValidator(config: config, file: file).problems()
        guard errors.isEmpty else { throw ConfigErrors(errors) }
        return config
    }

    /// Checks a config built in code by the rules `load` applies to a file.
    public func validate(file: String) throws(ConfigErrors) {
        let errors = ConfigValidator(config: self, file: file).problems()
        guard errors.isEmpty else { throw ConfigErrors(errors) }
    }
}
