import EntryClient
import EntryDaemon
import EntryHost
import EntryRouter

/// `entryd retract --id ID | --kind KIND | --collapse-id ID`: withdraws what is waiting (and a
/// modal on screen) the way a server withdraws a stale notice.
enum Retract {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        do throws(SenderRequestError) {
            return Sender.send(try SenderRequest.retract(parsed), parsed)
        } catch .usage(let message) {
            return Usage.fail(parsed.command, message)
        } catch {
            printError("entryd retract: \(error)")
            return error.exitCode
        }
    }

    /// Why `--kind` retracted nothing, when the config the daemon serves has no such modal kind:
    /// the nearest one, else the kinds there are. nil when it has it, or when that config cannot be
    /// read here (a daemon started elsewhere, or from another directory, with another file).
    static func unknownKind(_ kind: String, _ parsed: ParsedArguments) -> String? {
        let request = EntryRequest.status(limit: 1).json(req: 2)
        guard case .success(let (reply, _)) = Talk.ask(request, path: Talk.socketPath(parsed), tokenFile: parsed.value("token-file"),
                                                       command: parsed.command),
              let file = reply["config"]?.stringValue,
              let config = try? ConfigCheck.load(orEmbedded: file == EmbeddedConfig.file ? nil : file),
              config.bundleId == reply["bundle"]?.stringValue else { return nil }
        let kinds = config.modals.keys.sorted()
        guard !kinds.contains(kind) else { return nil }
        let hint = NearestName.suggestion(for: kind, among: kinds).map { "; did you mean \"\($0)\"?" }
            ?? (kinds.isEmpty ? "; it has none" : "; its modal kinds are " + kinds.joined(separator: ", "))
        return "--kind \"\(kind)\" is not a modal kind of the config \(file)" + hint
    }
}
