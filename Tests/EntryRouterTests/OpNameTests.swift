import EntryKit
@testable import EntryRouter
import Testing

/// The op names are matched as bytes by a hand-written switch beside the enum's raw values; every
/// case must be found by its own name, and near misses by none.
@Suite struct OpNameTests {
    @Test(arguments: OpName.allCases)
    func everyOpIsFoundByItsName(op: OpName) {
        #expect(op.rawValue.withUTF8View { OpName.named(plain: $0) } == op)
    }

    @Test(arguments: ["", "pus", "pushh", "Push", "scene.", "scene.connecT", "scene.backgroun"])
    func aNearMissIsNoOp(name: String) {
        #expect(name.withUTF8View { OpName.named(plain: $0) } == nil)
    }

    @Test func anEscapedNameIsStillItsOp() throws {
        let line = Array(#"{"op":"st\u0061tus","req":1}"#.utf8)
        let request = try Request.decode(line: line[...]).get()
        guard case .status = request.op else { Issue.record("decoded as \(request.op)"); return }
    }
}
