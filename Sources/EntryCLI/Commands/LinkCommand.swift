import EntryDaemon
import EntryRouter

/// `entryd link ROUTE KEY=VALUE...`: the URLs a route answers to, each routed back
/// (`RoutingTable.links`). Exits 0 when every one routes back to the route with these params, else 1.
enum LinkCommand {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        var params: [String: String] = [:]
        for argument in parsed.positionals.dropFirst() {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                return Usage.fail(parsed.command, "a param is KEY=VALUE; got '\(argument)'")
            }
            let key = String(argument[..<equals])
            guard params[key] == nil else { return Usage.fail(parsed.command, "param \(key) is given twice") }
            params[key] = String(argument[argument.index(after: equals)...])
        }
        let table: RoutingTable
        switch ReportConfig.load(parsed) {
        case .failed(let exitCode): return exitCode
        case .table(let loaded): table = loaded
        }
        let links: [RoutingTable.Link]
        do throws(RoutingTable.LinkError) {
            links = try table.links(route: parsed.positionals[0], params: params)
        } catch {
            printError("entryd link: \(error)")
            return 65
        }
        print(parsed.has("json") ? ReportConfig.line(RouteReport.json(links)) : RouteReport.text(links))
        return RouteReport.allRouteBack(links) ? 0 : 1
    }
}
