import EntryKit

/// The operations of the wire protocol by name (docs/PROTOCOL.md, sender and scene ops), as `op`
/// spells them, with the fields each defines: a new op's name and fields are written here alone.
///
/// A name is written twice, as the case's raw value and in `named(plain:)`'s switch, which matches
/// bytes without making a string; `OpNameTests` checks every case against the switch.
package enum OpName: String, CaseIterable {
    case push, open, retract, status, watch, advance, hello
    case sceneConnect = "scene.connect"
    case sceneAppeared = "scene.appeared"
    case scenePresented = "scene.presented"
    case sceneDismissed = "scene.dismissed"
    case sceneAction = "scene.action"
    case sceneBusy = "scene.busy"
    case scenePushed = "scene.pushed"
    case sceneFinish = "scene.finish"
    case sceneBackground = "scene.background"
    case sceneGate = "scene.gate"
    case sceneReset = "scene.reset"
    case sceneHandled = "scene.handled"
    case sceneDiscarded = "scene.discarded"

    /// The fields each op defines, for strict requests (docs/PROTOCOL.md): a request that carries
    /// any other is refused, so that a misspelt `lanch` or `expiraton` never drops what it carried.
    /// `req` and `op` belong to every op. A field is added to an op here and nowhere else.
    var fields: RequestFields.FieldSet {
        switch self {
        case .push: [.payload, .fcm, .id, .collapseId, .expiration]
        case .open: [.url, .source, .id, .expiration, .platform]
        case .retract: [.id, .kind, .collapseId]
        case .status: [.limit, .after]
        case .watch: []
        case .advance: [.by]
        case .hello: [.token]
        case .sceneConnect: [.scene, .launch, .confirms]
        case .sceneAppeared, .sceneFinish: [.scene, .screen]
        case .scenePresented, .sceneDismissed: [.scene, .modal]
        case .sceneAction: [.scene, .modal, .action]
        case .sceneBusy: [.scene, .busy]
        case .scenePushed: [.scene, .screen, .parent]
        case .sceneBackground, .sceneReset, .sceneDiscarded: [.scene]
        case .sceneHandled: [.scene, .step]
        case .sceneGate: [.scene, .gate, .open]
        }
    }

    /// The operation `op` names, if any. A plain string is matched as bytes, by length first; any
    /// other is decoded and matched by name, so that `"p\u0075sh"` is `push` (plain ASCII bytes equal
    /// a name exactly when the strings are equal, see `RequestFields+Keys.swift`). The caller checked
    /// that `op` is a string.
    static func named(_ op: MemberValue, in bytes: ByteView) -> OpName? {
        if let text = op.plainText(in: bytes) { return named(plain: text) }
        return OpName(rawValue: op.string(in: bytes))
    }

    /// The operation a plain (unescaped ASCII) name spells, matched by length, then bytes.
    static func named(plain text: ByteView) -> OpName? {
        switch text.count {
        case 4:
            if text.holds("push") { return .push }
            if text.holds("open") { return .open }
        case 5:
            if text.holds("watch") { return .watch }
            if text.holds("hello") { return .hello }
        case 6:
            if text.holds("status") { return .status }
        case 7:
            if text.holds("retract") { return .retract }
            if text.holds("advance") { return .advance }
        case 10:
            if text.holds("scene.busy") { return .sceneBusy }
            if text.holds("scene.gate") { return .sceneGate }
        case 11:
            if text.holds("scene.reset") { return .sceneReset }
        case 12:
            if text.holds("scene.action") { return .sceneAction }
            if text.holds("scene.pushed") { return .scenePushed }
            if text.holds("scene.finish") { return .sceneFinish }
        case 13:
            if text.holds("scene.connect") { return .sceneConnect }
            if text.holds("scene.handled") { return .sceneHandled }
        case 14:
            if text.holds("scene.appeared") { return .sceneAppeared }
        case 15:
            if text.holds("scene.presented") { return .scenePresented }
            if text.holds("scene.dismissed") { return .sceneDismissed }
            if text.holds("scene.discarded") { return .sceneDiscarded }
        case 16:
            if text.holds("scene.background") { return .sceneBackground }
        default:
            break
        }
        return nil
    }
}
