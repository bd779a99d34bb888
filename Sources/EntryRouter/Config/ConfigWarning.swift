/// Something in a config that loads and can work, but is likely not what its author meant (a
/// universal-link path that no route matches). Kept in `Config.warnings`, for `check-config` to
/// print and `serve` to log at start; it never stops a config from loading.
public struct ConfigWarning: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The route's name; nil for a problem outside the routes.
    public var route: String?
    /// The field in question, named as in `ConfigError.field`.
    public var field: String
    /// What looks wrong, phrased as what to check.
    public var problem: String

    package init(file: String, route: String?, field: String, problem: String) {
        self.file = file
        self.route = route
        self.field = field
        self.problem = problem
    }

    /// `file: warning: route "name": field: problem`, the form of a `ConfigError` with `warning: `
    /// after the file.
    public var description: String {
        var text = file + ": warning: "
        if let route { text += "route \"\(route)\": " }
        if !field.isEmpty { text += field + ": " }
        return text + problem
    }
}
