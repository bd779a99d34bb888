import Glibc
import Testing

/// The examples of the README and docs/ work on a machine that `scripts/setup` made: a command that
/// setup does not install is used only in an example that installs it.
@Suite struct DocExampleTests {
    /// Commands the examples may want that `scripts/setup` does not install, even with `bench`.
    static let notInstalled = ["socat", "jq", "nc", "ncat", "curl"]

    /// README.md, samples/README.md and every page of docs/.
    static var pages: [String] {
        var pages = ["README.md", "samples/README.md"]
        if let directory = opendir(repositoryRoot + "/docs") {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".md") { pages.append("docs/" + name) }
            }
            closedir(directory)
        }
        return pages.sorted()
    }

    @Test func aCommandSetupDoesNotInstallComesWithTheLineThatInstallsIt() throws {
        #expect(Self.pages.contains("docs/PROTOCOL.md"))
        for page in Self.pages {
            let text = String(decoding: try #require(fileBytes(repositoryRoot + "/" + page), "\(page)"), as: UTF8.self)
            // An example is a run of lines indented by four spaces (blank lines within it included).
            var blocks: [[Substring]] = [[]]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("    ") || (line.allSatisfy(\.isWhitespace) && !(blocks[blocks.count - 1].isEmpty)) {
                    blocks[blocks.count - 1].append(line)
                } else if !blocks[blocks.count - 1].isEmpty {
                    blocks.append([])
                }
            }
            for block in blocks {
                for command in Self.notInstalled {
                    let install = block.contains { $0.contains("apt-get install -y") && $0.split(separator: " ").contains(Substring(command)) }
                    let uses = block.filter { !$0.contains("apt-get install") && $0.split(separator: " ").contains(Substring(command)) }
                    #expect(uses.isEmpty || install, "\(page): \(command) is used without the line that installs it: \(uses)")
                }
            }
        }
    }
}
