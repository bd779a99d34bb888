import EntryRouter

/// The `steps` column: the steps an accepted action has yet to run, as a JSON array of the config's
/// step strings (`["selectTab:home","start:run"]`); NULL for an entry with none, which is nearly all.
package enum StepsJSON {
    /// The column's text for `steps`; nil for none.
    package static func encode(_ steps: [RouteAction]) -> [UInt8]? {
        guard !steps.isEmpty else { return nil }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, step) in steps.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(step.step, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// The steps in a column's text; nil when the text is not an array of step strings.
    package static func decode(_ text: String) -> [RouteAction]? {
        guard case .array(let items)? = try? JSONValue.parse(ArraySlice(text.utf8)) else { return nil }
        var steps: [RouteAction] = []
        for item in items {
            guard case .string(let text) = item, let step = RouteAction.parse(step: text) else { return nil }
            steps.append(step)
        }
        return steps
    }
}
