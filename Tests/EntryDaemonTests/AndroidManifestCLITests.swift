import EntryDaemon
import EntrySystem
import Glibc
import Testing

/// A host's AndroidManifest.xml from the command line: read only as a regular file within the
/// linked-file limit, named by `route --android` when one of its filters decides, and compared
/// with iOS's rules by `check-config`.
@Suite(.serialized) struct AndroidManifestCLITests {
    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
          <application>
            <activity android:name=".ItemActivity">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" android:pathPrefix="/items/" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    /// A config whose host's iOS rules allow items and help pages, and whose manifest only items.
    static func writeConfig(_ directory: TemporaryDirectory, manifest: String? = AndroidManifestCLITests.manifest) -> String {
        let config = """
            {"bundleId": "com.example.x", "packageName": "com.example.x", "home": "home", "tabs": ["home"],
             "universalLinks": [{"host": "example.com", "paths": ["/items/*", "/help/*"], "assetlinks": "assetlinks.json",
                                 "manifest": "app/src/main/AndroidManifest.xml"}],
             "routes": [{"name": "item", "match": ["https://example.com/items/:id"], "show": "home"},
                        {"name": "help", "match": ["https://example.com/help/:topic"], "show": "home"}]}
            """
        let assetlinks = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.x", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
        #expect(writeFile(directory.file("cfg.json"), Array(config.utf8)))
        #expect(writeFile(directory.file("assetlinks.json"), Array(assetlinks.utf8)))
        #expect(mkdir(directory.file("app"), 0o700) == 0 && mkdir(directory.file("app/src"), 0o700) == 0 && mkdir(directory.file("app/src/main"), 0o700) == 0)
        if let manifest { #expect(writeFile(directory.file("app/src/main/AndroidManifest.xml"), Array(manifest.utf8))) }
        return directory.file("cfg.json")
    }

    @Test func routeNamesTheIntentFilterThatDecided() {
        let directory = TemporaryDirectory()
        let config = Self.writeConfig(directory)
        let item = Spawned.run(Spawned.entryd, ["route", "--config", config, "--android", "https://example.com/items/7"])
        #expect(item.waitForExit() == 0)
        #expect(item.stdoutText.contains(#"Android App Link allowed by "intent-filter at line 4 (activity .ItemActivity)" in the app/src/main/AndroidManifest.xml of example.com"#),
                "\(item.stdoutText)")
        let help = Spawned.run(Spawned.entryd, ["route", "--config", config, "--android", "https://example.com/help/a"])
        #expect(help.waitForExit() == 1)
        #expect(help.stdoutText.contains("Android App Link refused: no rule in the app/src/main/AndroidManifest.xml of example.com matches"), "\(help.stdoutText)")
    }

    @Test func checkConfigWarnsForAPatternAndroidOpensInTheBrowser() {
        let directory = TemporaryDirectory()
        let check = Spawned.run(Spawned.entryd, ["check-config", Self.writeConfig(directory)])
        #expect(check.waitForExit() == 0)
        #expect(check.stdoutText.contains(#"warning: route "help": match[0]: "https://example.com/help/:topic": iOS allows it but Android refuses it"#),
                "\(check.stdoutText)\(check.stderrText)")
    }

    @Test(arguments: ["fifo", "large"])
    func aManifestThatIsNotARegularFileOrTooLargeIsRefused(kind: String) {
        let directory = TemporaryDirectory()
        let config = Self.writeConfig(directory, manifest: nil)
        let path = directory.file("app/src/main/AndroidManifest.xml")
        let said: String
        if kind == "fifo" {
            #expect(mkfifo(path, 0o600) == 0)
            said = "it is a FIFO, not a regular file"
        } else {
            #expect(writeFile(path, Array(repeating: UInt8(ascii: " "), count: RegularFile.linkedLimit + 1)))
            said = "it has \(RegularFile.linkedLimit + 1) bytes, over the limit of \(RegularFile.linkedLimit)"
        }
        let run = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", ":memory:", "--config", config])
        #expect(run.waitForExit() == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("universalLinks[0].manifest: cannot read \(path): \(said)"), "\(run.stderrText)")
    }
}
