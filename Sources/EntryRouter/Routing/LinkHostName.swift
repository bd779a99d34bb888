import EntryKit

/// A universal-link host as the config names it: a host name (`shop.example.com`), or `*.` and a
/// domain (`*.example.com`) for every subdomain of that domain, at any depth, but not the domain
/// itself, as in an app's associated-domains entitlement. When several entries name a host, an
/// equal one wins, else the wildcard with the longest domain.
enum LinkHostName {
    /// `.example.com` (lowercased) for `*.example.com`; nil for a plain host name.
    static func wildcardSuffix(_ entry: String) -> String? {
        guard entry.hasPrefix("*.") else { return nil }
        return ASCII.lowercased(String(entry.dropFirst()))
    }

    /// The index of the entry of `entries` that names `host` (lowercased, without a port), if any.
    static func entry(for host: String, among entries: [String]) -> Int? {
        if let equal = entries.firstIndex(where: { wildcardSuffix($0) == nil && ASCII.lowercased($0) == host }) {
            return equal
        }
        var best: (index: Int, length: Int)?
        for (index, entry) in entries.enumerated() {
            guard let suffix = wildcardSuffix(entry), host.count > suffix.count, host.hasSuffix(suffix) else { continue }
            if suffix.count > best?.length ?? -1 { best = (index, suffix.count) }
        }
        return best?.index
    }

    /// `host` without an explicit `:443`, the https default port, which names the same host.
    static func withoutDefaultPort(_ host: String) -> String {
        host.hasSuffix(":443") ? String(host.dropLast(4)) : host
    }
}
