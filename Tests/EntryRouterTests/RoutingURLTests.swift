import Testing
@testable import EntryRouter

/// One URL and what routing it must give, against one of the sample configs.
struct URLCase: CustomTestStringConvertible, Sendable {
    enum App: Sendable { case materunner, shopmate }
    enum Expected: Sendable, Equatable {
        case route(String, [String: String])
        case error(ErrorCode)
    }

    let app: App
    let url: String
    let expected: Expected
    let rule: String

    var testDescription: String { "\(rule): \(url.prefix(80))" }

    init(_ app: App, _ url: String, _ expected: Expected, _ rule: String) {
        self.app = app
        self.url = url
        self.expected = expected
        self.rule = rule
    }

    static func m(_ url: String, _ expected: Expected, _ rule: String) -> URLCase { URLCase(.materunner, url, expected, rule) }
    static func s(_ url: String, _ expected: Expected, _ rule: String) -> URLCase { URLCase(.shopmate, url, expected, rule) }
}

private let uuid = "0F8FAD5B-D9CB-469F-A165-70867728950E"
private let longTail = String(repeating: "a", count: 2048 - "materunner://invite/".utf8.count)

let urlCases: [URLCase] = [
    // Custom scheme: the host is the first segment.
    .m("materunner://invite/abc", .route("invitation", ["sessionId": "abc"]), "custom-scheme host read as path"),
    .m("MATERUNNER://invite/abc", .route("invitation", ["sessionId": "abc"]), "scheme case-insensitive"),
    .m("MateRunner://INVITE/abc", .route("invitation", ["sessionId": "abc"]), "custom-scheme host case-insensitive"),
    .m("materunner://invite/ABC", .route("invitation", ["sessionId": "ABC"]), "param keeps its case"),
    .m("materunner://invite/abc/", .route("invitation", ["sessionId": "abc"]), "trailing slash ignored"),
    .m("materunner://invite/abc?", .route("invitation", ["sessionId": "abc"]), "trailing ? ignored"),
    .m("materunner://invite/abc#top", .route("invitation", ["sessionId": "abc"]), "fragment ignored"),
    .m("materunner://invite/abc?#top", .route("invitation", ["sessionId": "abc"]), "empty query and fragment"),
    .m("materunner://invite/abc/?#", .route("invitation", ["sessionId": "abc"]), "slash, ? and # together"),
    .m("materunner://invite/a%2Fb", .route("invitation", ["sessionId": "a/b"]), "encoded slash stays in its segment"),
    .m("materunner://invite/a/b", .error(.noRoute), "real slash makes two segments"),
    .m("materunner://invite", .error(.noRoute), "missing param segment"),
    .m("materunner://invite/", .error(.noRoute), "trailing slash is not an empty param"),
    .m("materunner://invite//abc", .error(.noRoute), "empty segment matches no param"),
    .m("materunner://invite/abc//", .error(.noRoute), "only one trailing slash ignored"),
    .m("materunner://invite/caf%C3%A9", .route("invitation", ["sessionId": "café"]), "percent-decoded UTF-8"),
    .m("materunner://invite/%zz", .error(.notAllowed), "malformed escape"),
    .m("materunner://invite/a%2", .error(.notAllowed), "truncated escape"),
    .m("materunner://invite/%E9", .error(.notAllowed), "escape that is not UTF-8"),
    .m("materunner://invite/a%20b", .route("invitation", ["sessionId": "a b"]), "encoded space"),
    // Query items.
    .m("materunner://invite/abc?inviter=kim", .route("invitation", ["sessionId": "abc", "inviter": "kim"]), "query item becomes a param"),
    .m("materunner://invite/abc?sessionId=zzz", .route("invitation", ["sessionId": "abc"]), "path param wins over query param"),
    .m("materunner://invite/abc?x=1&x=2", .route("invitation", ["sessionId": "abc", "x": "1"]), "repeated query key: first wins"),
    .m("materunner://invite/abc?flag", .route("invitation", ["sessionId": "abc", "flag": ""]), "query key without value"),
    .m("materunner://invite/abc?=v&a=", .route("invitation", ["sessionId": "abc", "a": ""]), "empty query name dropped"),
    .m("materunner://invite/abc?a=b%20c", .route("invitation", ["sessionId": "abc", "a": "b c"]), "query value decoded"),
    .m("materunner://invite/abc?a=b+c", .route("invitation", ["sessionId": "abc", "a": "b+c"]), "plus stays a plus"),
    .m("materunner://invite/abc?a%3Db=c%26d", .route("invitation", ["sessionId": "abc", "a=b": "c&d"]), "encoded = and & in query"),
    .m("materunner://invite/abc?a=1&&b=2", .route("invitation", ["sessionId": "abc", "a": "1", "b": "2"]), "empty query item skipped"),
    .m("materunner://invite/abc?a=%zz", .error(.notAllowed), "malformed escape in query"),
    // Literal vs param, typed segments.
    .m("materunner://records", .route("records", [:]), "literal route"),
    .m("materunner://records/", .route("records", [:]), "literal route, trailing slash"),
    .m("materunner://RECORDS", .route("records", [:]), "host literal case-insensitive"),
    .m("materunner://records/42", .route("recordDetail", ["id": "42"]), "typed int"),
    .m("materunner://records/-7", .route("recordDetail", ["id": "-7"]), "negative int"),
    .m("materunner://records/007", .route("recordDetail", ["id": "007"]), "int keeps its text"),
    .m("materunner://records/+7", .error(.noRoute), "plus sign is not an int"),
    .m("materunner://records/abc", .error(.noRoute), "typed fails, no fallback"),
    .m("materunner://records/99999999999999999999", .error(.noRoute), "int overflow"),
    .m("materunner://records/42/extra", .error(.noRoute), "extra segment"),
    .m("materunner://notice/update", .route("updateNotice", [:]), "literal beats param"),
    .m("materunner://notice/n-17", .route("serviceNotice", ["noticeId": "n-17"]), "param when the literal differs"),
    .m("materunner://notice/Update", .route("serviceNotice", ["noticeId": "Update"]), "path literal case-sensitive"),
    .m("materunner://notice/update?noticeId=9", .route("updateNotice", ["noticeId": "9"]), "literal route still gets query"),
    .m("materunner://tutorial/intro", .route("tutorial", ["step": "intro"]), "tutorial link"),
    .m("materunner://guide/permission/location", .route("permissionGuide", ["permission": "location"]), "three segments"),
    .m("materunner://mypage", .route("mypage", [:]), "tab route"),
    .m("materunner://nope", .error(.noRoute), "unknown path"),
    // scheme:// with nothing after it.
    .m("materunner://", .route("home", [:]), "empty URL matches the no-segment pattern"),
    .m("materunner://?", .route("home", [:]), "empty URL with ?"),
    .m("materunner://#x", .route("home", [:]), "empty URL with fragment"),
    .m("materunner://?tab=1", .route("home", ["tab": "1"]), "empty URL with query"),
    // Redirects.
    .m("materunner://r/42", .route("recordDetail", ["id": "42"]), "redirect to final route"),
    .m("materunner://r/42?from=mail", .route("recordDetail", ["id": "42", "from": "mail"]), "redirect keeps earlier params"),
    .m("materunner://r/x", .error(.noRoute), "redirect pattern typed mismatch"),
    // Universal links.
    .m("https://materunner.app/invite/abc", .route("invitation", ["sessionId": "abc"]), "universal link"),
    .m("HTTPS://MateRunner.APP/invite/abc", .route("invitation", ["sessionId": "abc"]), "https scheme and host case-insensitive"),
    .m("https://materunner.app/Invite/abc", .error(.notAllowed), "universal-link paths case-sensitive"),
    .m("https://materunner.app/invite/abc?inviter=lee", .route("invitation", ["sessionId": "abc", "inviter": "lee"]), "universal link query"),
    .m("https://materunner.app/invite/abc#x", .route("invitation", ["sessionId": "abc"]), "universal link fragment"),
    .m("https://materunner.app/invite/", .error(.noRoute), "allowed path, no route"),
    .m("https://materunner.app/records/5", .route("recordDetail", ["id": "5"]), "later rule allows"),
    .m("https://materunner.app/records", .route("records", [:]), "exact rule"),
    .m("https://materunner.app/records/admin/5", .error(.notAllowed), "NOT rule excludes"),
    .m("https://materunner.app/records/%61dmin/5", .error(.notAllowed), "NOT rule sees the decoded path"),
    .m("https://materunner.app/records/admin", .error(.noRoute), "NOT rule needs its slash; int fails"),
    .m("https://materunner.app/r/7", .route("recordDetail", ["id": "7"]), "universal link redirect to custom scheme"),
    .m("https://materunner.app/settings", .error(.notAllowed), "path no rule lists"),
    .m("https://materunner.app/", .error(.notAllowed), "root path not listed"),
    .m("https://materunner.app", .error(.notAllowed), "no path not listed"),
    .m("https://other.app/invite/abc", .error(.notAllowed), "unlisted host"),
    .m("https://materunner.app:8443/invite/abc", .error(.notAllowed), "port makes another host"),
    .m("https:///invite/abc", .error(.notAllowed), "https without host"),
    // Not allowed: credentials, schemes, shape, length.
    .m("http://materunner.app/invite/abc", .error(.notAllowed), "plain http"),
    .m("https://user:pass@materunner.app/invite/abc", .error(.notAllowed), "credentials"),
    .m("https://user@materunner.app/invite/abc", .error(.notAllowed), "user without password"),
    .m("materunner://user:pass@invite/abc", .error(.notAllowed), "credentials on a custom scheme"),
    .m("otherapp://invite/abc", .error(.notAllowed), "undeclared scheme"),
    .m("tel:123", .error(.notAllowed), "tel"),
    .m("mailto:someone@example.com", .error(.notAllowed), "mailto"),
    .m("file:///etc/passwd", .error(.notAllowed), "file"),
    .m("materunner:invite/abc", .error(.notAllowed), "no //"),
    .m("", .error(.notAllowed), "empty string"),
    .m("://invite", .error(.notAllowed), "no scheme"),
    .m("materunner://invite/a b", .error(.notAllowed), "raw space"),
    .m("materunner://invite/a\\b", .error(.notAllowed), "backslash"),
    .m("materunner://invite/" + longTail, .route("invitation", ["sessionId": longTail]), "exactly 2048 bytes"),
    .m("materunner://invite/" + longTail + "a", .error(.notAllowed), "over 2048 bytes"),
    // Typed falling over to :param, wildcards, uuid, second scheme.
    .s("shopmate://products/123", .route("product", ["productId": "123"]), "int beats param"),
    .s("shopmate://products/blue-shoe", .route("productSlug", ["slug": "blue-shoe"]), "typed fails over to :param"),
    .s("shopmate://products/12a", .route("productSlug", ["slug": "12a"]), "almost an int"),
    .s("shopmate://products/-5", .route("product", ["productId": "-5"]), "negative int"),
    .s("shopmate-beta://products/9", .route("product", ["productId": "9"]), "second scheme"),
    .s("SHOPMATE-BETA://PRODUCTS/9", .route("product", ["productId": "9"]), "second scheme, upper case"),
    .s("shopmate-beta://products/x", .error(.noRoute), "no :param fallback on this scheme"),
    .s("shopmate://orders/\(uuid)", .route("order", ["orderId": uuid]), "uuid upper case"),
    .s("shopmate://orders/\(uuid.lowercased())/review", .route("review", ["orderId": uuid.lowercased()]), "uuid then literal"),
    .s("shopmate://orders/not-a-uuid", .error(.noRoute), "uuid fails"),
    .s("shopmate://orders/\(uuid.dropLast())", .error(.noRoute), "uuid one short"),
    .s("shopmate://help", .route("help", ["topic": ""]), "wildcard, empty rest"),
    .s("shopmate://help/returns", .route("help", ["topic": "returns"]), "wildcard, one segment"),
    .s("shopmate://help/returns/international", .route("help", ["topic": "returns/international"]), "wildcard, several segments"),
    .s("shopmate://help/a%2Fb/c", .route("help", ["topic": "a/b/c"]), "wildcard joins decoded segments"),
    .s("shopmate://cart?coupon=X", .route("cart", ["coupon": "X"]), "query on tab route"),
    .s("shopmate://search?q=red%20shoes&q=blue", .route("search", ["q": "red shoes"]), "first of repeated query"),
    .s("https://shop.example.com/p/55", .route("product", ["productId": "55"]), "universal link redirect"),
    .s("https://m.shop.example.com/p/55", .route("product", ["productId": "55"]), "second host"),
    .s("https://m.shop.example.com/products/55", .error(.notAllowed), "rules are per host"),
    .s("https://shop.example.com/orders/internal/x", .error(.notAllowed), "NOT rule before allow"),
    .s("https://shop.example.com/orders/\(uuid)", .route("order", ["orderId": uuid]), "allowed after NOT rule"),
    .s("https://shop.example.com/help", .error(.notAllowed), "/help/* needs the slash"),
    .s("https://shop.example.com/help/", .route("help", ["topic": ""]), "wildcard rule matches empty"),
    .s("https://shop.example.com/cart", .route("cart", [:]), "exact rule"),
    .s("https://shop.example.com/cart/", .error(.notAllowed), "exact rule without wildcard"),
    .s("materunner://invite/abc", .error(.notAllowed), "other app's scheme"),
]

