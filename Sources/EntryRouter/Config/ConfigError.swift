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
    /// Where in the file, for a problem found before the file's JSON could be read (a syntax error):
    /// 1-based line and column, the column counted in characters as an editor shows it.
    public var line: Int?
    public var column: Int?

    package init(file: String, route: String?, field: String, problem: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.route = route
        self.field = field
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// `file: route "name": field: problem`, or `file:line:column: problem` for a syntax error (the
    /// form editors and terminals turn into a jump to the place).
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if let route { text += "route \"\(route)\": " }
        if !field.isEmpty { text += field + ": " }
        return text + problem
    }
}

/// Every problem found in a config file, in file order, so one run shows all there is to fix.
public struct ConfigErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var errors: [ConfigError]

    package init(_ errors: [ConfigError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}


extension ConfigError {
    /// A file whose bytes are not JSON, with the line and column of the offending byte.
    ///
    /// A UTF-8 byte-order mark is named as such: editors hide it, so "unexpected character at line 1,
    /// column 1" would point at nothing the user can see.
    package init(syntax error: JSONParseError, in bytes: [UInt8], file: String) {
        let position = TextPosition(offset: error.offset, in: bytes)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let problem = bytes.starts(with: bom) && error.offset == 0
            ? "not valid JSON: the file starts with a UTF-8 byte-order mark; save it without one"
            : "not valid JSON: \(error.reason)"
        self.init(file: file, route: nil, field: "", problem: problem, line: position.line, column: position.column)
    }
}

/// A byte offset as a 1-based line and column; the column counts characters (UTF-8 continuation
/// bytes are not counted), so a name with an accent before the mistake does not shift it.
struct TextPosition: Hashable {
    var line = 1
    var column = 1

    init(offset: Int, in bytes: [UInt8]) {
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }
}
