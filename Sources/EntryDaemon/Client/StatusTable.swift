import EntryRouter

/// Renders a `status` reply for people: one table of scenes, one of pending entries, and the counts.
public enum StatusTable {
    public static func render(_ reply: JSONValue) -> String {
        var lines: [String] = []
        let scenes = array(reply["scenes"])
        if scenes.isEmpty {
            lines.append("scenes: none connected")
        } else {
            var rows = [["SCENE", "READY", "BUSY", "TAB", "ACTIVE", "QUEUE"]]
            for scene in scenes {
                let active = scene["active"].flatMap { a -> String? in
                    guard let kind = a["kind"]?.stringValue, let entry = a["entry"]?.stringValue else { return nil }
                    return "\(kind) (\(entry))"
                } ?? "-"
                let queue = array(scene["queue"]).compactMap(\.stringValue)
                rows.append([scene["scene"]?.stringValue ?? "?", yesNo(scene["ready"]), yesNo(scene["busy"]),
                             scene["tab"]?.stringValue ?? "-", active, queue.isEmpty ? "-" : queue.joined(separator: ",")])
            }
            lines.append(contentsOf: table(rows))
        }
        lines.append("")
        let pending = array(reply["pending"])
        if pending.isEmpty {
            lines.append("pending: none")
        } else {
            var rows = [["PENDING", "ROUTE", "SOURCE", "FOR SCENE"]]
            for entry in pending {
                rows.append([entry["id"]?.stringValue ?? "?", entry["route"]?.stringValue ?? "?",
                             entry["source"]?.stringValue ?? "?", entry["scene"]?.stringValue ?? "any"])
            }
            lines.append(contentsOf: table(rows))
        }
        lines.append("")
        if case .object(let counts)? = reply["counts"] {
            let states = EntryState.allCases.map(\.rawValue)
            let known = states.filter { counts[$0] != nil } + counts.keys.filter { !states.contains($0) }.sorted()
            lines.append("counts: " + known.map { "\($0)=\(number(counts[$0]))" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    private static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
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
