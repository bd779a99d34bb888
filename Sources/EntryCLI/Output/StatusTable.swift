import EntryRouter

/// Renders a `status` reply for people: one table of scenes, one of pending entries, and the counts.
package enum StatusTable {
    /// `now` (epoch seconds, the unit of `received` and `expires`) gives each pending entry its age and
    /// the time it has left; without it those columns are left out. `repeating`: the flags the
    /// command for the next page repeats after its `--after` (`--limit`, `--socket`, …), as words.
    package static func render(_ reply: JSONValue, now: Double? = nil, repeating flags: [String] = []) -> String {
        var lines: [String] = []
        if let bundle = reply["bundle"]?.stringValue {
            lines.append("serving: \(bundle) from \(reply["config"]?.stringValue ?? "a config built in code")")
            lines.append("")
        }
        let scenes = array(reply["scenes"])
        if scenes.isEmpty {
            lines.append("scenes: none connected")
        } else {
            var rows = [["SCENE", "READY", "BUSY", "GATES", "TAB", "ACTIVE", "QUEUE"]]
            for scene in scenes {
                let active = scene["active"].flatMap { a -> String? in
                    guard let kind = a["kind"]?.stringValue, let entry = a["entry"]?.stringValue else { return nil }
                    return "\(kind) (\(entry))"
                } ?? "-"
                let queue = array(scene["queue"]).compactMap(\.stringValue)
                rows.append([scene["scene"]?.stringValue ?? "?", yesNo(scene["ready"]), yesNo(scene["busy"]), gates(scene["gates"]),
                             scene["tab"]?.stringValue ?? "-", active, queue.isEmpty ? "-" : queue.joined(separator: ",")])
            }
            lines.append(contentsOf: table(rows))
        }
        lines.append("")
        let pending = array(reply["pending"])
        if pending.isEmpty {
            lines.append("pending: none")
        } else {
            var rows = [["PENDING", "ROUTE", "SOURCE", "FOR SCENE"] + (now == nil ? [] : ["AGE", "LEFT"])]
            for entry in pending {
                var row = [entry["id"]?.stringValue ?? "?", entry["route"]?.stringValue ?? "?",
                           entry["source"]?.stringValue ?? "?", entry["scene"]?.stringValue ?? "any"]
                if let now {
                    row.append(seconds(entry["received"]).map { duration(now - $0) } ?? "?")
                    row.append(seconds(entry["expires"]).map { $0 < now ? "expired" : duration($0 - now) } ?? "no expiry")
                }
                rows.append(row)
            }
            lines.append(contentsOf: table(rows))
            if case .number(let total)? = reply["counts"]?["pending"], Int(total) > pending.count {
                lines.append("(\(pending.count) of \(Int(total)) pending entries, in arrival order)")
            }
            if let next = reply["next"]?.stringValue {
                lines.append("more: " + (["entryd", "status", "--after", next] + flags).map(shellWord).joined(separator: " "))
            }
        }
        lines.append("")
        if case .object(let counts)? = reply["counts"] {
            let states = EntryState.allCases.map(\.rawValue)
            let known = states.filter { counts[$0] != nil } + counts.keys.filter { !states.contains($0) }.sorted()
            lines.append("counts: " + known.map { "\($0)=\(number(counts[$0]))" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// `word` as a shell reads it back: as it is when it holds nothing a shell treats specially,
    /// else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=,+@%".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    private static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    /// Every named gate with its state, `signedIn=open,adultVerified=closed`, or `-` for none.
    private static func gates(_ value: JSONValue?) -> String {
        guard case .object(let gates)? = value, !gates.isEmpty else { return "-" }
        return gates.keys.sorted().map { "\($0)=\(gates[$0] == .bool(true) ? "open" : "closed")" }.joined(separator: ",")
    }

    private static func seconds(_ value: JSONValue?) -> Double? {
        if case .number(let d)? = value { return d }
        return nil
    }

    /// `45s`, `3m05s`, `2h07m`, `3d04h`: whole units, largest first.
    static func duration(_ seconds: Double) -> String {
        let s = Int64(max(0, seconds).rounded(.down))
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m\(two(s % 60))s" }
        if s < 86400 { return "\(s / 3600)h\(two(s % 3600 / 60))m" }
        return "\(s / 86400)d\(two(s % 86400 / 3600))h"
    }

    private static func yesNo(_ value: JSONValue?) -> String {
        if case .bool(true)? = value { return "yes" }
        return "no"
    }

    private static func number(_ value: JSONValue?) -> String {
        if case .number(let d)? = value, d == d.rounded() { return String(Int64(d)) }
        return "?"
    }

    /// Left-aligned columns two spaces apart.
    private static func table(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
    }
}
