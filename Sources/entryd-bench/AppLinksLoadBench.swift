import EntryRouter

/// Loading a config whose one host, with a hundred route patterns, links an `assetlinks.json` of
/// many dynamic App Link components: wall ms for `Config.load` (the file read, its components
/// checked against the routes) and for building the routing table from it, at 1 250 to 20 000
/// components, so that a load that is not linear in the file's size shows as a time that more
/// than doubles per row; then the same for an AndroidManifest.xml of a quarter as many filters.
///
/// `APPLINKS_SIZES` (a comma-separated list of component counts) narrows a run.
enum AppLinksLoadBench {
    static let sizes = HandoffBench.environment("APPLINKS_SIZES")
        .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_250, 2_500, 5_000, 10_000, 20_000]

    static func run() {
        print("applinks: load a config and an assetlinks.json of N dynamic components; wall ms, load \(RoutingBench.loadAverage())")
        print(RoutingBench.pad("components", 12) + RoutingBench.pad("file KiB", 10) + RoutingBench.pad("load ms", 10)
              + RoutingBench.pad("table ms", 10) + "ns per component")
        for size in sizes {
            let file = assetLinks(components: size)
            let clock = ContinuousClock()
            let start = clock.now
            let config: Config
            do {
                config = try Config.load(json: Array(configJSON(manifest: false).utf8), file: "bench/app.json") { _ in file }
            } catch {
                print("applinks: the bench's config is refused: \(error)")
                return
            }
            let loaded = clock.now
            let table = RoutingTable(config: config)
            let built = clock.now
            precondition(table.route(url: "https://links.example/p/7", on: .android).successRoute != nil)
            let load = RoutingBench.milliseconds(loaded - start)
            print(RoutingBench.pad("\(size)", 12) + RoutingBench.pad("\(file.count / 1024)", 10)
                  + RoutingBench.pad(RoutingBench.fixed(load, 1), 10) + RoutingBench.pad(RoutingBench.fixed(RoutingBench.milliseconds(built - loaded), 1), 10)
                  + RoutingBench.fixed(load * 1e6 / Double(size), 0))
        }
        print(RoutingBench.pad("manifest", 16) + RoutingBench.pad("file KiB", 10) + RoutingBench.pad("load ms", 10) + "ns per filter")
        for size in sizes { manifestRow(filters: size / 4) }
    }

    /// The same host reading an AndroidManifest.xml of `filters` App Link intent filters (one
    /// activity each, a pathPrefix and a pathPattern apiece, after one for the routes' pages).
    static func manifestRow(filters: Int) {
        var xml = #"""
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <application>
            <activity android:name=".PageActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="links.example" android:pathPrefix="/page" />
                <data android:pathPrefix="/p/" />
              </intent-filter>
            </activity>

            """#
        for index in 0..<filters {
            xml += #"""
                <activity android:name=".Section\#(index)Activity" android:exported="true">
                  <!-- section \#(index) -->
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" android:host="links.example" />
                    <data android:pathPrefix="/s/\#(index)/" android:pathPattern="/p/\#(index)/.*\\.html" />
                  </intent-filter>
                </activity>

                """#
        }
        xml += "</application>\n</manifest>\n"
        let file = Array(xml.utf8)
        let grant = assetLinks(components: 1)
        let json = configJSON(manifest: true)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try Config.load(json: Array(json.utf8), file: "bench/app.json") { $0.hasSuffix(".xml") ? file : grant }
        } catch {
            print("applinks: the bench's manifest is refused: \(error)")
            return
        }
        let load = RoutingBench.milliseconds(clock.now - start)
        print(RoutingBench.pad("\(filters) filters", 16) + RoutingBench.pad("\(file.count / 1024)", 10)
              + RoutingBench.pad(RoutingBench.fixed(load, 1), 10) + RoutingBench.fixed(load * 1e6 / Double(filters), 0))
    }

    /// 102 routes on the host, so that the lint compares every component with a hundred patterns;
    /// the host names an AndroidManifest.xml when `manifest` is set.
    static func configJSON(manifest: Bool) -> String {
        let files = manifest ? #""assetlinks": "assetlinks.json", "manifest": "AndroidManifest.xml""# : #""assetlinks": "assetlinks.json""#
        let pages = (0..<100).map { #"{"name": "page\#($0)", "match": ["https://links.example/page\#($0)/:id"], "show": "home"}"# }
        return #"""
            {"bundleId": "com.example.links", "packageName": "com.example.links", "home": "home", "tabs": ["home"],
             "universalLinks": [{"host": "links.example", \#(files)}],
             "routes": [{"name": "product", "match": ["https://links.example/p/:id"], "show": "home"},
                        {"name": "section", "match": ["https://links.example/s/*rest"], "show": "home"},
                        \#(pages.joined(separator: ",\n"))]}
            """#
    }

    /// One granting statement whose components exclude and allow distinct sections in turn, with
    /// a query rule every tenth, and a last component that allows every path.
    static func assetLinks(components: Int) -> [UInt8] {
        var items: [String] = []
        items.reserveCapacity(components)
        for index in 0..<(components - 1) {
            items.append(index % 10 == 9
                ? #"{"/": "/s/\#(index)/*", "?": {"ref": "web*"}, "exclude": true}"#
                : index % 2 == 0 ? #"{"/": "/s/\#(index)/*", "exclude": true, "comments": "section \#(index)"}"# : #"{"/": "/s/\#(index)/*"}"#)
        }
        items.append(#"{"/": "*"}"#)
        let fingerprint = (0..<32).map { _ in "AB" }.joined(separator: ":")
        return Array(#"""
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.links", "sha256_cert_fingerprints": ["\#(fingerprint)"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
            \#(items.joined(separator: ",\n"))]}}}]
            """#.utf8)
    }
}
