/// The elements of an XML file and their attributes, for reading an app's `AndroidManifest.xml`:
/// a small reader written here rather than Foundation's `XMLParser`, because the engine stays pure
/// Swift (it is embedded in apps and runs in their tests on every platform, where FoundationXML
/// and libxml2 are not there to link), and a manifest needs only elements, attributes, comments,
/// processing instructions, CDATA and the predefined and numeric character references.
///
/// One pass over the bytes, so reading is linear in the file's size. A `<!DOCTYPE>` is refused:
/// no manifest has one, and its entity declarations are how XML files grow without end.
struct XMLDocument {
    struct Element {
        /// As written, prefix and all (`intent-filter`).
        var name: String
        /// Each attribute with its namespace URI resolved from the `xmlns` declarations in scope
        /// (nil without a prefix), its local name, and its value with references replaced.
        var attributes: [(namespace: String?, name: String, value: String)]
        var line: Int
        var children: [Element]

        func attribute(_ name: String, namespace: String?) -> String? {
            attributes.first { $0.name == name && $0.namespace == namespace }?.value
        }
    }

    /// Why the bytes are not well-formed XML, and where.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var problem: String
    }

    let root: Element

    init(bytes: [UInt8]) throws(SyntaxError) {
        var parser = Parser(bytes: bytes)
        root = try parser.document()
    }
}

extension XMLDocument {
    /// A cursor over the bytes, with the element stack and namespace scopes of the place it is at.
    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        }

        mutating func document() throws(SyntaxError) -> Element {
            var root: Element?
            /// Open elements, each with the namespace prefixes it declared.
            var open: [(element: Element, namespaces: [String: String])] = []
            while true {
                skipText()
                guard at < bytes.count else { break }
                if take("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if take("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if take("<![CDATA[") {
                    try skip(past: "]]>", what: "CDATA section")
                } else if take("<!") {
                    throw fail("a <!DOCTYPE> or other declaration: an AndroidManifest.xml has none, and entryd does not read them")
                } else if take("</") {
                    let name = try self.name()
                    skipSpace()
                    guard take(">") else { throw fail("expected > to close </\(name)") }
                    guard let last = open.popLast() else { throw fail("</\(name)> closes no element") }
                    guard last.element.name == name else {
                        throw fail("</\(name)> closes <\(last.element.name)> (line \(last.element.line))")
                    }
                    if open.isEmpty {
                        root = last.element
                    } else {
                        open[open.count - 1].element.children.append(last.element)
                    }
                } else {
                    at += 1
                    guard open.isEmpty ? root == nil : true else { throw fail("a second top-level element after </\(root?.name ?? "")>") }
                    let startLine = line
                    let name = try self.name()
                    var raw: [(name: String, value: String)] = []
                    var selfClosing = false
                    while true {
                        skipSpace()
                        if take("/>") {
                            selfClosing = true
                            break
                        }
                        if take(">") { break }
                        let attribute = try self.name()
                        skipSpace()
                        guard take("=") else { throw fail("expected = after the attribute \(attribute)") }
                        skipSpace()
                        let value = try quoted()
                        guard !raw.contains(where: { $0.name == attribute }) else { throw fail("the attribute \(attribute) is written twice") }
                        raw.append((attribute, value))
                    }
                    var namespaces = open.last?.namespaces ?? [:]
                    for (attribute, value) in raw where attribute.hasPrefix("xmlns:") {
                        namespaces[String(attribute.dropFirst(6))] = value
                    }
                    let attributes = raw.filter { $0.name != "xmlns" && !$0.name.hasPrefix("xmlns:") }.map { attribute in
                        guard let colon = attribute.name.firstIndex(of: ":") else { return (String?.none, attribute.name, attribute.value) }
                        let prefix = String(attribute.name[..<colon])
                        // An undeclared `android:` prefix is taken for Android's namespace, as the
                        // build tools would complain of it rather than read the file otherwise.
                        let namespace = namespaces[prefix] ?? (prefix == "android" ? AndroidManifest.namespace : prefix)
                        return (namespace, String(attribute.name[attribute.name.index(after: colon)...]), attribute.value)
                    }
                    let element = Element(name: name, attributes: attributes, line: startLine, children: [])
                    if selfClosing {
                        if open.isEmpty { root = element } else { open[open.count - 1].element.children.append(element) }
                    } else {
                        open.append((element, namespaces))
                    }
                }
            }
            if let unclosed = open.last { throw fail("<\(unclosed.element.name)> (line \(unclosed.element.line)) is never closed") }
            guard let root else { throw fail("no element: the file is not XML") }
            return root
        }

        // MARK: Pieces

        private mutating func advance() {
            if bytes[at] == UInt8(ascii: "\n") {
                line += 1
                lineStart = at + 1
            }
            at += 1
        }

        private mutating func take(_ text: StaticString) -> Bool {
            let matches = text.withUTF8Buffer { expected in
                at + expected.count <= bytes.count && (0..<expected.count).allSatisfy { bytes[at + $0] == expected[$0] }
            }
            if matches { at += text.utf8CodeUnitCount }
            return matches
        }

        private mutating func skipText() {
            while at < bytes.count, bytes[at] != UInt8(ascii: "<") { advance() }
        }

        private mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { advance() }
        }

        private mutating func skip(past end: StaticString, what: String) throws(SyntaxError) {
            let startLine = line
            while at < bytes.count {
                if take(end) { return }
                advance()
            }
            throw fail("the \(what) that starts on line \(startLine) is never closed")
        }

        private mutating func name() throws(SyntaxError) -> String {
            let start = at
            while at < bytes.count, !Self.endsName(bytes[at]) { at += 1 }
            guard at > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "<"),
             UInt8(ascii: "\""), UInt8(ascii: "'")].contains(byte)
        }

        /// A quoted attribute value, its references replaced.
        private mutating func quoted() throws(SyntaxError) -> String {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                throw fail("expected a quoted attribute value")
            }
            let quote = bytes[at]
            at += 1
            var value: [UInt8] = []
            while at < bytes.count, bytes[at] != quote {
                if bytes[at] == UInt8(ascii: "<") { throw fail("a < inside an attribute value (write &lt;)") }
                if bytes[at] == UInt8(ascii: "&") {
                    value += try reference()
                } else {
                    value.append(bytes[at])
                    advance()
                }
            }
            guard at < bytes.count else { throw fail("an attribute value is never closed") }
            at += 1
            return String(decoding: value, as: UTF8.self)
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;`, as UTF-8.
        private mutating func reference() throws(SyntaxError) -> [UInt8] {
            let start = at
            guard let semicolon = bytes[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw fail("a & that starts no reference (write &amp;)")
            }
            let body = String(decoding: bytes[(at + 1)..<semicolon], as: UTF8.self)
            at = semicolon + 1
            let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let text = named[body] { return Array(text.utf8) }
            if body.hasPrefix("#") {
                let digits = body.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value, let scalar = Unicode.Scalar(value) { return Array(String(Character(scalar)).utf8) }
            }
            at = start
            throw fail("&\(body); is not a reference XML defines (&amp; &lt; &gt; &quot; &apos; &#NN; &#xHH;)")
        }

        private func fail(_ problem: String) -> SyntaxError {
            SyntaxError(line: line, column: at - lineStart + 1, problem: problem)
        }
    }
}
