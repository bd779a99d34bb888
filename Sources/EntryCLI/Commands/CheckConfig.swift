import EntryDaemon

/// `entryd check-config FILE...`: every problem of every file, as `serve` would refuse them, and the
/// warnings of the files it would serve, without a daemon, on standard output (the report is what the command is for). Exits 0 when all are fine,
/// 78 when one has problems, else 66 when one cannot be read.
enum CheckConfig {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        var status: Int32 = 0
        for file in parsed.positionals {
            do throws(ConfigCheck.Failure) {
                let config = try ConfigCheck.load(file)
                let routes = "\(config.routes.count) route\(config.routes.count == 1 ? "" : "s")"
                let warnings = config.warnings.isEmpty ? "" : ", \(config.warnings.count) warning\(config.warnings.count == 1 ? "" : "s")"
                print("\(file): ok (\(config.bundleId), \(routes)\(warnings))")
                config.warnings.forEach { print($0) }
            } catch {
                print("\(error)")
                if status != 78 { status = error.exitCode }
            }
        }
        return status
    }
}
