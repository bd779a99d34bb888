/// One screen of an entry's back stack (docs/CONFIG.md): a show route of the entry's tab and the params
/// its template gave, shown under the entry's screen so that Back from it lands on this one.
package struct BackStackScreen: Sendable, Hashable {
    package var route: String
    package var tab: String
    package var params: RouteParams

    package init(route: String, tab: String, params: RouteParams) {
        self.route = route
        self.tab = tab
        self.params = params
    }
}
