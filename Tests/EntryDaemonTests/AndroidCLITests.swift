import EntryCLI
import EntryDaemon
import Glibc
import Testing

/// Android from the command line, as a user runs it: FCM message files, `open --android`,
/// `route --android` and `check-config`'s warning for a link the two platforms read apart.
@Suite(.serialized) struct AndroidCLITests {
    static let assetlinks = """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.x", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {
            "dynamic_app_link_components": [{"/": "/items/admin/*", "exclude": true}, {"/": "/items/*"}]}}}]
        """

    /// A config whose host's iOS rules (`paths`) allow every item and whose Android rules do not.
    static func writeConfig(_ directory: TemporaryDirectory) -> String {
        let config = """
            {"bundleId": "com.example.x", "packageName": "com.example.x", "home": "home", "tabs": ["home"],
             "universalLinks": [{"host": "example.com", "paths": ["/items/*"], "assetlinks": "assetlinks.json"}],
             "routes": [{"name": "item", "match": ["https://example.com/items/:id"], "show": "home"},
                        {"name": "admin", "match": ["https://example.com/items/admin/:id"], "show": "home"}]}
            """
        #expect(writeFile(directory.file("cfg.json"), Array(config.utf8)))
        #expect(writeFile(directory.file("assetlinks.json"), Array(assetlinks.utf8)))
        return directory.file("cfg.json")
    }

    @Test(arguments: [[], ["--fcm"]])
    func anFCMFileIsPushedAsItsAPNsTwin(_ flags: [String]) {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let push = Spawned.run(Spawned.entryd, ["push", CLITests.sample("apns/materunner-invitation.fcm.json"), "--id", "invite-1",
                                                "--socket", daemon.socket] + flags)
        #expect(push.waitForExit() == 0)
        #expect(push.stdoutText == "id=invite-1 route=invitation state=pending params: inviter=Mina sessionId=run-42\n")
    }

    @Test func checkConfigWarnsForALinkThePlatformsReadApartAndExits0() {
        let directory = TemporaryDirectory()
        let check = Spawned.run(Spawned.entryd, ["check-config", Self.writeConfig(directory)])
        #expect(check.waitForExit() == 0)
        #expect(check.stdoutText.contains(#"warning: route "admin": match[0]: "https://example.com/items/admin/:id": iOS allows it but Android refuses it"#),
                "\(check.stdoutText)\(check.stderrText)")
        #expect(check.stdoutText.contains("opens the app on iOS and the browser on Android"))
    }

    @Test func openAndRouteTakeAndroid() {
        let directory = TemporaryDirectory()
        let config = Self.writeConfig(directory)
        let route = Spawned.run(Spawned.entryd, ["route", "--config", config, "--android", "https://example.com/items/admin/1"])
        #expect(route.waitForExit() == 1)
        #expect(route.stdoutText.contains(#"Android App Link refused by "[0].dynamic_app_link_components[0] (exclude)" in the assetlinks.json of example.com"#),
                "\(route.stdoutText)")
        let daemon = LiveDaemon(["--store", ":memory:", "--config", config])
        let ios = Spawned.run(Spawned.entryd, ["open", "https://example.com/items/admin/1", "--socket", daemon.socket])
        #expect(ios.waitForExit() == 0)
        let android = Spawned.run(Spawned.entryd, ["open", "--android", "https://example.com/items/admin/1", "--socket", daemon.socket])
        #expect(android.waitForExit() != 0)
        #expect(android.stderrText.contains("not_allowed"), "\(android.stderrText)")
        #expect(Spawned.run(Spawned.entryd, ["open", "--android", "https://example.com/items/7", "--socket", daemon.socket]).waitForExit() == 0)
    }
}
