/// One problem in a config file, saying where it is and what to change.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The route's name; nil for a problem outside the routes or in a route without a readable name.
    public var route: String?
    /// The field at fault: inside the route when `route` is set (`match[1]`, `actions.accept[2]`),
    /// else from the top of the file (`universalLinks[0].host`, `routes[3].name`). Empty for the whole file.
    public var field: String
    /// What is wrong, phrased as what to fix.
    public var problem: String

    public init(file: String, route: String?, field: String, problem: String) {
        self.file = file
        self.route = route
        self.field = field
        self.problem = problem
    }

    /// `file: route "name": field: problem`.
    public var description: String {
        var text = file + ": "
        if let route { text += "route \"\(route)\": " }
        if !field.isEmpty { text += field + ": " }
        return text + problem
    }
}

/// Every problem found in a config file, in file order, so one run shows all there is to fix.
public struct ConfigErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var errors: [ConfigError]

    public init(_ errors: [ConfigError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
