import EntryRouter

/// The route config `serve` uses without `--config`: the MateRunner sample of SPEC §4, so that
/// `entryd serve` works out of the box.
///
/// Until the config loader (`Config.load(json:file:)`) is part of the build, `config` is the same
/// sample written out as a value; `json` is what the loader will read instead.
public enum EmbeddedConfig {
    /// The name errors and logs use for the embedded file.
    public static let file = "<embedded materunner.json>"

    public static let json = #"""
    {
      "bundleId": "com.example.materunner",
      "schemes": ["materunner"],
      "universalLinks": [{"host": "materunner.app", "paths": ["/invite/*", "NOT /records/admin/*", "/records/*"]}],
      "home": "home",
      "gates": ["signedIn"],
      "tabs": ["home", "records", "mypage"],
      "pushLinkKey": "link",
      "modals": {"permissionGuide": 0, "tutorial": 1, "invitation": 2, "updateNotice": 3, "serviceNotice": 4},
      "routes": [
        {"name": "invitation",
         "match": ["materunner://invite/:sessionId", "https://materunner.app/invite/:sessionId"],
         "push": {"type": "invitation"},
         "params": {"sessionId": "sessionId", "inviter": "inviter.name"},
         "modal": "invitation", "identity": "sessionId", "ttl": 300, "requires": ["signedIn"],
         "actions": {"accept": ["dismiss", "selectTab:home", "start:run"], "decline": ["dismiss"]}},
        {"name": "recordDetail", "match": ["materunner://records/<int:id>"], "show": "records"},
        {"name": "records", "match": ["materunner://records"], "tab": "records"}
      ]
    }
    """#

    public static let config = Config(
        bundleId: "com.example.materunner",
        schemes: ["materunner"],
        universalLinks: [UniversalLinkHost(host: "materunner.app", paths: ["/invite/*", "NOT /records/admin/*", "/records/*"])],
        home: "home",
        gates: ["signedIn"],
        tabs: ["home", "records", "mypage"],
        pushLinkKey: "link",
        modals: ["permissionGuide": 0, "tutorial": 1, "invitation": 2, "updateNotice": 3, "serviceNotice": 4],
        routes: [
            Route(name: "invitation",
                  match: ["materunner://invite/:sessionId", "https://materunner.app/invite/:sessionId"],
                  push: ["type": .string("invitation")],
                  params: ["sessionId": "sessionId", "inviter": "inviter.name"],
                  presentation: .modal(kind: "invitation"), identity: "sessionId", ttl: 300, requires: ["signedIn"],
                  actions: ["accept": [.dismiss, .selectTab("home"), .start(flow: "run")], "decline": [.dismiss]]),
            Route(name: "recordDetail", match: ["materunner://records/<int:id>"], presentation: .show(tab: "records")),
            Route(name: "records", match: ["materunner://records"], presentation: .tab("records")),
        ])
}