@Suite("Routing URLs")
struct RoutingURLTests {
    @Test(arguments: urlCases)
    func routes(_ testCase: URLCase) {
        let table = testCase.app == .materunner ? RoutingFixtures.materunner : RoutingFixtures.shopmate
        switch (table.route(url: testCase.url), testCase.expected) {
        case (.success(let match), .route(let name, let params)):
            #expect(match.route == name)
            #expect(match.params == RouteParams(params))
        case (.failure(let error), .error(let code)):
            #expect(error.code == code, "\(error.message)")
            #expect(!error.message.isEmpty)
        case (let got, let expected):
            Issue.record("got \(got), expected \(expected)")
        }
    }

    /// The parser reads the URL eight bytes at a time while they are plain: a byte that is not,
    /// at any offset in a word or in the tail, is still found, and at the right character.
    @Test func refusedAndFragmentBytesAreFoundAtEveryOffset() {
        let url = "materunner://invite/abcdefghijklmnopqrstuvwxyz0123456789"
        let bytes = Array(url.utf8)
        for position in 0...bytes.count {
            for refused: UInt8 in [0x20, 0x00, 0x1F, 0x7F, UInt8(ascii: "\\")] {
                let text = String(decoding: bytes[..<position] + [refused] + bytes[position...], as: UTF8.self)
                guard case .failure(let error) = RoutingFixtures.materunner.route(url: text) else {
                    Issue.record("byte \(refused) at \(position) was not refused")
                    continue
                }
                #expect(error.code == .notAllowed)
                #expect(error.message.contains("at character \(position + 1):"), "\(error.message)")
            }
            guard position >= "materunner://".utf8.count else { continue }
            let cut = String(decoding: bytes[..<position], as: UTF8.self)
            let withFragment = String(decoding: bytes[..<position] + [UInt8(ascii: "#")] + bytes[position...], as: UTF8.self)
            #expect(Self.outcome(RoutingFixtures.materunner.route(url: withFragment)) == Self.outcome(RoutingFixtures.materunner.route(url: cut)))
        }
    }

    /// A result without the URL that error messages quote.
    private static func outcome(_ result: Result<RouteMatch, WireError>) -> String {
        switch result {
        case .success(let match): "\(match.route) \(match.params.sorted { $0.key < $1.key })"
        case .failure(let error): "\(error.code)"
        }
    }

    @Test func thereAreEnoughCases() {
        #expect(urlCases.count >= 80)
    }
}
