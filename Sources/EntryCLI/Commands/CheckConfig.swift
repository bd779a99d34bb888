import EntryDaemon
import EntryRouter

/// `entryd check-config FILE...`: every problem of every file, as `serve` would refuse them, and the
/// warnings of the files it would serve, without a daemon, on standard output (the report is what the command is for). Exits 0 when all are fine,
/// 78 when one has problems, else 66 when one cannot be read. An apple-app-site-association or
/// `assetlinks.json` file among them is checked as what it is (`AssociationFileCheck`).
enum CheckConfig {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        var status: Int32 = 0
        for file in parsed.positionals {
            if let bytes = try? FileBytes.read(file).get(), let kind = AssociationFileCheck.kind(of: bytes) {
                do throws(ConfigErrors) {
                    let report = try AssociationFileCheck.check(bytes, file: file, kind: kind)
                    let apps = report.apps.count == 1 ? "for \(report.apps[0].id)" : "\(report.apps.count) apps"
                    print("\(file): \(kind), \(report.paths): ok (\(apps)\(warnings(report.warnings.count)))")
                    report.warnings.forEach { print($0) }
                } catch {
                    print("\(error)")
                    status = 78
                }
                continue
            }
            do throws(ConfigCheck.Failure) {
                let config = try ConfigCheck.load(file)
                let routes = "\(config.routes.count) route\(config.routes.count == 1 ? "" : "s")"
                print("\(file): ok (\(config.bundleId), \(routes)\(warnings(config.warnings.count)))")
                config.warnings.forEach { print($0) }
            } catch {
                print("\(error)")
                if status != 78 { status = error.exitCode }
            }
        }
        return status
    }

    /// `, 2 warnings`, or nothing without any.
    private static func warnings(_ count: Int) -> String {
        count == 0 ? "" : ", \(count) warning\(count == 1 ? "" : "s")"
    }
}
