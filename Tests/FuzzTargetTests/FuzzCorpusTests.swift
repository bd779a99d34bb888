import Foundation
import FuzzTargets
import Testing

/// Every input under `Tests/FuzzCorpus/<target>/` goes through its target once: the seeds
/// `scripts/fuzz` starts from, and each input that ever stopped a fuzzing run (`crash-*`,
/// `timeout-*`, kept there by the script), so a fixed crash stays fixed. A check that fails stops
/// the test run, as it stopped the fuzzer.
@Suite struct FuzzCorpusTests {
    static let corpus: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/FuzzCorpus"
    }()

    @Test(arguments: FuzzTarget.allCases)
    func corpusReplays(_ target: FuzzTarget) throws {
        let directory = Self.corpus + "/" + target.rawValue
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(!names.isEmpty, "\(directory) holds no inputs")
        for name in names {
            let bytes = try #require(FileManager.default.contents(atPath: directory + "/" + name), "\(name)")
            target.run(Array(bytes))
        }
    }
}
