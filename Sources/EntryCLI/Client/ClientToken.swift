import EntryDaemon
import Glibc

/// The token a client shows over TCP: the first line of `--token-file`, else `ENTRYD_TOKEN`.
enum ClientToken {
    static func resolve(file: String?, address: String) throws(ClientError) -> String {
        if let file {
            let bytes: [UInt8]
            // The daemon's own limit: a token file is one line.
            switch FileBytes.read(file, limit: 4096) {
            case .success(let read): bytes = read
            case .failure(let problem): throw .tokenUnreadable(file: file, reason: problem.description)
            }
            // Trimmed as the daemon trims the file it reads.
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            let line = bytes.prefix { $0 != UInt8(ascii: "\n") }.drop(while: blank)
            let token = String(decoding: line.reversed().drop(while: blank).reversed(), as: UTF8.self)
            guard !token.isEmpty else { throw .tokenUnreadable(file: file, reason: "it holds no token") }
            return token
        }
        if let token = Environment.current["ENTRYD_TOKEN"], !token.isEmpty { return token }
        throw .tokenMissing(path: address)
    }
}
