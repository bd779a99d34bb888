import EntryRouter

/// The route config `serve` uses without `--config`: `samples/materunner.json`, compiled in so that
/// `entryd serve` works out of the box. A test checks that the two stay byte for byte the same.
package enum EmbeddedConfig {
    /// The name errors and logs use for the embedded file.
    package static let file = "<embedded samples/materunner.json>"

    package static let json = #"""
{
  "bundleId": "com.example.materunner",
  "schemes": ["materunner"],
  "universalLinks": [
    {"host": "materunner.app", "paths": ["/invite/*", "NOT /records/admin/*", "/records", "/records/*", "/r/*"]}
  ],
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
    {"name": "recordDetail",
     "match": ["materunner://records/<int:id>", "https://materunner.app/records/<int:id>"],
     "push": {"type": "record"},
     "params": {"id": "recordId"},
     "show": "records", "requires": ["signedIn"]},
    {"name": "records",
     "match": ["materunner://records", "https://materunner.app/records"],
     "tab": "records"},
    {"name": "recordShortLink",
     "match": ["materunner://r/<int:id>", "https://materunner.app/r/<int:id>"],
     "redirect": "materunner://records/:id"},
    {"name": "mypage", "match": ["materunner://mypage"], "tab": "mypage"},
    {"name": "home", "match": ["materunner://"], "tab": "home"},
    {"name": "permissionGuide",
     "match": ["materunner://guide/permission/:permission"],
     "push": {"type": "permissionGuide"},
     "params": {"permission": "permission"},
     "modal": "permissionGuide", "identity": "permission",
     "actions": {"openSettings": ["dismiss", "start:settings"], "later": ["dismiss"]}},
    {"name": "tutorial",
     "match": ["materunner://tutorial/:step"],
     "push": {"type": "tutorial"},
     "params": {"step": "step"},
     "modal": "tutorial", "ttl": 86400,
     "actions": {"done": ["dismiss"]}},
    {"name": "updateNotice",
     "match": ["materunner://notice/update"],
     "push": {"type": "updateNotice"},
     "params": {"version": "version"},
     "modal": "updateNotice", "identity": "version", "ttl": 604800,
     "actions": {"update": ["dismiss", "start:appStore"], "later": ["dismiss"]}},
    {"name": "serviceNotice",
     "match": ["materunner://notice/:noticeId"],
     "push": {"type": "serviceNotice"},
     "params": {"noticeId": "noticeId"},
     "modal": "serviceNotice", "identity": "noticeId", "ttl": 86400,
     "actions": {"close": ["dismiss"]}}
  ]
}
"""#
}
