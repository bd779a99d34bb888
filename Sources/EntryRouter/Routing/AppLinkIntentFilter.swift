/// One `<intent-filter android:autoVerify="true">` of an app's `AndroidManifest.xml` that takes
/// https links, its `<data>` elements merged as Android merges them: the filter takes a URL whose
/// scheme is one of its schemes, whose host (and port) is one of its authorities, and whose path
/// one of its path attributes matches, whichever `<data>` element each was written on. A filter
/// without path attributes takes every path of its hosts. Built at load time by
/// `AppLinkIntentFilter.read`; matching is pure.
package struct AppLinkIntentFilter: Sendable, Hashable {
    /// A `host` (lowercased; `*.example.com` for its subdomains, `*` for any) with the `port`
    /// written on the same `<data>` element, if any.
    package struct Authority: Sendable, Hashable {
        package var host: String
        package var port: Int?

        /// As Android's `IntentFilter.AuthorityEntry`: a leading `*` takes any host that ends
        /// with the rest, so `*.example.com` takes `a.example.com` but not `example.com`; a port,
        /// when written, must be the URL's own (a URL without one has none).
        func takes(host url: String, port urlPort: Int?) -> Bool {
            let matches = host.hasPrefix("*") ? url.hasSuffix(host.dropFirst()) : url == host
            return matches && (port == nil || port == urlPort)
        }
    }

    /// One path attribute, as written and as matched against the decoded path.
    package enum PathMatcher: Sendable, Hashable {
        case path(String)
        case pathPrefix(String)
        case pathSuffix(String)
        case pathPattern(String, AndroidPathPattern)
        case pathAdvancedPattern(String, AndroidPathPattern)

        func matches(_ path: String) -> Bool {
            switch self {
            case .path(let literal): path == literal
            case .pathPrefix(let prefix): path.hasPrefix(prefix)
            case .pathSuffix(let suffix): path.hasSuffix(suffix)
            case .pathPattern(_, let pattern), .pathAdvancedPattern(_, let pattern): pattern.matches(path)
            }
        }

        /// `android:pathPrefix="/p/"`, as a message names it.
        package var written: String {
            switch self {
            case .path(let text): "android:path=\"\(text)\""
            case .pathPrefix(let text): "android:pathPrefix=\"\(text)\""
            case .pathSuffix(let text): "android:pathSuffix=\"\(text)\""
            case .pathPattern(let text, _): "android:pathPattern=\"\(text)\""
            case .pathAdvancedPattern(let text, _): "android:pathAdvancedPattern=\"\(text)\""
            }
        }

        /// The paths it takes, over-approximated for the load-time checks: a pattern's `.` is one
        /// character and any repetition or class any run, which may take more than Android does
        /// but never less.
        var glob: PathGlob {
            switch self {
            case .path(let text): PathGlob(text.unicodeScalars.map { .character($0) })
            case .pathPrefix(let text): PathGlob(text.unicodeScalars.map { .character($0) } + [.any])
            case .pathSuffix(let text): PathGlob([.any] + text.unicodeScalars.map { .character($0) })
            case .pathPattern(let text, _), .pathAdvancedPattern(let text, _): Self.loose(text)
            }
        }

        private static func loose(_ pattern: String) -> PathGlob {
            let scalars = Array(pattern.unicodeScalars)
            var elements: [PathGlob.Element] = []
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\\" where index < scalars.count:
                    // `\.` takes any character in a pathPattern; any other escaped one is itself.
                    elements.append(scalars[index] == "." ? .one : .character(scalars[index]))
                    index += 1
                case ".":
                    elements.append(.one)
                case "[":
                    while index < scalars.count, scalars[index] != "]" { index += scalars[index] == "\\" ? 2 : 1 }
                    index += 1
                    elements.append(.one)
                case "*", "+", "{":
                    if scalar == "{" { index = (scalars[index...].firstIndex(of: "}") ?? scalars.count - 1) + 1 }
                    // A repeat widens what it repeats to any run.
                    if elements.isEmpty { elements.append(.any) } else { elements[elements.count - 1] = .any }
                default:
                    elements.append(.character(scalar))
                }
            }
            return PathGlob(elements)
        }
    }

    /// Where the filter is (`intent-filter at line 31 (activity .LinkActivity)`), for messages.
    package var key: String
    /// Lowercased; `https` among them.
    package var schemes: [String]
    package var authorities: [Authority]
    /// Empty: every path.
    package var paths: [PathMatcher]

    package init(key: String, schemes: [String], authorities: [Authority], paths: [PathMatcher]) {
        self.key = key
        self.schemes = schemes
        self.authorities = authorities
        self.paths = paths
    }

    /// Whether the filter takes an https URL of `host` (lowercased), `port` (nil when the URL
    /// names none) and decoded `path`.
    func takes(host: String, port: Int?, path: String) -> Bool {
        schemes.contains("https") && takes(host: host, port: port) && (paths.isEmpty || paths.contains { $0.matches(path) })
    }

    /// Whether the filter names `host` at all, whatever the path.
    func takes(host: String, port: Int?) -> Bool {
        authorities.contains { $0.takes(host: host, port: port) }
    }
}
